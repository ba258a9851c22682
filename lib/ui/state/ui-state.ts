/**
 * The local state of one rendered block: its state variables (edited by
 * inputs and actions), the data a host supplied for its queries, and its
 * computed values. It belongs to one chat/item/block identity; a reload
 * starts a new state from the declared defaults.
 */
import type { UiBlock, UiDeclaration, UiDiagnostic } from "../envelope/schema";
import type { UiExpression } from "../expression/ast";
import { uiActionKind, uiExpressionVariables } from "../expression/analyze";
import { UiBudget } from "../expression/budget";
import { copyUiValue } from "../expression/copy";
import { evaluateUiExpression, evaluateUiExpressionIn } from "../expression/evaluate";
import { parseUiExpression } from "../expression/parse";
import type { UiRecord, UiValue } from "../expression/value";
import { toUiFailure, UiFailure } from "../failure";
import type { UiLimits } from "../limits";
import type { UiQuery } from "../query/query";
import { uiQueryKey } from "../query/query-key";
import { evaluateUiComputed, type UiComputedDefinition, type UiComputedResult } from "./computed";
import type { UiStateRestoreReport, UiStateSnapshot } from "./snapshot";
import { uiBlockDeclarations } from "./declarations";
import { uiValueType, type UiValueType } from "./value-type";

/** How a declared name behaves: settable state, host-supplied query data, or a read-only computed value. */
export type UiVariableKind = "state" | "query" | "computed";

/** Options of a `UiState`. */
export type UiStateOptions = {
  /** Bounds on evaluating computed values and action expressions (one budget per pass). */
  limits?: UiLimits;
  /** Millisecond clock for those budgets (tests inject one). */
  now?: () => number;
};

/** Called after every change of state values, query data or declarations. */
export type UiStateListener = () => void;

type StateVariable = {
  kind: "state";
  /** The declared default, copied; `JSON.stringify` of it decides whether a new default is the same. */
  initial: UiValue;
  initialKey: string;
  type: UiValueType;
  value: UiValue;
};
/** `answered` is false until the host supplies data for the current definition: until then the data is null and means "not known yet". */
type QueryVariable = { kind: "query"; key: string; data: UiValue; answered: boolean };
type ComputedVariable = { kind: "computed"; definition: UiComputedDefinition; expression: string };
type Variable = StateVariable | QueryVariable | ComputedVariable;

/** Runs `work`, letting only `UiFailure`s out: a hostile argument cannot raise an engine error past the API. */
function guarded<Result>(work: () => Result): Result {
  try {
    return work();
  } catch (caught) {
    throw toUiFailure(caught);
  }
}

/** How the library's evaluator reads a state without copying it (see `uiStateReadOnlyScope`). */
const readOnlyScopes = new WeakMap<UiState, () => UiRecord>();

/**
 * The state's values without a copy, for the library's own evaluator: it
 * never writes to them and hands out only what its schemas rebuilt. Copying
 * every value on each evaluation would cost as much as the evaluation of a
 * block over large query data. Not part of the public API.
 */
export function uiStateReadOnlyScope(state: UiState): UiRecord {
  const read = readOnlyScopes.get(state);
  return read ? read() : state.scope();
}

/** A stable JSON text of a value (keys in insertion order, which copies preserve). */
function valueKey(value: UiValue): string {
  return JSON.stringify(value);
}

/** Where a declaration stands, or the block's start when a hand-made block left it out. */
function rangeOf(declaration: UiDeclaration): { start: number; end: number } {
  const range = declaration.range;
  return range && typeof range.start === "number" && typeof range.end === "number"
    ? { start: range.start, end: range.end }
    : { start: 0, end: 0 };
}

/**
 * The state of one block. Every value going in is copied with `copyUiValue`
 * (no accessor is ever invoked, no prototype key accepted) and every value
 * coming out is a copy, so neither a host nor a renderer can reach inside.
 */
export class UiState {
  /** The block identity this state belongs to. */
  readonly blockId: string;
  private readonly limits: UiLimits | undefined;
  private readonly now: (() => number) | undefined;
  private variables = new Map<string, Variable>();
  private declarationsKey = "";
  private readonly listeners = new Set<UiStateListener>();
  private version = 0;
  private computedCache: { version: number; result: UiComputedResult } | undefined;
  private snapshotCache: { version: number; snapshot: UiStateSnapshot } | undefined;

  /** Starts from the block's declared defaults. */
  constructor(block: UiBlock, options: UiStateOptions = {}) {
    this.blockId = guarded(() => String(block.id));
    this.limits = options.limits;
    this.now = options.now;
    guarded(() => this.apply(block));
    readOnlyScopes.set(this, () => this.internalScope());
  }

  /**
   * Follows a recompiled block of the same identity: keeps an edited value
   * whose default is unchanged, resets a variable whose default changed,
   * drops variables that disappeared and clears query data whose definition
   * changed. Throws `UiFailure("other_block")` for another block's id.
   */
  sync(block: UiBlock): void {
    const changed = guarded(() => {
      if (String(block.id) !== this.blockId) throw new UiFailure("other_block", String(block.id));
      const before = this.declarationsKey;
      return this.apply(block) || before !== this.declarationsKey;
    });
    if (changed) this.changed();
  }

  /** True when `sync` has seen exactly this block's declarations. */
  isSyncedWith(block: UiBlock): boolean {
    try {
      return String(block.id) === this.blockId && this.declarationsKey === declarationsKeyOf(block);
    } catch {
      return false;
    }
  }

  /** How a declared name behaves, or undefined when it is not declared. */
  kindOf(name: string): UiVariableKind | undefined {
    return this.variables.get(name)?.kind;
  }

  /** The names of the declared state variables, in declaration order. */
  stateNames(): string[] {
    const names: string[] = [];
    for (const [name, variable] of this.variables) if (variable.kind === "state") names.push(name);
    return names;
  }

  /**
   * A copy of every value by name without `$`: state values, query data (null
   * until a host supplies it) and computed values, evaluated when something
   * they read changed.
   */
  scope(): UiRecord {
    return this.copy(this.internalScope()) as UiRecord;
  }

  /** A copy of one declared name's current value; undefined when it is not declared. */
  value(name: string): UiValue | undefined {
    const variable = this.variables.get(name);
    if (!variable) return undefined;
    if (variable.kind === "state") return this.copy(variable.value);
    if (variable.kind === "query") return this.copy(variable.data);
    return this.copy(this.computed().values.get(name) ?? null);
  }

  /**
   * True once the host has supplied data for the declared query `name` (for
   * its current definition); false while its first answer is on its way, or
   * for a name that is not a query. Until then the query's data is null and
   * stands for "not known yet", not for "no rows".
   */
  queryAnswered(name: string): boolean {
    const variable = this.variables.get(name);
    return variable?.kind === "query" && variable.answered;
  }

  /** Problems met while evaluating computed values (cycles, failures); each such value is null. */
  diagnostics(): UiDiagnostic[] {
    return this.computed().diagnostics.map((diagnostic) => ({ ...diagnostic, range: { ...diagnostic.range } }));
  }

  /**
   * Changes a declared state variable, keeping its type. Throws `UiFailure`:
   * `unknown_state`, `not_state` (a computed value or a query), `type_change`,
   * or a `copyUiValue` refusal for a value that is not plain JSON.
   */
  set(name: string, value: unknown): void {
    if (guarded(() => this.assign(name, value))) this.changed();
  }

  /**
   * Runs an action: `@Set($name, expression)`, `@Reset($name)` or `@Reset()`
   * (as source text or a parsed tree). `locals` serves names bound by an
   * enclosing `Each`. Anything else is refused with `not_an_action`; a failing
   * expression throws its `UiFailure` and changes nothing.
   */
  run(action: UiExpression | string, locals?: UiRecord): void {
    guarded(() => this.runAction(action, locals));
  }

  private runAction(action: UiExpression | string, locals?: UiRecord): void {
    const budget = this.budget();
    const tree = typeof action === "string" ? parseUiExpression(action, budget) : action;
    const parsed = uiActionKind(tree);
    if (!parsed) throw new UiFailure("not_an_action");
    if (parsed.kind === "reset-all") {
      let changed = false;
      for (const variable of this.variables.values()) {
        if (variable.kind !== "state" || valueKey(variable.value) === variable.initialKey) continue;
        variable.value = this.copy(variable.initial);
        changed = true;
      }
      if (changed) this.changed();
      return;
    }
    if (parsed.kind === "reset") {
      const variable = this.stateVariable(parsed.name);
      if (valueKey(variable.value) === variable.initialKey) return;
      variable.value = this.copy(variable.initial);
      this.changed();
      return;
    }
    this.stateVariable(parsed.name);
    const variables = this.internalScope();
    const value = locals
      ? evaluateUiExpressionIn(parsed.value, { variables, locals: this.copy(locals) as UiRecord }, budget)
      : evaluateUiExpression(parsed.value, variables, budget);
    this.set(parsed.name, value);
  }

  /** The current state values, unchanged (the same object) until one of them changes. */
  snapshot(): UiStateSnapshot {
    if (this.snapshotCache?.version !== this.version) {
      const values: UiRecord = {};
      for (const [name, variable] of this.variables) if (variable.kind === "state") values[name] = variable.value;
      const snapshot = deepFreeze({ values: this.copy(values) as UiRecord });
      this.snapshotCache = { version: this.version, snapshot };
    }
    return this.snapshotCache.snapshot;
  }

  /**
   * Applies stored values that still fit (declared state of the same type)
   * and reports what it dropped. Listeners hear one change. Throws
   * `UiFailure` only when `snapshot` itself is not plain JSON of the form
   * `{ values: { … } }`.
   */
  restore(snapshot: unknown): UiStateRestoreReport {
    const copied = this.copy(snapshot);
    const values =
      typeof copied === "object" && copied !== null && !Array.isArray(copied) && Object.hasOwn(copied, "values")
        ? copied.values
        : undefined;
    if (typeof values !== "object" || values === null || Array.isArray(values)) {
      throw new UiFailure("invalid_value", "a snapshot is { values: { … } }");
    }
    const report: UiStateRestoreReport = { applied: [], dropped: [] };
    let changed = false;
    for (const [name, value] of Object.entries(values)) {
      try {
        changed = this.assign(name, value) || changed;
        report.applied.push(name);
      } catch (caught) {
        const code = toUiFailure(caught).code;
        report.dropped.push({
          name,
          code: code === "unknown_state" || code === "not_state" || code === "type_change" ? code : "invalid_value",
        });
      }
    }
    if (changed) this.changed();
    return report;
  }

  /** Registers a listener for changes; returns the function that removes it. */
  subscribe(listener: UiStateListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Stores host-supplied data for a declared query. `definition` is the block
   * (or the `UiQuery`) the data was fetched for: when its definition of the
   * query is not the one this state holds, the data is refused
   * (`replaced_query`); an undeclared name or a non-query is `unknown_query`.
   */
  setQuery(name: string, value: unknown, definition: UiBlock | UiQuery): void {
    if (guarded(() => this.storeQuery(name, value, definition))) this.changed();
  }

  /** Stores query data without notifying; returns whether it changed. */
  private storeQuery(name: string, value: unknown, definition: UiBlock | UiQuery): boolean {
    const variable = this.variables.get(name);
    if (!variable || variable.kind !== "query") throw new UiFailure("unknown_query", name);
    let key: string;
    if ("declarations" in definition) {
      if (String(definition.id) !== this.blockId) throw new UiFailure("replaced_query", "another block");
      const declaration = uiBlockDeclarations(definition).find((candidate) => candidate.name === name);
      if (!declaration || declaration.kind !== "query") throw new UiFailure("unknown_query", name);
      key = uiQueryKey(declaration);
    } else {
      if (definition.name !== name) throw new UiFailure("unknown_query", name);
      key = definition.key;
    }
    if (key !== variable.key) throw new UiFailure("replaced_query", name);
    const data = this.copy(value);
    if (variable.answered && valueKey(data) === valueKey(variable.data)) return false;
    variable.data = data;
    variable.answered = true;
    return true;
  }

  // -- internals ----------------------------------------------------------------

  /** A copy of plain JSON under the state's bounds (no accessor runs, no prototype key passes). */
  private copy(value: unknown): UiValue {
    return copyUiValue(value, this.budget());
  }

  /** A fresh budget for one pass of computed values, one action or one copy. */
  private budget(): UiBudget {
    return new UiBudget(this.limits, this.now);
  }

  /** The state variable of that name, or the refusal a setter owes. */
  private stateVariable(name: string): StateVariable {
    const variable = typeof name === "string" ? this.variables.get(name) : undefined;
    if (!variable) throw new UiFailure("unknown_state", typeof name === "string" ? name : undefined);
    if (variable.kind !== "state") throw new UiFailure("not_state", name);
    return variable;
  }

  /** Sets without notifying; returns whether the value changed. */
  private assign(name: string, value: unknown): boolean {
    const variable = this.stateVariable(name);
    const copy = this.copy(value);
    const type = uiValueType(copy);
    if (type !== variable.type) throw new UiFailure("type_change", `$${name} is ${variable.type}, not ${type}`);
    if (valueKey(copy) === valueKey(variable.value)) return false;
    variable.value = copy;
    return true;
  }

  /** State values, query data and computed values without copying (callers must not leak it). */
  private internalScope(): UiRecord {
    const scope: UiRecord = {};
    const computed = this.computed();
    for (const [name, variable] of this.variables) {
      if (variable.kind === "state") scope[name] = variable.value;
      else if (variable.kind === "query") scope[name] = variable.data;
      else scope[name] = computed.values.get(name) ?? null;
    }
    return scope;
  }

  /** Computed values for the current version, evaluated once per change. */
  private computed(): UiComputedResult {
    if (this.computedCache?.version === this.version) return this.computedCache.result;
    const base: UiRecord = {};
    const definitions: UiComputedDefinition[] = [];
    for (const [name, variable] of this.variables) {
      if (variable.kind === "state") base[name] = variable.value;
      else if (variable.kind === "query") base[name] = variable.data;
      else definitions.push(variable.definition);
    }
    const result = evaluateUiComputed(definitions, base, this.budget());
    this.computedCache = { version: this.version, result };
    return result;
  }

  /** Rebuilds the variables from `block`, keeping what the rules keep; returns whether a value changed. */
  private apply(block: UiBlock): boolean {
    const previous = this.variables;
    const next = new Map<string, Variable>();
    let changed = false;
    for (const declaration of uiBlockDeclarations(block)) {
      const name = declaration.name;
      const before = previous.get(name);
      if (declaration.kind === "state") {
        const initial = stateDefault(declaration);
        const initialKey = valueKey(initial);
        if (before?.kind === "state" && before.initialKey === initialKey) {
          next.set(name, before);
          continue;
        }
        if (before?.kind !== "state" || valueKey(before.value) !== initialKey) changed = true;
        next.set(name, { kind: "state", initial, initialKey, type: uiValueType(initial), value: this.copy(initial) });
      } else if (declaration.kind === "query") {
        const key = uiQueryKey(declaration);
        if (before?.kind === "query" && before.key === key) {
          next.set(name, before);
          continue;
        }
        if (before?.kind === "query" && before.data !== null) changed = true;
        next.set(name, { kind: "query", key, data: null, answered: false });
      } else {
        const expression = typeof declaration.expression === "string" ? declaration.expression : "";
        if (before?.kind === "computed" && before.expression === expression) {
          next.set(name, { ...before, definition: { ...before.definition, range: rangeOf(declaration) } });
          continue;
        }
        next.set(name, { kind: "computed", expression, definition: computedDefinition(name, expression, rangeOf(declaration), this.budget()) });
      }
    }
    for (const name of previous.keys()) if (!next.has(name)) changed = true;
    this.variables = next;
    this.declarationsKey = declarationsKeyOf(block);
    return changed;
  }

  /** Invalidates caches and tells every listener; a listener's exception never reaches the caller. */
  private changed(): void {
    this.version += 1;
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // One broken renderer must not keep the others from hearing the change.
      }
    }
  }
}

/** A state declaration's default: the compiler's `value`, else its constant expression, else null. */
function stateDefault(declaration: UiDeclaration): UiValue {
  try {
    if (declaration.value !== undefined) return copyUiValue(declaration.value);
    return copyUiValue(evaluateUiExpression(parseUiExpression(String(declaration.expression))));
  } catch {
    return null;
  }
}

/** Parses a computed declaration once per definition change. */
function computedDefinition(
  name: string,
  expression: string,
  range: { start: number; end: number },
  budget: UiBudget,
): UiComputedDefinition {
  try {
    const ast = parseUiExpression(expression, budget);
    return { name, range, parsed: { ast, reads: uiExpressionVariables(ast) } };
  } catch (caught) {
    return { name, range, parsed: { failure: toUiFailure(caught) } };
  }
}

/** Declaration keys by block object (compiled blocks are never mutated): a renderer evaluates the same block object many times. */
const declarationsKeys = new WeakMap<UiBlock, string>();

/** What `sync` compares to tell whether a block's declarations changed. */
function declarationsKeyOf(block: UiBlock): string {
  const known = declarationsKeys.get(block);
  if (known !== undefined) return known;
  const key = JSON.stringify(
    uiBlockDeclarations(block).map((declaration) => [
      declaration.name,
      declaration.kind,
      declaration.kind === "state" ? valueKey(stateDefault(declaration)) : declaration.expression,
      declaration.source ?? null,
      declaration.arguments ?? null,
    ]),
  );
  declarationsKeys.set(block, key);
  return key;
}

/** Freezes a copied value and everything inside it. */
function deepFreeze<Value>(value: Value): Value {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
