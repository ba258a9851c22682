/**
 * The diagnostic record and the collector every GenUI function reports into.
 * Diagnostics are data: nothing in the dialect throws past its public API.
 */
import { z } from "zod";
import { GENUI_BUDGETS } from "../limits";
import { GENUI_DIAGNOSTIC_MESSAGES, genuiDiagnosticMessage, type GenuiDiagnosticCode } from "./codes";
import type { GenuiPath } from "./path";

const CODES = Object.keys(GENUI_DIAGNOSTIC_MESSAGES) as [GenuiDiagnosticCode, ...GenuiDiagnosticCode[]];

/**
 * One trim, drop or piece of advice: `code` from `GENUI_DIAGNOSTIC_MESSAGES`,
 * `path` a JSON path string into the spec such as `items[3].children[0].text`
 * ("" for the spec itself), `message` its wording with any detail.
 */
export const GenuiDiagnosticSchema = z.object({
  code: z.enum(CODES),
  path: z.string(),
  message: z.string(),
});

/** One trim, drop or piece of advice about a spec; see `GenuiDiagnosticSchema`. */
export type GenuiDiagnostic = z.infer<typeof GenuiDiagnosticSchema>;

/** Collects diagnostics up to `GENUI_BUDGETS.diagnostics`, then counts the rest. */
export class GenuiDiagnosticCollector {
  private readonly kept: GenuiDiagnostic[] = [];
  private omitted = 0;

  /** Records one diagnostic at a path (a `GenuiPath` or an already printed path string). */
  report(code: GenuiDiagnosticCode, path: GenuiPath | string, detail?: string): void {
    if (this.kept.length >= GENUI_BUDGETS.diagnostics) {
      this.omitted += 1;
      return;
    }
    this.kept.push({ code, path: String(path), message: genuiDiagnosticMessage(code, detail) });
  }

  /** Adds diagnostics raised elsewhere (for example by the fence reader), under the same budget. */
  append(diagnostics: readonly GenuiDiagnostic[]): void {
    for (const diagnostic of diagnostics) {
      if (this.kept.length >= GENUI_BUDGETS.diagnostics) this.omitted += 1;
      else this.kept.push(diagnostic);
    }
  }

  /** The diagnostics, ending with one `too_many_diagnostics` when some were left out. */
  finish(): GenuiDiagnostic[] {
    if (this.omitted === 0) return this.kept;
    return [
      ...this.kept,
      { code: "too_many_diagnostics", path: "", message: genuiDiagnosticMessage("too_many_diagnostics", `${this.omitted} more`) },
    ];
  }
}
