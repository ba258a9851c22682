/**
 * Numbers as widgets show them: grouped digits with up to three decimals, in
 * the one locale `@Format` uses (en-US), so a figure reads the same on the
 * server, in every browser and in the model's own `@Format` output.
 */
import { formatUiValue } from "@/lib/ui/expression";

/** A finite number as text (`1,234.5`); anything else as `String` of it. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return formatUiValue(value, "number") ?? "";
}

/** A signed change: `+12`, `−3.5` (a true minus sign), `0`. */
export function formatSignedNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = formatNumber(Math.abs(value));
  if (value > 0) return `+${magnitude}`;
  if (value < 0) return `\u2212${magnitude}`;
  return magnitude;
}
