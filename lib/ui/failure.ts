import { uiFailureMessage, type UiFailureCode } from "./diagnostics/codes";
import type { UiDiagnostic, UiRange } from "./envelope/schema";

/**
 * A refusal: the one error type the library's functions throw. Everything else
 * a function might meet (engine errors, stack overflows) is caught inside and
 * turned into a `UiFailure` with code `internal` before it leaves the API.
 */
export class UiFailure extends Error {
  /** Machine-readable refusal code. */
  readonly code: UiFailureCode;
  /** Where in the source the refusal applies, when known (offsets in the expression or block body). */
  readonly range?: UiRange;

  constructor(code: UiFailureCode, detail?: string, range?: UiRange) {
    super(uiFailureMessage(code, detail));
    this.name = "UiFailure";
    this.code = code;
    if (range) this.range = range;
  }
}

/** True when a caught value is a `UiFailure`. */
export function isUiFailure(caught: unknown): caught is UiFailure {
  return caught instanceof UiFailure;
}

/** Wraps anything caught into a `UiFailure`; a foreign error becomes `internal` without leaking its text. */
export function toUiFailure(caught: unknown): UiFailure {
  if (caught instanceof UiFailure) return caught;
  if (caught instanceof RangeError) return new UiFailure("budget_depth");
  return new UiFailure("internal");
}

/** Turns a caught failure into a diagnostic (code, message, range, node id). */
export function uiDiagnostic(caught: unknown, range?: UiRange, nodeId?: string): UiDiagnostic {
  const failure = toUiFailure(caught);
  const diagnostic: UiDiagnostic = {
    code: failure.code,
    message: failure.message,
    range: range ?? failure.range ?? { start: 0, end: 0 },
  };
  if (nodeId !== undefined) diagnostic.nodeId = nodeId;
  return diagnostic;
}
