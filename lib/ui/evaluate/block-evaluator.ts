/**
 * The evaluation of one block against one state: the work behind
 * `evaluateUiBlock`, kept as a class so that the library's other entry points
 * (choices, link targets, the query fallback) can also read the static twin
 * of the evaluated tree.
 */
import { UI_CATALOG, UI_CATALOG_VERSION, isUiComponent } from "../catalog/catalog";
import type { UiCatalogEntry } from "../catalog/entry";
import { uiDiagnosticMessage, type UiDiagnosticCode } from "../diagnostics/codes";
import type { UiBlock, UiDiagnostic, UiNode, UiRange } from "../envelope/schema";
import { uiActionKind } from "../expression/analyze";
import type { UiExpression } from "../expression/ast";
import { UiBudget } from "../expression/budget";
import { copyUiValue } from "../expression/copy";
import { evaluateUiExpressionIn } from "../expression/evaluate";
import { safeKey, type UiRecord, type UiValue } from "../expression/value";
import { toUiFailure, uiDiagnostic, UiFailure } from "../failure";
import type { UiLimits } from "../limits";
import { uiBlockDeclarations } from "../state/declarations";
import { UiState, uiStateReadOnlyScope } from "../state/ui-state";
import { uiControlAccepts } from "./control-rules";
import { uiDisplayText } from "./display-text";
import { parseUiExpressionCached } from "./expression-cache";
import { uiNodesFallbackText } from "./fallback-text";
import { uiExpressionHostData, uiHostDependencies, type UiHostDependencies } from "./host-data";
import { UI_MISSING_VALUE, uiNullProps } from "./null-props";
import type { UiBinding, UiEvaluation, UiViewAction, UiViewNode } from "./view-node";

/**
 * Where a node is evaluated: the `Each` locals around it, the query
 * variables each local's items came from, the id suffix they add, and its depth.
 */
type Context = { locals: UiRecord; localHostData?: UiHostDependencies; suffix: string; depth: number };

const NO_LOCALS: UiHostDependencies = new Map();

const EMPTY_RANGE: UiRange = { start: 0, end: 0 };

/** Own, enumerable, data (not accessor) properties with safe keys: what the evaluator reads of a block's records. */
function ownEntries(record: unknown): [string, unknown][] {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return [];
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(record)) {
    if (!safeKey(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(record, key);
    if (descriptor && "value" in descriptor) entries.push([key, descriptor.value]);
  }
  return entries;
}

/** A node's range, or an empty one when a hand-made node has none. */
function rangeOf(node: UiNode): UiRange {
  const range = node.range;
  return range && typeof range.start === "number" && typeof range.end === "number"
    ? { start: range.start, end: range.end }
    : EMPTY_RANGE;
}

/** A problem with an element that has a diagnostic code of its own (not a `UiFailure` code). */
class ElementProblem {
  constructor(
    readonly code: UiDiagnosticCode,
    readonly detail?: string,
  ) {}
}

/** Evaluates one block once; create one per evaluation. */
export class UiBlockEvaluator {
  private readonly budget: UiBudget;
  private readonly state: UiState;
  /** False when no state (or another block's state) was given: bindings and actions cannot change anything. */
  private readonly live: boolean;
  private readonly variables: UiRecord;
  private readonly diagnostics: UiDiagnostic[] = [];
  private diagnosticsDropped = 0;
  /** The compiled node each view node came from (for ranges of the static twin). */
  private readonly sourceOf = new WeakMap<UiViewNode, UiNode>();
  /** The static node a `#fallback` view node was written from. */
  private readonly fallbackOf = new WeakMap<UiViewNode, UiNode>();
  /** Set once the step or time budget is spent: every later step would fail again, so what remains is shown unevaluated. */
  private exhausted = false;
  /** Parsed expressions of this evaluation: `Each` evaluates the same sources once per item. */
  private readonly parsed = new Map<string, UiExpression>();
  /** The query variables each declared variable depends on (computed once, on first use). */
  private hostDependencies: UiHostDependencies | undefined;
  /** The block's query variables the host has not answered yet: what depends on them is drawn as loading, not evaluated into a false figure. */
  private readonly unanswered: ReadonlySet<string>;

  constructor(
    private readonly block: UiBlock,
    state: UiState | undefined,
    limits: UiLimits | undefined,
  ) {
    this.budget = new UiBudget(limits);
    let live = state !== undefined;
    if (state && state.blockId !== String(block.id)) {
      this.report("stale_state", EMPTY_RANGE, undefined, `the state belongs to ${state.blockId}`);
      live = false;
    } else if (state && !state.isSyncedWith(block)) {
      this.report("stale_state", EMPTY_RANGE);
    }
    this.live = live;
    this.state = live && state ? state : new UiState(block, { limits });
    this.variables = uiStateReadOnlyScope(this.state);
    const unanswered = new Set<string>();
    for (const declaration of uiBlockDeclarations(block)) {
      if (declaration.kind === "query" && !this.state.queryAnswered(declaration.name)) unanswered.add(declaration.name);
    }
    this.unanswered = unanswered;
    const waiting = this.computedWaitingRanges();
    for (const diagnostic of this.state.diagnostics()) {
      // A computed value that reads a query not answered yet fails for want of data, not because the model wrote it wrong.
      if (!waiting.has(`${diagnostic.range.start}:${diagnostic.range.end}`)) this.push(diagnostic);
    }
  }

  /** The ranges of computed declarations that depend on an unanswered query. */
  private computedWaitingRanges(): ReadonlySet<string> {
    const ranges = new Set<string>();
    if (this.unanswered.size === 0) return ranges;
    const dependencies = this.dependencies();
    for (const declaration of uiBlockDeclarations(this.block)) {
      if (declaration.kind !== "computed") continue;
      if ((dependencies.get(declaration.name) ?? []).some((name) => this.unanswered.has(name))) {
        ranges.add(`${declaration.range.start}:${declaration.range.end}`);
      }
    }
    return ranges;
  }

  /** Evaluates the block; never throws. */
  evaluate(): UiEvaluation {
    const complete = this.block.complete === true;
    const nodes: unknown = this.block.nodes;
    const roots = Array.isArray(nodes) ? (nodes as UiNode[]) : [];
    if (this.block.catalog !== UI_CATALOG_VERSION) {
      this.report("unknown_catalog", EMPTY_RANGE, undefined, String(this.block.catalog));
      return {
        nodes: roots.map((node) => this.unevaluatedFallback(node)),
        diagnostics: this.finishDiagnostics(),
        supported: false,
        complete,
      };
    }
    const output: UiViewNode[] = [];
    this.children(roots, { locals: {}, suffix: "", depth: 0 }, output);
    // The clock ran out (a last resort, UiBudget): how far this machine got is not how far another would, and the
    // server's tree must be the browser's, so none of it is drawn — the block stands as its plain text, as a block of an unknown catalog does.
    if (this.budget.expired || this.state.diagnostics().some((diagnostic) => diagnostic.code === "budget_time")) {
      return { nodes: roots.map((node) => this.unevaluatedFallback(node)), diagnostics: [uiDiagnostic(new UiFailure("budget_time"), EMPTY_RANGE)], supported: true, complete };
    }
    return { nodes: output, diagnostics: this.finishDiagnostics(), supported: true, complete };
  }

  /**
   * The evaluated tree as compiled nodes with static props only (no
   * expressions, no bindings, `Show`/`Each` resolved): what `uiBlockFallback`
   * turns into Markdown with the evaluated values in place.
   */
  staticNodes(nodes: readonly UiViewNode[]): UiNode[] {
    return nodes.map((node) => this.staticNode(node));
  }

  // -- nodes --------------------------------------------------------------------

  private children(nodes: unknown, context: Context, output: UiViewNode[]): void {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as UiNode[]) {
      if (typeof node !== "object" || node === null) continue;
      if (this.exhausted) {
        output.push(this.unevaluatedFallback(node, context));
        continue;
      }
      try {
        this.node(node, context, output);
      } catch (caught) {
        const failure = toUiFailure(caught);
        output.push(this.fallback(node, context, {}, [], uiDiagnostic(failure, rangeOf(node), this.idOf(node, context))));
        if (failure.code === "budget_steps" || failure.code === "budget_time") this.exhausted = true;
      }
    }
  }

  private node(node: UiNode, context: Context, output: UiViewNode[]): void {
    this.budget.step();
    this.budget.checkDepth(context.depth, rangeOf(node));
    const type = String(node.type);
    if (type === "#text") {
      const text = ownEntries(node.props).find(([key]) => key === "text")?.[1];
      output.push(this.view(node, context, "#text", { text: typeof text === "string" ? text : "" }, []));
      return;
    }
    if (type === "#expression") {
      const source = ownEntries(node.expressions).find(([key]) => key === "value")?.[1];
      let text = "";
      const hostData = typeof source === "string" ? this.hostDataOf(source, context) : [];
      const waiting = this.waitingOn(hostData.length > 0 ? { text: hostData } : undefined);
      if (typeof source === "string") {
        try {
          text = uiDisplayText(this.expression(source, context));
          this.budget.checkString(text.length, rangeOf(node));
        } catch (caught) {
          if (waiting.length > 0) return void output.push(this.pendingView(node, context, "#text", waiting));
          output.push(this.fallback(node, context, {}, [], uiDiagnostic(caught, rangeOf(node), this.idOf(node, context))));
          return;
        }
      }
      const view = this.view(node, context, "#text", { text }, []);
      if (hostData.length > 0) view.hostData = { text: hostData };
      if (waiting.length > 0) view.pending = waiting;
      output.push(view);
      return;
    }
    if (type === "Show") return this.show(node, context, output);
    if (type === "Each") return this.each(node, context, output);
    if (!isUiComponent(type)) {
      const children: UiViewNode[] = [];
      this.children(node.children, { ...context, depth: context.depth + 1 }, children);
      output.push(this.fallback(node, context, this.staticProps(node), children, this.problem(node, context, "unknown_component", type)));
      return;
    }
    output.push(this.component(node, UI_CATALOG[type], context));
  }

  private show(node: UiNode, context: Context, output: UiViewNode[]): void {
    const waiting = this.waitingOn(this.propHostData(node, context));
    // What a condition on data not known yet would show is not known either: one placeholder stands there.
    if (waiting.length > 0) return void output.push(this.pendingView(node, context, "Show", waiting));
    let when: UiValue;
    try {
      when = this.rawProps(node, UI_CATALOG.Show, context).raw.when ?? null;
    } catch (caught) {
      this.push(uiDiagnostic(caught, rangeOf(node), this.idOf(node, context)));
      return;
    }
    // A condition that is null (a missing value) shows nothing, quietly: see the language reference's null rules.
    if (when === null && node.complete) return;
    if (typeof when !== "boolean") {
      // A streamed `when={…}` that has not closed yet hides its children quietly.
      if (node.complete) this.report("invalid_prop", rangeOf(node), this.idOf(node, context), "Show needs a boolean `when`");
      return;
    }
    if (when) this.children(node.children, { ...context, depth: context.depth + 1 }, output);
  }

  private each(node: UiNode, context: Context, output: UiViewNode[]): void {
    const id = this.idOf(node, context);
    const waiting = this.waitingOn(this.propHostData(node, context));
    if (waiting.length > 0) {
      // The rows to repeat are not known yet: one placeholder of the first repeated element's shape.
      const first = Array.isArray(node.children) ? (node.children as UiNode[]).find((child) => typeof child?.type === "string" && !String(child.type).startsWith("#")) : undefined;
      return void output.push(this.pendingView(node, context, first ? String(first.type) : "Each", waiting));
    }
    let items: UiValue;
    let name: UiValue;
    try {
      const { raw } = this.rawProps(node, UI_CATALOG.Each, context);
      items = raw.items === undefined ? null : raw.items;
      name = raw.as ?? null;
    } catch (caught) {
      this.push(uiDiagnostic(caught, rangeOf(node), id));
      return;
    }
    if (items === null) items = [];
    const local = UI_CATALOG.Each.schema.shape.as.safeParse(name);
    if (!Array.isArray(items) || !local.success) {
      // A streamed Each whose props have not all arrived repeats nothing, quietly.
      if (node.complete) this.report("invalid_prop", rangeOf(node), id, "Each needs a list `items` and a local name `as`");
      return;
    }
    const children: unknown[] = Array.isArray(node.children) ? node.children : [];
    // Reserve before allocating anything per item, and refuse without
    // consuming the reservation so that a refused Each leaves its siblings'
    // budget intact.
    const limits = this.budget.limits;
    if (this.budget.iterations + items.length > limits.iterations) {
      this.push(uiDiagnostic(new UiFailure("budget_iterations", `${items.length} items`), rangeOf(node), id));
      return;
    }
    if (this.budget.steps + items.length * Math.max(1, children.length) > limits.steps) {
      this.push(uiDiagnostic(new UiFailure("budget_steps", `${items.length} items`), rangeOf(node), id));
      return;
    }
    this.budget.iterate(items.length);
    const itemsSource = ownEntries(node.expressions).find(([key]) => key === "items")?.[1];
    const itemsHostData = typeof itemsSource === "string" ? this.hostDataOf(itemsSource, context) : [];
    let localHostData = context.localHostData;
    if (itemsHostData.length > 0 || localHostData?.has(local.data)) {
      const next = new Map(localHostData ?? NO_LOCALS);
      if (itemsHostData.length > 0) next.set(local.data, itemsHostData);
      else next.delete(local.data);
      localHostData = next;
    }
    for (let index = 0; index < items.length && !this.exhausted; index += 1) {
      const locals: UiRecord = { ...context.locals };
      locals[local.data] = items[index] as UiValue;
      this.children(children, { locals, ...(localHostData ? { localHostData } : {}), suffix: `${context.suffix}#${index}`, depth: context.depth + 1 }, output);
    }
  }

  private component(node: UiNode, entry: UiCatalogEntry, context: Context): UiViewNode {
    const id = this.idOf(node, context);
    const raw: UiRecord = {};
    let actions: UiViewNode["actions"] = {};
    let boundProps: [string, string][] = [];
    let problem: UiDiagnostic | undefined;
    try {
      ({ actions, boundProps } = this.rawProps(node, entry, context, raw));
    } catch (caught) {
      problem = caught instanceof ElementProblem
        ? this.problem(node, context, caught.code, caught.detail)
        : uiDiagnostic(caught, rangeOf(node), id);
    }
    // Which query variables each prop reads, found once: for the pending mark here and the host-data mark on the view.
    const hostData = this.propHostData(node, context, entry);
    const waiting = this.waitingOn(hostData);
    // Props computed from data that has not arrived cannot be checked yet: the element waits, with no diagnostic.
    if (problem && waiting.length > 0) return this.pendingView(node, context, String(node.type), waiting);
    const children: UiViewNode[] = [];
    this.children(node.children, { ...context, depth: context.depth + 1 }, children);
    if (problem) return this.fallback(node, context, raw, children, problem);
    // A link to nothing (its target read from a row that is not there) is the missing mark, not a broken element.
    if (uiNullProps(entry, raw, this.expressionProps(node, entry))) return this.view(node, context, "#text", { text: UI_MISSING_VALUE }, []);

    const parsed = entry.schema.safeParse(raw);
    if (!parsed.success && waiting.length > 0) return this.pendingView(node, context, String(node.type), waiting);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path[0];
      const missing = typeof path === "string" && !Object.hasOwn(raw, path);
      const detail = issue ? `${String(node.type)}${path === undefined ? "" : `.${String(path)}`}: ${issue.message}` : undefined;
      return this.fallback(node, context, raw, children, this.problem(node, context, missing ? "missing_prop" : "invalid_prop", detail));
    }
    // Zod builds new objects for what it validates, so the props share nothing with the scope.
    const props = parsed.data as UiRecord;
    const bindings: UiViewNode["bindings"] = {};
    const view = this.view(node, context, String(node.type), props, children, bindings, actions);
    for (const [prop, variable] of boundProps) bindings[prop] = this.binding(node, entry, view, raw, prop, variable);
    if (hostData) view.hostData = hostData;
    if (waiting.length > 0) view.pending = waiting;
    return view;
  }

  // -- props --------------------------------------------------------------------

  /**
   * Static props merged with evaluated expressions and bound values. Action
   * props keep their source text (the schema sees a string) and become
   * runnable actions. Fills `raw` (so that what did evaluate is there for a
   * fallback) and throws on the first prop that fails.
   */
  private rawProps(
    node: UiNode,
    entry: UiCatalogEntry,
    context: Context,
    raw: UiRecord = {},
  ): { raw: UiRecord; actions: UiViewNode["actions"]; boundProps: [string, string][] } {
    this.staticProps(node, raw);
    const actions: UiViewNode["actions"] = {};
    for (const [prop, source] of ownEntries(node.expressions)) {
      if (typeof source !== "string") throw new ElementProblem("evaluation_failed", prop);
      if (entry.actions?.includes(prop)) {
        actions[prop] = this.action(node, source, context);
        raw[prop] = source;
      } else {
        raw[prop] = this.expression(source, context);
      }
    }
    const boundProps: [string, string][] = [];
    for (const [prop, variable] of ownEntries(node.bindings)) {
      if (typeof variable !== "string" || !entry.bindable?.includes(prop) || this.state.kindOf(variable) !== "state") {
        throw new ElementProblem("invalid_binding", `${prop}={$${String(variable)}}`);
      }
      raw[prop] = this.variables[variable] ?? null;
      boundProps.push([prop, variable]);
    }
    return { raw, actions, boundProps };
  }

  /** A node's static props, copied (a hand-made block cannot smuggle accessors or prototype keys through). */
  private staticProps(node: UiNode, props: UiRecord = {}): UiRecord {
    for (const [prop, value] of ownEntries(node.props)) props[prop] = copyUiValue(value, this.budget);
    return props;
  }

  private parse(source: string): UiExpression {
    let ast = this.parsed.get(source);
    if (!ast) {
      ast = parseUiExpressionCached(source, this.budget);
      this.parsed.set(source, ast);
    }
    return ast;
  }

  private expression(source: string, context: Context): UiValue {
    const ast = this.parse(source);
    return evaluateUiExpressionIn(ast, { variables: this.variables, locals: context.locals }, this.budget);
  }

  /** The query variables each declared variable depends on, computed once. */
  private dependencies(): UiHostDependencies {
    this.hostDependencies ??= uiHostDependencies(this.block, (declaration) => this.parse(declaration));
    return this.hostDependencies;
  }

  /** The query variables an expression's value comes from (see host-data.ts); none for one that does not parse. */
  private hostDataOf(source: string, context: Context): readonly string[] {
    try {
      const ast = this.parse(source);
      const dependencies = this.dependencies();
      if (dependencies.size === 0 && (context.localHostData?.size ?? 0) === 0) return [];
      return uiExpressionHostData(ast, dependencies, context.localHostData ?? NO_LOCALS);
    } catch {
      return [];
    }
  }

  /** By prop, the query variables a node's value expressions (not its actions) read; undefined when none reads one. */
  private propHostData(node: UiNode, context: Context, entry?: UiCatalogEntry): UiViewNode["hostData"] {
    let hostData: UiViewNode["hostData"];
    for (const [prop, source] of ownEntries(node.expressions)) {
      if (typeof source !== "string" || entry?.actions?.includes(prop)) continue;
      const names = this.hostDataOf(source, context);
      if (names.length === 0) continue;
      hostData ??= {};
      hostData[prop] = names;
    }
    return hostData;
  }

  /** Which query variables of `hostData` the host has not answered yet, sorted. */
  private waitingOn(hostData: UiViewNode["hostData"]): readonly string[] {
    if (this.unanswered.size === 0 || hostData === undefined) return [];
    const waiting = new Set<string>();
    for (const names of Object.values(hostData)) for (const name of names) if (this.unanswered.has(name)) waiting.add(name);
    return [...waiting].sort();
  }

  /** The props of a node that were written as expressions (not static text, not bindings, not actions). */
  private expressionProps(node: UiNode, entry: UiCatalogEntry): ReadonlySet<string> {
    const props = new Set<string>();
    for (const [prop, source] of ownEntries(node.expressions)) {
      if (typeof source === "string" && !entry.actions?.includes(prop)) props.add(prop);
    }
    return props;
  }

  /**
   * A part that waits for query data: `#pending`, standing in for `type` (the
   * component it will be, `#text` for an interpolation), with the unanswered
   * queries it waits on. Its static twin is the compiled node, unevaluated.
   */
  private pendingView(node: UiNode, context: Context, type: string, waiting: readonly string[]): UiViewNode {
    const view = this.view(node, context, "#pending", { type }, []);
    view.pending = waiting;
    this.fallbackOf.set(view, node);
    return view;
  }

  private action(node: UiNode, source: string, context: Context): UiViewAction {
    const ast = this.parse(source);
    if (!uiActionKind(ast)) throw new ElementProblem("invalid_action", source);
    const state = this.state;
    const live = this.live && node.complete === true;
    const locals = context.locals;
    return {
      expression: source,
      run: () => {
        if (!live) return false;
        try {
          state.run(ast, locals);
          return true;
        } catch {
          return false;
        }
      },
    };
  }

  private binding(node: UiNode, entry: UiCatalogEntry, view: UiViewNode, raw: UiRecord, prop: string, variable: string): UiBinding {
    const state = this.state;
    const live = this.live && node.complete === true;
    const type = String(node.type);
    return {
      variable,
      value: raw[prop] ?? null,
      set: (value: unknown): boolean => {
        if (!live) return false;
        try {
          const candidate: UiRecord = { ...raw };
          candidate[prop] = copyUiValue(value);
          const parsed = entry.schema.safeParse(candidate);
          if (!parsed.success) return false;
          if (!uiControlAccepts(type, parsed.data as UiRecord, prop, view.children)) return false;
          state.set(variable, candidate[prop]);
          return true;
        } catch {
          return false;
        }
      },
    };
  }

  // -- view nodes ---------------------------------------------------------------

  private idOf(node: UiNode, context: Context): string {
    return `${String(node.id)}${context.suffix}`;
  }

  private view(
    node: UiNode,
    context: Context,
    type: string,
    props: UiRecord,
    children: UiViewNode[],
    bindings: UiViewNode["bindings"] = {},
    actions: UiViewNode["actions"] = {},
  ): UiViewNode {
    const view: UiViewNode = {
      id: this.idOf(node, context),
      type,
      props,
      children,
      bindings,
      actions,
      complete: node.complete === true,
    };
    if (context.suffix !== "") view.sourceId = String(node.id);
    this.sourceOf.set(view, node);
    return view;
  }

  /** An element that cannot be drawn: its Markdown fallback, written from what did evaluate. */
  private fallback(node: UiNode, context: Context, props: UiRecord, children: UiViewNode[], diagnostic: UiDiagnostic): UiViewNode {
    this.push(diagnostic);
    // Props that did not evaluate stay expressions, which the fallback shows as a placeholder.
    const expressions: UiNode["expressions"] = {};
    for (const [prop, source] of ownEntries(node.expressions)) {
      if (typeof source === "string" && !Object.hasOwn(props, prop)) expressions[prop] = source;
    }
    const twin: UiNode = {
      id: String(node.id),
      type: String(node.type),
      props,
      expressions,
      bindings: {},
      children: this.staticNodes(children),
      range: rangeOf(node),
      complete: node.complete === true,
    };
    const view = this.view(node, context, "#fallback", { text: uiNodesFallbackText([twin]), type: String(node.type) }, []);
    this.fallbackOf.set(view, twin);
    return view;
  }

  /** A node shown as its compiled fallback, nothing evaluated (an unknown catalog, or a spent budget). */
  private unevaluatedFallback(node: UiNode, context: Context = { locals: {}, suffix: "", depth: 0 }): UiViewNode {
    const view = this.view(node, context, "#fallback", { text: uiNodesFallbackText([node]), type: String(node.type) }, []);
    this.fallbackOf.set(view, node);
    return view;
  }

  private staticNode(view: UiViewNode): UiNode {
    const twin = this.fallbackOf.get(view);
    if (twin) return twin;
    const source = this.sourceOf.get(view);
    return {
      id: view.sourceId ?? view.id,
      type: view.type,
      props: view.props,
      expressions: {},
      bindings: {},
      children: this.staticNodes(view.children),
      range: source ? rangeOf(source) : EMPTY_RANGE,
      complete: view.complete,
    };
  }

  // -- diagnostics --------------------------------------------------------------

  private problem(node: UiNode, context: Context, code: UiDiagnosticCode, detail?: string): UiDiagnostic {
    return { code, message: uiDiagnosticMessage(code, detail), range: rangeOf(node), nodeId: this.idOf(node, context) };
  }

  private report(code: UiDiagnosticCode, range: UiRange, nodeId?: string, detail?: string): void {
    const diagnostic: UiDiagnostic = { code, message: uiDiagnosticMessage(code, detail), range };
    if (nodeId !== undefined) diagnostic.nodeId = nodeId;
    this.push(diagnostic);
  }

  /** Keeps at most `limits.diagnostics`; the rest are counted into one closing diagnostic. */
  private push(diagnostic: UiDiagnostic): void {
    if (this.diagnostics.length < this.budget.limits.diagnostics) this.diagnostics.push(diagnostic);
    else this.diagnosticsDropped += 1;
  }

  private finishDiagnostics(): UiDiagnostic[] {
    if (this.diagnosticsDropped > 0) {
      this.diagnostics.push({
        code: "too_many_diagnostics",
        message: uiDiagnosticMessage("too_many_diagnostics", `${this.diagnosticsDropped} more`),
        range: EMPTY_RANGE,
      });
    }
    return this.diagnostics;
  }
}

/** Turns anything caught at the top into one diagnostic (used by `evaluateUiBlock`'s last resort). */
export function uiEvaluationFailure(caught: unknown): UiDiagnostic {
  return uiDiagnostic(toUiFailure(caught));
}
