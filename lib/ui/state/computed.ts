/**
 * Computed declarations (`$failed = @Filter($runs, r, r.failed)`): read-only
 * values evaluated from state, query data and other computed values. They are
 * evaluated in dependency order without recursion, so a long chain cannot
 * overflow the stack and a cycle is found and reported instead of looping.
 */
import type { UiDiagnostic, UiRange } from "../envelope/schema";
import type { UiExpression } from "../expression/ast";
import type { UiBudget } from "../expression/budget";
import { evaluateUiExpression } from "../expression/evaluate";
import type { UiRecord, UiValue } from "../expression/value";
import { uiDiagnosticMessage } from "../diagnostics/codes";
import { uiDiagnostic, type UiFailure } from "../failure";

/** One computed declaration, parsed once per `sync`. */
export type UiComputedDefinition = {
  /** The declared name without `$`. */
  name: string;
  /** The parsed expression, or the failure that kept it from parsing. */
  parsed: { ast: UiExpression; reads: readonly string[] } | { failure: UiFailure };
  /** Where the declaration stands in the block body. */
  range: UiRange;
};

/** The values of every computed declaration (null where it failed) and what went wrong. */
export type UiComputedResult = {
  values: Map<string, UiValue>;
  diagnostics: UiDiagnostic[];
};

/**
 * Evaluates computed definitions over `base` (state values and query data).
 * A definition in a cycle, or reading one, is null with a `computed_cycle`
 * diagnostic; a definition whose evaluation fails is null with the failure's
 * code. All of them share one budget.
 */
export function evaluateUiComputed(
  definitions: readonly UiComputedDefinition[],
  base: UiRecord,
  budget: UiBudget,
): UiComputedResult {
  const byName = new Map<string, UiComputedDefinition>();
  for (const definition of definitions) byName.set(definition.name, definition);

  // Kahn's algorithm over "reads" edges between computed definitions.
  const waitingOn = new Map<string, number>();
  const readers = new Map<string, string[]>();
  for (const definition of definitions) {
    let count = 0;
    if ("ast" in definition.parsed) {
      for (const read of new Set(definition.parsed.reads)) {
        if (!byName.has(read)) continue;
        count += 1;
        const list = readers.get(read);
        if (list) list.push(definition.name);
        else readers.set(read, [definition.name]);
      }
    }
    waitingOn.set(definition.name, count);
  }
  const ready: string[] = definitions.filter((definition) => waitingOn.get(definition.name) === 0).map((d) => d.name);

  const variables: UiRecord = { ...base };
  const values = new Map<string, UiValue>();
  const diagnostics: UiDiagnostic[] = [];
  for (let index = 0; index < ready.length; index += 1) {
    const name = ready[index] as string;
    const definition = byName.get(name) as UiComputedDefinition;
    let value: UiValue = null;
    if ("ast" in definition.parsed) {
      try {
        value = evaluateUiExpression(definition.parsed.ast, variables, budget);
      } catch (caught) {
        diagnostics.push(uiDiagnostic(caught, definition.range));
      }
    } else {
      diagnostics.push(uiDiagnostic(definition.parsed.failure, definition.range));
    }
    values.set(name, value);
    variables[name] = value;
    for (const reader of readers.get(name) ?? []) {
      const remaining = (waitingOn.get(reader) ?? 0) - 1;
      waitingOn.set(reader, remaining);
      if (remaining === 0) ready.push(reader);
    }
  }

  for (const definition of definitions) {
    if (values.has(definition.name)) continue;
    values.set(definition.name, null);
    diagnostics.push({
      code: "computed_cycle",
      message: uiDiagnosticMessage("computed_cycle", `$${definition.name}`),
      range: definition.range,
    });
  }
  return { values, diagnostics };
}
