/**
 * The incremental compilation of one block body. It owns a `UiSyntaxParser`
 * and mirrors the parser's open elements with frames: each frame keeps the
 * compiled nodes of its complete children and how many syntax children it
 * has consumed, so an update compiles only what completed since the last one,
 * plus the open path (whose nodes are rebuilt, reusing every complete child
 * by reference) and the tail still being read. A from-scratch compile is the
 * same code fed once, which is what makes streamed and whole results equal.
 * `fenceDiagnostics` (the info string's, an unfinished fence's) lead the
 * block's diagnostics.
 */
import { uiDiagnosticMessage } from "../diagnostics/codes";
import type { UiDeclaration, UiDiagnostic, UiNode } from "../envelope/schema";
import type { UiFailureCode } from "../diagnostics/codes";
import { toUiFailure, UiFailure } from "../failure";
import { UiSyntaxParser, type UiSyntaxState } from "../syntax/parser";
import { UI_CATALOG } from "../catalog/catalog";
import type { UiCompileCatalog } from "./options";
import type { UiSyntaxElement, UiSyntaxNode } from "../syntax/types";
import { type UiBlockContext, type UiRuleContext, diagnostic } from "./context";
import { UiDiagnosticList } from "./diagnostic-list";
import { compileUiDeclaration } from "./declaration";
import {
  childProblem,
  compileUiChild,
  compileUiElementHeader,
  elementNode,
  nodeId,
  type UiCompiledHeader,
  type UiCompileSink,
  type UiPropCache,
} from "./element";

/** Children compiled between two readings of the clock: a child costs microseconds, reading the clock about as much. */
const CLOCK_INTERVAL_NODES = 32;

/** An element still open, or the top level. */
type Frame = {
  /** The open element (null for the top level). */
  syntax: UiSyntaxElement | null;
  header: UiCompiledHeader | null;
  /** The rule its children are checked against. */
  context: UiRuleContext;
  /** Compiled complete children, in order. */
  nodes: UiNode[];
  /** Diagnostics of its start tag and of its complete children. */
  diagnostics: UiDiagnosticList;
  /** Nodes inside its complete children. */
  nodeCount: number;
  /** Syntax children consumed into `nodes`. */
  consumed: number;
  /** The frame of its open last child. */
  child: Frame | null;
  /** True when the element itself was dropped (it broke its parent's rule): its content is not compiled. */
  dropped: boolean;
};

/** What one update of a block's compilation produced. */
export type UiBlockCompilationResult = {
  declarations: UiDeclaration[];
  nodes: UiNode[];
  /** At most `limits.diagnostics` plus one `too_many_diagnostics`, in source order. */
  diagnostics: UiDiagnostic[];
  /** Nothing left open in the body. */
  complete: boolean;
  /** Compiled nodes (elements, text, interpolations). */
  nodeCount: number;
  /** A budget failure: the block must be replaced whole. */
  failure: UiFailureCode | null;
};

/** Compiles one growing block body incrementally (see the file comment). */
export class UiBlockCompilation {
  private readonly parser: UiSyntaxParser;
  private readonly context: UiBlockContext;
  private readonly propCache: UiPropCache = new WeakMap();
  private readonly root: Frame;
  private readonly declarations: UiDeclaration[] = [];
  private declarationsSnapshot: UiDeclaration[] = [];
  private readonly declarationDiagnostics: UiDiagnosticList;
  private consumedDeclarations = 0;
  private failure: UiFailureCode | null = null;
  private deadline = Number.POSITIVE_INFINITY;
  private clockCountdown = CLOCK_INTERVAL_NODES;

  /** Prepares the compilation of one block; nothing is read until `update`. */
  constructor(context: UiBlockContext) {
    this.context = context;
    const literalElements = context.components === UI_CATALOG ? undefined : literalElementNames(context.components);
    this.parser = new UiSyntaxParser({ limits: context.limits, now: context.now, ...(literalElements ? { literalElements } : {}) });
    this.declarationDiagnostics = new UiDiagnosticList(context.limits.diagnostics);
    this.root = this.newFrame(null, null, { parentType: "", rule: context.catalogKnown ? "root" : "unknown", locals: [] }, false);
  }

  /** True once an `Image generated="latest"` was compiled. */
  get usesLatestAttachment(): boolean {
    return this.context.usesLatestAttachment;
  }

  /** What `Image generated="latest"` resolves to in what is compiled next. */
  get latestAttachment(): string | undefined {
    return this.context.latestAttachment;
  }

  set latestAttachment(value: string | undefined) {
    this.context.latestAttachment = value;
  }

  /**
   * Compiles `body`, which begins with every body given before, as far as it
   * goes. `final`: the body is complete (its fence closed, or the reply is
   * final). Never throws; a budget failure is returned and stays.
   */
  update(body: string, final: boolean, deadline: number, fenceDiagnostics: readonly UiDiagnostic[] = []): UiBlockCompilationResult {
    if (this.failure) return this.failed(body.length);
    this.parser.feed(body, deadline);
    const state = this.parser.view(final);
    if (state.failure) {
      this.failure = state.failure;
      return this.failed(body.length);
    }
    this.deadline = deadline;
    try {
      return this.compile(state, fenceDiagnostics);
    } catch (caught) {
      this.failure = toUiFailure(caught).code;
      return this.failed(body.length);
    }
  }

  private failed(length: number): UiBlockCompilationResult {
    const failure = this.failure ?? "internal";
    return {
      declarations: [],
      nodes: [],
      diagnostics: [{ code: "budget_exceeded", message: uiDiagnosticMessage("budget_exceeded", new UiFailure(failure).message), range: { start: 0, end: length } }],
      complete: false,
      nodeCount: 0,
      failure,
    };
  }

  private tick(): void {
    if (--this.clockCountdown > 0) return;
    this.clockCountdown = CLOCK_INTERVAL_NODES;
    if (this.context.now() > this.deadline) throw new UiFailure("budget_time");
  }

  private compile(state: UiSyntaxState, fenceDiagnostics: readonly UiDiagnostic[]): UiBlockCompilationResult {
    const context = this.context;
    while (this.consumedDeclarations < state.declarations.length) {
      const syntax = state.declarations[this.consumedDeclarations] as UiSyntaxState["declarations"][number];
      this.tick();
      const compiled = compileUiDeclaration(syntax, context);
      context.declared.set(syntax.name, { kind: compiled.kind, start: syntax.range.start });
      if (compiled.declaration) this.declarations.push(compiled.declaration);
      this.declarationDiagnostics.addAll(compiled.diagnostics);
      this.consumedDeclarations++;
    }
    // The array handed out is never changed afterwards: a new declaration makes a new one.
    if (this.declarationsSnapshot.length !== this.declarations.length) this.declarationsSnapshot = [...this.declarations];
    const declarations = this.declarationsSnapshot;
    let declarationsOut = declarations;
    const collector = new DiagnosticCollector(context.limits.diagnostics, state.omittedDiagnostics);
    collector.add(fenceDiagnostics);
    collector.add(state.diagnostics);
    collector.add(state.tailDiagnostics);
    collector.addList(this.declarationDiagnostics);
    if (state.pendingDeclaration) {
      const compiled = compileUiDeclaration(state.pendingDeclaration, context);
      const pending = compiled.declaration;
      if (pending) declarationsOut = [...declarations, pending];
      collector.add(compiled.diagnostics);
    }
    this.sync(this.root, state.nodes, state, 0);
    const counter = { nodeCount: 0 };
    const nodes = this.output(this.root, state, collector, counter);
    return {
      declarations: declarationsOut,
      nodes,
      diagnostics: collector.result(state.length),
      complete: state.complete,
      nodeCount: counter.nodeCount,
      failure: null,
    };
  }

  /** Consumes the children that completed since the last update; follows the open child down. */
  private sync(frame: Frame, children: readonly UiSyntaxNode[], state: UiSyntaxState, depth: number): void {
    while (frame.consumed < children.length) {
      const child = children[frame.consumed] as UiSyntaxNode;
      if (child.kind === "element" && !child.complete) {
        if (!frame.child || frame.child.syntax !== child) frame.child = this.openFrame(child, frame);
        if (!frame.child.dropped) this.sync(frame.child, child.children, state, depth + 1);
        return;
      }
      this.tick();
      if (frame.child && frame.child.syntax === child) {
        const finished = frame.child;
        frame.child = null;
        if (!finished.dropped) {
          this.sync(finished, child.children, state, depth + 1);
          frame.nodes.push(elementNode(finished.header as UiCompiledHeader, child, finished.nodes, child.literal?.text));
          frame.diagnostics.addList(finished.diagnostics);
          frame.nodeCount += finished.nodeCount + 1;
        }
      } else {
        compileUiChild(child, frame.context, this.context, frame as UiCompileSink);
      }
      frame.consumed++;
    }
  }

  /** A frame for an open child: its start tag compiled once, or dropped with a diagnostic. */
  private openFrame(element: UiSyntaxElement, parent: Frame): Frame {
    const problem = childProblem(element, parent.context, this.context);
    if (problem && problem.code !== "stray_text") {
      if (problem.code !== "silent")
        parent.diagnostics.add(diagnostic(problem.code, element.tagRange, nodeId(this.context, element.range.start), problem.detail));
      return this.newFrame(element, null, parent.context, true);
    }
    const header = compileUiElementHeader(element, parent.context, this.context);
    const frame = this.newFrame(element, header, header.childContext, false);
    frame.diagnostics.addAll(header.diagnostics);
    return frame;
  }

  private newFrame(syntax: UiSyntaxElement | null, header: UiCompiledHeader | null, context: UiRuleContext, dropped: boolean): Frame {
    const diagnostics = new UiDiagnosticList(this.context.limits.diagnostics);
    return { syntax, header, context, nodes: [], diagnostics, nodeCount: 0, consumed: 0, child: null, dropped };
  }

  /** The children of `frame` as they stand: complete ones by reference, then the open child or the tail. */
  private output(frame: Frame, state: UiSyntaxState, collector: DiagnosticCollector, counter: { nodeCount: number }): UiNode[] {
    collector.addList(frame.diagnostics);
    counter.nodeCount += frame.nodeCount;
    const child = frame.child;
    if (child) {
      if (child.dropped) return frame.nodes.slice();
      const children = this.output(child, state, collector, counter);
      const syntax = child.syntax as UiSyntaxElement;
      const innermost = child.child === null;
      const literal = innermost && state.literal ? state.literal.text : undefined;
      counter.nodeCount++;
      return [...frame.nodes, elementNode(child.header as UiCompiledHeader, syntax, children, literal, state.length)];
    }
    if (state.tail.length === 0) return frame.nodes.slice();
    const sink: UiCompileSink = { nodes: frame.nodes.slice(), diagnostics: new UiDiagnosticList(this.context.limits.diagnostics), nodeCount: 0 };
    for (const node of state.tail) compileUiChild(node, frame.context, this.context, sink, this.propCache);
    collector.addList(sink.diagnostics);
    counter.nodeCount += sink.nodeCount;
    return sink.nodes;
  }
}

function bySourceOrder(left: UiDiagnostic, right: UiDiagnostic): number {
  return left.range.start - right.range.start;
}

/** Keeps the first `limit` diagnostics offered and counts the rest. */
class DiagnosticCollector {
  private readonly kept: UiDiagnostic[] = [];
  private omitted: number;

  constructor(
    private readonly limit: number,
    omitted: number,
  ) {
    this.omitted = omitted;
  }

  add(diagnostics: readonly UiDiagnostic[]): void {
    const room = this.limit - this.kept.length;
    if (diagnostics.length <= room) {
      for (const item of diagnostics) this.kept.push(item);
      return;
    }
    for (let index = 0; index < room; index++) this.kept.push(diagnostics[index] as UiDiagnostic);
    this.omitted += diagnostics.length - Math.max(0, room);
  }

  addList(list: UiDiagnosticList): void {
    this.add(list.items);
    this.omitted += list.omitted;
  }

  /** The kept diagnostics in source order, plus one saying how many were left out. */
  result(length: number): UiDiagnostic[] {
    const result = this.kept.length > 1 ? this.kept.slice().sort(bySourceOrder) : this.kept.slice();
    if (this.omitted > 0) result.push(diagnostic("too_many_diagnostics", { start: 0, end: length }, undefined, `${this.omitted} more`));
    return result;
  }
}

/** The names whose body is literal text in an overriding catalog (the default catalog's are `UI_LITERAL_ELEMENTS`). */
function literalElementNames(components: UiCompileCatalog): ReadonlySet<string> {
  return new Set(
    Object.entries(components)
      .filter(([, entry]) => entry.children.kind === "literal")
      .map(([name]) => name),
  );
}
