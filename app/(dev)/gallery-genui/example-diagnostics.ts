import { genuiLint, parseGenuiSpec } from "@/lib/genui";
import type { GenuiExample } from "./load-genui-examples";

/** What the parser and the linter say of an example, one line each (shown under it). */
export function diagnosticLines(example: GenuiExample): string[] {
  const parsed = parseGenuiSpec(JSON.parse(example.specJson), { surface: example.surface });
  const lint = parsed.spec === null ? [] : genuiLint(parsed.spec);
  return [...parsed.diagnostics, ...lint].map((diagnostic) => `${diagnostic.code} at ${diagnostic.path || "(spec)"}: ${diagnostic.message}`);
}
