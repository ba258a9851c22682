/**
 * The lines of a reply's details disclosure: which model wrote it, its token
 * counts (marked as estimates when the provider reported none) and how long
 * the server spent compiling it.
 */
import type { ReplyUsage } from "@/lib/chat/records/reply-usage";

/** Digits grouped the same way on server and browser, so the first render matches. */
const NUMBER_FORMAT = new Intl.NumberFormat("en-US");

/** One row of the details: a label and its value. */
export type ReplyDetail = { label: string; value: string };

/** "12 ms" below a second, "1.4 s" from one. */
function formatDuration(milliseconds: number): string {
  if (milliseconds < 1_000) return `${NUMBER_FORMAT.format(Math.round(milliseconds))} ms`;
  return `${(milliseconds / 1_000).toFixed(1)} s`;
}

function formatCount(count: number | null): string {
  return count === null ? "unknown" : NUMBER_FORMAT.format(count);
}

/** The details of a reply by `modelName` (id `modelId`) with `usage` (absent for replies stored before it was kept, and while one streams). */
export function replyDetails(input: { modelName: string; modelId: string; usage: ReplyUsage | undefined }): ReplyDetail[] {
  const rows: ReplyDetail[] = [{ label: "Model", value: input.modelName === input.modelId ? input.modelId : `${input.modelName} (${input.modelId})` }];
  const usage = input.usage;
  if (usage === undefined) return rows;
  const estimated = usage.reported ? "" : " (estimated)";
  rows.push({ label: "Tokens", value: `${formatCount(usage.inputTokens)} in / ${formatCount(usage.outputTokens)} out${estimated}` });
  rows.push({ label: "Compile time", value: formatDuration(usage.compileMs) });
  return rows;
}

/** The details as one line, for a tooltip. */
export function replyDetailsText(rows: readonly ReplyDetail[]): string {
  return rows.map((row) => `${row.label}: ${row.value}`).join(" · ");
}
