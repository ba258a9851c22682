/**
 * `UiCompiler`: compiles a reply's UI fences again and again as the reply
 * streams, redoing as little as possible. When the new text extends the last
 * one (the streaming case), the fence scanner resumes at its last complete
 * line, closed fences keep their blocks as they are, and the open fence's
 * compilation resumes where its parser stopped. Any other change rescans the
 * text and keeps the blocks whose fence is unchanged. A final update compiles
 * the authoritative text from scratch, so the stored tree never depends on
 * the path the previews took.
 *
 * The reply budget (`UI_REPLY_LIMITS`) is checked on every compilation and
 * never remembered: a fence past it stays text, the first refused fence gets
 * a stand-in block carrying the one `reply_budget` diagnosis (no nodes; its
 * fallback is the fence's own text), and scanning stops there. Its time is
 * the time this compilation spends on fences (a kept block costs nothing), by
 * `options.now`: wall-clock time unless the host passes another clock.
 */
import { UI_CATALOG_VERSION } from "../catalog/catalog";
import type { UiBlock, UiDiagnostic } from "../envelope/schema";
import { UiFailure } from "../failure";
import { resolveUiLimits, UI_REPLY_LIMITS, type UiLimitName, type UiReplyLimits } from "../limits";
import { parseUiFenceInfo, type UiFenceInfo } from "../syntax/fence-info";
import { UiFenceScanner, type UiFence } from "../syntax/fences";
import { assembleUiBlock, uiBlockContext } from "./block";
import { UiBlockCompilation } from "./block-compilation";
import { diagnostic } from "./context";
import type { UiCompilerOptions, UiCompileUpdate } from "./options";

/** What is kept of one fence between compilations. */
type FenceEntry = {
  /** Where the fence starts in the reply. */
  start: number;
  /** Its info string, and what it says. */
  info: string;
  fenceInfo: UiFenceInfo;
  /** Block id, catalog and fence diagnostics, in one comparable key. */
  key: string;
  /** The panel id the block took (its fence's `id=`, unless an earlier fence had it). */
  panelId: string | undefined;
  /** The body compiled last (a slice of the reply). */
  body: string;
  closed: boolean;
  /** Compiled for a final update. */
  replyFinal: boolean;
  /** The open fence's compilation, resumed as its body grows. */
  compilation: UiBlockCompilation;
  block: UiBlock;
  nodeCount: number;
};

/** Running totals of one compilation against the reply budget. */
type ReplyTotals = { blocks: number; sourceUnits: number; nodes: number; elapsedMs: number };

/** Compiles a streaming reply's UI fences, keeping what has not changed (see the file comment). */
export class UiCompiler {
  private readonly options: UiCompilerOptions;
  private readonly now: () => number;
  private readonly limits: Readonly<Record<UiLimitName, number>>;
  private readonly replyLimits: UiReplyLimits;
  private text = "";
  private scanner: UiFenceScanner | null = null;
  private entries: (FenceEntry | undefined)[] = [];

  /** A compiler for one reply; `options` hold what stays the same for all its updates. */
  constructor(options: UiCompilerOptions) {
    this.options = options;
    this.now = options.now ?? (() => globalThis.performance.now());
    this.limits = resolveUiLimits(options.limits);
    this.replyLimits = { ...UI_REPLY_LIMITS, ...definedOnly(options.replyLimits) };
  }

  /** Compiles the reply as it stands; `update.final` marks the authoritative text. Never throws. */
  compile(text: string, update: UiCompileUpdate = {}): UiBlock[] {
    const final = update.final === true;
    const previous = this.text;
    let appended = false;
    if (final) {
      this.scanner = new UiFenceScanner(text);
      this.scanner.finish();
      this.entries = [];
    } else if (
      this.scanner &&
      !this.scanner.final &&
      text.length >= previous.length &&
      // A slice compares with memcmp; `startsWith` walks character by character.
      text.slice(0, previous.length) === previous &&
      this.scanner.extend(text)
    ) {
      appended = true;
    } else {
      this.scanner = new UiFenceScanner(text);
    }
    this.text = text;
    const scanner = this.scanner as UiFenceScanner;
    const blocks: UiBlock[] = [];
    const totals: ReplyTotals = { blocks: 0, sourceUnits: 0, nodes: 0, elapsedMs: 0 };
    const panelIds = new Set<string>();
    let index = 0;
    for (let fence = scanner.fence(0); fence; fence = scanner.fence(++index)) {
      const entry = this.entries[index];
      const bodyLength = fence.body.end - fence.body.start;
      if (appended && entry && entry.closed && fence.closed && entry.replyFinal === final && !this.attachmentChanged(entry, update)) {
        // A fence closed before this append: nothing about it or before it changed.
        if (entry.panelId !== undefined) panelIds.add(entry.panelId);
        const refusal = this.refusal(totals, bodyLength) ?? (totals.nodes + entry.nodeCount > this.replyLimits.nodes ? `more than ${this.replyLimits.nodes} nodes` : null);
        if (refusal) {
          blocks.push(this.refusedBlock(text, fence, entry.block.id, entry.block.catalog, refusal));
          return blocks;
        }
        totals.blocks++;
        totals.sourceUnits += bodyLength;
        totals.nodes += entry.nodeCount;
        blocks.push(entry.block);
        continue;
      }
      const fenceInfo = entry && entry.info === fence.info ? entry.fenceInfo : parseUiFenceInfo(fence.info);
      const fenceDiagnostics: UiDiagnostic[] = [];
      const zero = { start: 0, end: 0 };
      for (const problem of fenceInfo.problems) fenceDiagnostics.push(diagnostic(problem.code, zero, undefined, problem.detail));
      let blockId = `${this.options.id}:${index}`;
      let panelId: string | undefined;
      if (fenceInfo.id !== undefined) {
        if (panelIds.has(fenceInfo.id)) fenceDiagnostics.push(diagnostic("duplicate_block_id", zero, undefined, fenceInfo.id));
        else {
          panelIds.add(fenceInfo.id);
          blockId = panelId = fenceInfo.id;
        }
      }
      const catalog = fenceInfo.catalog ?? UI_CATALOG_VERSION;
      if (catalog !== UI_CATALOG_VERSION) fenceDiagnostics.push(diagnostic("unknown_catalog", zero, undefined, `catalog=${catalog}`));
      if (final && !fence.closed) fenceDiagnostics.push(diagnostic("unfinished_fence", { start: bodyLength, end: bodyLength }));
      const refusal = this.refusal(totals, bodyLength);
      if (refusal) {
        blocks.push(this.refusedBlock(text, fence, blockId, catalog, refusal));
        return blocks;
      }
      const started = this.now();
      let compiled: { block: UiBlock; nodeCount: number };
      try {
        compiled = this.compileFence({ text, index, fence, fenceInfo, blockId, panelId, catalog, fenceDiagnostics, final, appended, update });
      } catch {
        // Compiling never throws by design; should it ever, this fence alone is lost, and not kept.
        this.entries[index] = undefined;
        compiled = { block: this.failedBlock(fence, blockId, catalog), nodeCount: 0 };
      }
      totals.elapsedMs += this.now() - started;
      if (totals.nodes + compiled.nodeCount > this.replyLimits.nodes) {
        blocks.push(this.refusedBlock(text, fence, blockId, catalog, `more than ${this.replyLimits.nodes} nodes`));
        return blocks;
      }
      totals.blocks++;
      totals.sourceUnits += bodyLength;
      totals.nodes += compiled.nodeCount;
      blocks.push(compiled.block);
    }
    // Fences that are gone (the text was shortened or edited) are forgotten.
    this.entries.length = Math.min(this.entries.length, index);
    return blocks;
  }

  /** Releases every cached block and text. */
  clear(): void {
    this.text = "";
    this.scanner = null;
    this.entries = [];
  }

  /** Why the next fence is refused by the reply budget, or null. */
  private refusal(totals: ReplyTotals, bodyLength: number): string | null {
    const limits = this.replyLimits;
    if (totals.blocks >= limits.blocks) return `more than ${limits.blocks} blocks`;
    if (totals.sourceUnits + bodyLength > limits.sourceUnits) return `more than ${limits.sourceUnits} UTF-16 units of UI source`;
    if (totals.elapsedMs >= limits.elapsedMs) return `more than ${limits.elapsedMs} ms of compilation`;
    return null;
  }

  /** The stand-in for the first refused fence: no nodes, one diagnosis, and the fence's own text as its fallback. */
  private refusedBlock(text: string, fence: UiFence, blockId: string, catalog: string, detail: string): UiBlock {
    return {
      id: blockId,
      range: fence.range,
      source: fence.body,
      catalog,
      declarations: [],
      nodes: [],
      diagnostics: [diagnostic("reply_budget", { start: 0, end: 0 }, undefined, detail)],
      fallback: text.slice(fence.range.start, fence.range.end),
      complete: fence.closed,
    };
  }

  /** A fence whose compilation failed unexpectedly: no nodes, one `internal` diagnostic. */
  private failedBlock(fence: UiFence, blockId: string, catalog: string): UiBlock {
    const failure = new UiFailure("internal");
    return {
      id: blockId,
      range: fence.range,
      source: fence.body,
      catalog,
      declarations: [],
      nodes: [],
      diagnostics: [{ code: failure.code, message: failure.message, range: { start: 0, end: 0 } }],
      fallback: "",
      complete: false,
    };
  }

  /** True when the latest attachment changed for a block that shows it. */
  private attachmentChanged(entry: FenceEntry, update: UiCompileUpdate): boolean {
    return entry.compilation.usesLatestAttachment && entry.compilation.latestAttachment !== update.latestAttachment;
  }

  /** The block of one fence: kept, resumed, or compiled afresh. */
  private compileFence(input: {
    text: string;
    index: number;
    fence: UiFence;
    fenceInfo: UiFenceInfo;
    blockId: string;
    panelId: string | undefined;
    catalog: string;
    fenceDiagnostics: UiDiagnostic[];
    final: boolean;
    appended: boolean;
    update: UiCompileUpdate;
  }): { block: UiBlock; nodeCount: number } {
    const { text, index, fence, fenceInfo, blockId, panelId, catalog, fenceDiagnostics, final, appended, update } = input;
    const key = `${blockId}\u0000${catalog}\u0000${fenceDiagnostics.map((item) => item.message).join("\u0000")}`;
    const old = this.entries[index];
    const sameFence = old !== undefined && old.start === fence.range.start && old.key === key && old.replyFinal === final;
    const attachmentChanged = old !== undefined && this.attachmentChanged(old, update);
    if (old && sameFence && !attachmentChanged) {
      if (old.closed && fence.closed && (appended || (old.block.range.end === fence.range.end && old.body === text.slice(fence.body.start, fence.body.end)))) {
        return old;
      }
      if (!old.closed) {
        const body = text.slice(fence.body.start, fence.body.end);
        if (appended || body.startsWith(old.body)) {
          old.compilation.latestAttachment = update.latestAttachment;
          const result = old.compilation.update(body, fence.closed || final, this.now() + this.limits.elapsedMs, fenceDiagnostics);
          old.body = body;
          old.closed = fence.closed;
          old.block = assembleUiBlock({ id: blockId, range: fence.range, source: fence.body, catalog, closed: fence.closed }, result);
          old.nodeCount = result.nodeCount;
          return old;
        }
      }
    }
    const body = text.slice(fence.body.start, fence.body.end);
    const context = uiBlockContext({ blockId, catalog, compile: { ...this.options, ...update }, now: this.now });
    const compilation = new UiBlockCompilation(context);
    const result = compilation.update(body, fence.closed || final, this.now() + this.limits.elapsedMs, fenceDiagnostics);
    const entry: FenceEntry = {
      start: fence.range.start,
      info: fence.info,
      fenceInfo,
      key,
      panelId,
      body,
      closed: fence.closed,
      replyFinal: final,
      compilation,
      block: assembleUiBlock({ id: blockId, range: fence.range, source: fence.body, catalog, closed: fence.closed }, result),
      nodeCount: result.nodeCount,
    };
    this.entries[index] = entry;
    return entry;
  }
}

/** The entries of a partial override that are set. */
function definedOnly(overrides: Partial<UiReplyLimits> | undefined): Partial<UiReplyLimits> {
  const result: { -readonly [Name in keyof UiReplyLimits]?: number } = {};
  if (!overrides) return result;
  for (const name of Object.keys(UI_REPLY_LIMITS) as (keyof UiReplyLimits)[]) {
    const value = overrides[name];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) result[name] = value;
  }
  return result;
}
