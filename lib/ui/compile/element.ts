/**
 * Turns syntax into `UiNode`s under the catalog's rules: a start tag's props
 * become static props, expressions (source text) or bindings; a child that
 * breaks its parent's rule is dropped with a diagnostic; an unknown component
 * is kept with its children (its fallback). Complete subtrees are compiled
 * here in one go; the incremental block compilation calls the same pieces for
 * the elements still open.
 */
import type { UiCatalogEntry } from "../catalog/entry";
import type { UiDiagnostic, UiNode } from "../envelope/schema";
import { isUiConstantExpression, uiActionKind } from "../expression/analyze";
import { UiBudget } from "../expression/budget";
import { evaluateUiExpression } from "../expression/evaluate";
import type { UiValue } from "../expression/value";
import { toUiFailure } from "../failure";
import type { UiSyntaxElement, UiSyntaxInterpolation, UiSyntaxNode, UiSyntaxProp, UiSyntaxText } from "../syntax/types";
import {
  declaredBefore,
  diagnostic,
  expressionFailureDiagnostic,
  parseBodyExpression,
  type UiBlockContext,
  type UiRuleContext,
} from "./context";
import { readUiConstant } from "../syntax/constant";
import type { UiDiagnosticList } from "./diagnostic-list";
import { uiSyntaxConstant } from "../syntax/parser";
import { checkUiExpressionUse, checkUiNames } from "./expression-use";

/** A compiled start tag: everything of a node but its children, range and completeness. */
export type UiCompiledHeader = {
  id: string;
  type: string;
  props: UiNode["props"];
  expressions: UiNode["expressions"];
  bindings: UiNode["bindings"];
  /** Diagnostics of the tag and its props. */
  diagnostics: UiDiagnostic[];
  /** The rule its children are checked against. */
  childContext: UiRuleContext;
};

/** How one prop compiled: where its value goes (or nowhere), and what was found. */
type UiPropOutcome = {
  target: "props" | "expressions" | "bindings" | "none";
  value: UiValue;
  diagnostics: UiDiagnostic[];
};

/** Compiled props of tags still being read, by prop: a tag cut in a later prop does not re-parse the earlier ones. */
export type UiPropCache = WeakMap<UiSyntaxProp, UiPropOutcome>;

/** What a compiled subtree adds to its parent. */
export type UiCompileSink = { nodes: UiNode[]; diagnostics: UiDiagnosticList; nodeCount: number };

const propNamesByEntry = new Map<UiCatalogEntry, ReadonlySet<string>>();

/** The prop names of a component's schema. */
function propNames(entry: UiCatalogEntry): ReadonlySet<string> {
  let names = propNamesByEntry.get(entry);
  if (!names) {
    names = new Set(Object.keys(entry.schema.shape));
    propNamesByEntry.set(entry, names);
  }
  return names;
}

/** The catalog entry of a name, when the block's catalog is known and has it. */
export function catalogEntry(context: UiBlockContext, name: string): UiCatalogEntry | null {
  if (!context.catalogKnown || !Object.hasOwn(context.components, name)) return null;
  return context.components[name] ?? null;
}

/** The node id of whatever starts at `offset` in the body. */
export function nodeId(context: UiBlockContext, offset: number): string {
  return `${context.blockId}:${offset}`;
}

/** Compiles a start tag: props, expressions, bindings and their diagnostics. */
export function compileUiElementHeader(
  element: UiSyntaxElement,
  ruleContext: UiRuleContext,
  context: UiBlockContext,
  cache?: UiPropCache,
): UiCompiledHeader {
  const id = nodeId(context, element.range.start);
  const entry = catalogEntry(context, element.name);
  const diagnostics: UiDiagnostic[] = [];
  if (context.catalogKnown && !entry) diagnostics.push(diagnostic("unknown_component", element.nameRange, id, `<${element.name}>`));
  const known = entry ? propNames(entry) : null;
  const literal = entry?.children.kind === "literal";
  const header: UiCompiledHeader = { id, type: element.name, props: {}, expressions: {}, bindings: {}, diagnostics, childContext: ruleContext };
  for (const prop of element.props) {
    if (known && !known.has(prop.name)) {
      diagnostics.push(diagnostic("refused_prop", prop.range, id, `${prop.name} on <${element.name}>`));
      continue;
    }
    if (literal && prop.name === "code" && !element.selfClosing) {
      diagnostics.push(diagnostic("duplicate_prop", prop.range, id, `<${element.name}>'s body is its code`));
      continue;
    }
    let outcome = cache?.get(prop);
    if (!outcome) {
      outcome = compileProp(prop, element, entry, ruleContext, context, id);
      if (cache && prop.complete) cache.set(prop, outcome);
    }
    for (const item of outcome.diagnostics) diagnostics.push(item);
    if (outcome.target === "props") header.props[prop.name] = outcome.value;
    else if (outcome.target === "expressions") header.expressions[prop.name] = outcome.value as string;
    else if (outcome.target === "bindings") header.bindings[prop.name] = outcome.value as string;
  }
  if (element.name === "Image" && entry && header.props.generated === "latest") {
    context.usesLatestAttachment = true;
    if (context.latestAttachment !== undefined) {
      delete header.props.generated;
      header.props.attachment = context.latestAttachment;
    } else if (context.replyFinal) {
      diagnostics.push(diagnostic("unresolved_attachment", element.tagRange, id));
    }
  }
  header.childContext = childContext(element, header, entry, ruleContext);
  return header;
}

/** The rule an element's children are checked against (`Show`/`Each` pass their parent's through). */
function childContext(element: UiSyntaxElement, header: UiCompiledHeader, entry: UiCatalogEntry | null, around: UiRuleContext): UiRuleContext {
  if (!entry) return { parentType: element.name, rule: "unknown", locals: around.locals };
  if (entry.transparent) {
    const bound = header.props.as;
    // An `Each` binds its local for its children; a name given by an expression cannot be known here.
    const locals = typeof bound === "string" && bound.length > 0 ? [...around.locals, bound] : around.locals;
    return { parentType: around.parentType, rule: around.rule, locals };
  }
  return { parentType: element.name, rule: entry.children, locals: around.locals };
}

/** One prop's outcome. */
function compileProp(
  prop: UiSyntaxProp,
  element: UiSyntaxElement,
  entry: UiCatalogEntry | null,
  ruleContext: UiRuleContext,
  context: UiBlockContext,
  id: string,
): UiPropOutcome {
  if (prop.kind === "flag") return { target: "props", value: true, diagnostics: [] };
  if (prop.kind === "string") return { target: "props", value: prop.value, diagnostics: [] };
  const isAction = entry?.actions?.includes(prop.name) === true;
  if (!isAction) {
    const constant = uiSyntaxConstant(prop) ?? readUiConstant(prop.value, context.limits);
    if (constant) return { target: "props", value: constant.value, diagnostics: [] };
  }
  const parsed = parseBodyExpression(context, prop.value, prop.valueRange.start);
  if (!parsed.ok) {
    if (parsed.failure.code === "budget_time") throw parsed.failure;
    if (parsed.source.length === 0)
      return { target: "none", value: null, diagnostics: [diagnostic("expression_syntax", prop.range, id, `${prop.name}={} is empty`)] };
    return { target: "none", value: null, diagnostics: [expressionFailureDiagnostic(parsed, id)] };
  }
  const { ast, source, range } = parsed;
  const position = element.range.start;
  if (isAction) {
    const action = uiActionKind(ast);
    if (!action) return { target: "none", value: null, diagnostics: [diagnostic("invalid_action", range, id)] };
    if (action.kind !== "reset-all" && declaredBefore(context, action.name, position)?.kind !== "state")
      return { target: "none", value: null, diagnostics: [diagnostic("invalid_action", range, id, `$${action.name} is not a declared state variable`)] };
    const diagnostics = action.kind === "set" ? checkUiNames({ context, ast: action.value, range, position, locals: ruleContext.locals, nodeId: id }) : [];
    return { target: "expressions", value: source, diagnostics };
  }
  const use = checkUiExpressionUse({ context, ast, range, position, locals: ruleContext.locals, nodeId: id });
  if (use.dropped) return { target: "none", value: null, diagnostics: use.diagnostics };
  const diagnostics = use.diagnostics;
  if (ast.kind === "variable" && entry?.bindable?.includes(prop.name)) {
    const declared = declaredBefore(context, ast.name, position);
    if (declared?.kind === "state") return { target: "bindings", value: ast.name, diagnostics };
    if (declared && declared.kind !== "invalid")
      diagnostics.push(diagnostic("invalid_binding", range, id, `$${ast.name} is a ${declared.kind} value, not a state variable`));
  }
  if (isUiConstantExpression(ast)) {
    try {
      return { target: "props", value: evaluateUiExpression(ast, {}, UiBudget.forCompilation(context.limits, context.now)), diagnostics };
    } catch (caught) {
      const failure = toUiFailure(caught);
      if (failure.code === "budget_time") throw failure;
      diagnostics.push(diagnostic("evaluation_failed", range, id, failure.message));
      return { target: "none", value: null, diagnostics };
    }
  }
  return { target: "expressions", value: source, diagnostics };
}

/** Why a child may not stand where it is, or null when it may. */
export function childProblem(
  child: UiSyntaxNode,
  ruleContext: UiRuleContext,
  context: UiBlockContext,
): { code: "invalid_child" | "invalid_parent" | "stray_text" | "silent"; detail?: string } | null {
  const { rule, parentType } = ruleContext;
  const where = parentType ? `<${parentType}>` : "the top level";
  if (child.kind === "comment") return { code: "silent" };
  if (child.kind === "text" || child.kind === "expression") {
    const blank = child.kind === "text" && child.text.trim().length === 0;
    if (rule === "unknown") return null;
    if (rule === "root") return blank ? { code: "silent" } : { code: "stray_text" };
    if (rule.kind === "content" && rule.text) return null;
    return blank ? { code: "silent" } : { code: "invalid_child", detail: `${where} takes no text` };
  }
  if (rule === "unknown") return null;
  const entry = catalogEntry(context, child.name);
  if (!entry) {
    // An unknown component is kept for its fallback wherever anything may stand.
    if (rule !== "root" && rule.kind !== "content") return { code: "invalid_child", detail: `${where} takes no children` };
    return null;
  }
  if (entry.parents && !entry.parents.includes(parentType))
    return { code: "invalid_parent", detail: `<${child.name}> stands inside ${entry.parents.map((name) => `<${name}>`).join(" or ")}, not ${where}` };
  if (rule === "root") return null;
  if (rule.kind !== "content") return { code: "invalid_child", detail: `${where} takes no children` };
  if (entry.transparent || rule.components === "any" || rule.components.includes(child.name)) return null;
  return { code: "invalid_child", detail: `${where} does not take <${child.name}>` };
}

/** A `#text` node. */
export function textNode(text: UiSyntaxText, context: UiBlockContext): UiNode {
  return {
    id: nodeId(context, text.range.start),
    type: "#text",
    props: { text: text.text },
    expressions: {},
    bindings: {},
    children: [],
    range: { start: text.range.start, end: text.range.end },
    complete: text.complete,
  };
}

/** An `#expression` node, or null (with diagnostics) when its expression cannot be used. */
export function interpolationNode(
  interpolation: UiSyntaxInterpolation,
  ruleContext: UiRuleContext,
  context: UiBlockContext,
  diagnostics: UiDiagnosticList,
): UiNode | null {
  const id = nodeId(context, interpolation.range.start);
  const parsed = parseBodyExpression(context, interpolation.source, interpolation.sourceRange.start);
  if (!parsed.ok) {
    if (parsed.failure.code === "budget_time") throw parsed.failure;
    diagnostics.add(expressionFailureDiagnostic(parsed, id));
    return null;
  }
  const use = checkUiExpressionUse({
    context,
    ast: parsed.ast,
    range: parsed.range,
    position: interpolation.range.start,
    locals: ruleContext.locals,
    nodeId: id,
  });
  diagnostics.addAll(use.diagnostics);
  if (use.dropped) return null;
  return {
    id,
    type: "#expression",
    props: {},
    expressions: { value: parsed.source },
    bindings: {},
    children: [],
    range: { start: interpolation.range.start, end: interpolation.range.end },
    complete: true,
  };
}

/** Compiles one child (and, for a complete element, its whole subtree) into `sink`. */
export function compileUiChild(child: UiSyntaxNode, ruleContext: UiRuleContext, context: UiBlockContext, sink: UiCompileSink, cache?: UiPropCache): void {
  const problem = childProblem(child, ruleContext, context);
  if (problem && problem.code !== "stray_text") {
    if (problem.code !== "silent") sink.diagnostics.add(diagnostic(problem.code, childRange(child), nodeId(context, child.range.start), problem.detail));
    return;
  }
  if (problem?.code === "stray_text") sink.diagnostics.add(diagnostic("stray_text", child.range, nodeId(context, child.range.start)));
  if (child.kind === "text") {
    sink.nodes.push(textNode(child, context));
    sink.nodeCount++;
    return;
  }
  if (child.kind === "expression") {
    const node = interpolationNode(child, ruleContext, context, sink.diagnostics);
    if (node) {
      sink.nodes.push(node);
      sink.nodeCount++;
    }
    return;
  }
  if (child.kind !== "element") return;
  // Only a start tag still being read is compiled again: the cache is for it alone.
  const header = compileUiElementHeader(child, ruleContext, context, child.tagComplete ? undefined : cache);
  sink.diagnostics.addAll(header.diagnostics);
  const inner: UiCompileSink = { nodes: [], diagnostics: sink.diagnostics, nodeCount: 0 };
  for (const grandchild of child.children) compileUiChild(grandchild, header.childContext, context, inner);
  sink.nodes.push(elementNode(header, child, inner.nodes, child.literal?.text));
  sink.nodeCount += inner.nodeCount + 1;
}

/** The node of an element from its compiled header and children. */
export function elementNode(header: UiCompiledHeader, element: UiSyntaxElement, children: UiNode[], literal: string | undefined, end = element.range.end): UiNode {
  const props = literal === undefined ? header.props : { ...header.props, code: literal };
  return {
    id: header.id,
    type: header.type,
    props,
    expressions: header.expressions,
    bindings: header.bindings,
    children,
    range: { start: element.range.start, end },
    complete: element.complete,
  };
}

/** The range a diagnostic about a child points at: an element's start tag, or the whole text. */
function childRange(child: UiSyntaxNode) {
  return child.kind === "element" ? child.tagRange : child.range;
}
