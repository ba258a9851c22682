/**
 * Runs one vector file's text with the libraries' own runners and compares
 * the result with its `expected` as the file states it. On the parity page
 * this runs in the browser, with the bundled libraries: that is what makes a
 * pass there mean the browser build agrees with the server.
 */
import { runGenuiParityVector, type GenuiParityRun } from "@/lib/genui/parity/run-genui-parity-vector";
import { GenuiParityInputSchema } from "@/lib/genui/parity/genui-parity-vector";
import { runUiParityVector, type UiParityRun } from "@/lib/ui/parity/run-ui-parity-vector";
import { UiParityInputSchema } from "@/lib/ui/parity/ui-parity-vector";
import { jsonDifference } from "./json-difference";

/** A vector's run: the result as JSON, where it first differs from the expected one (undefined: it passes), and what to draw. */
export type ParityVectorRun = {
  actual: unknown;
  difference: string | undefined;
} & ({ dialect: "ui"; run: UiParityRun } | { dialect: "octo-ui"; surface: "fence" | "tool"; run: GenuiParityRun });

/** Runs the vector in `json` (a file of fixtures/parity); throws only for a file that is not a vector. */
export function runParityVector(json: string): ParityVectorRun {
  const { expected, ...input } = JSON.parse(json) as Record<string, unknown>;
  if (input.dialect === "ui") {
    const run = runUiParityVector(UiParityInputSchema.parse(input));
    const actual: unknown = JSON.parse(JSON.stringify(run.result));
    return { dialect: "ui", run, actual, difference: jsonDifference(actual, expected) };
  }
  const vector = GenuiParityInputSchema.parse(input);
  const run = runGenuiParityVector(vector);
  const actual: unknown = JSON.parse(JSON.stringify(run.result));
  return { dialect: "octo-ui", surface: vector.surface, run, actual, difference: jsonDifference(actual, expected) };
}
