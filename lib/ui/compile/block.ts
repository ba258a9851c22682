/**
 * Assembles `UiBlock`s: a compiled body with its fence's id, ranges, catalog
 * and diagnostics, and its Markdown fallback; or, when the block broke its
 * budget, the bounded stand-in that replaces it whole.
 */
import { UI_CATALOG, UI_CATALOG_VERSION } from "../catalog/catalog";
import { uiBlockFallback } from "../catalog/fallback";
import { uiDiagnosticMessage } from "../diagnostics/codes";
import type { UiBlock, UiDiagnostic, UiNode, UiRange } from "../envelope/schema";
import { resolveUiLimits } from "../limits";
import type { UiBlockCompilationResult } from "./block-compilation";
import type { UiBlockContext } from "./context";
import type { UiCompileOptions } from "./options";

/** Where a block stands and what its fence said. */
export type UiBlockPlace = {
  id: string;
  /** The whole fence in the reply. */
  range: UiRange;
  /** The body in the reply. */
  source: UiRange;
  catalog: string;
  /** The fence was closed (for `compileUiBlock`: the source is final). */
  closed: boolean;
};

/**
 * The block of a compiled body: nodes and diagnostics, or the whole-block
 * replacement of a budget failure. Its `fallback` is computed when first read
 * (then kept): previews are compiled many times a second and their fallback
 * is rarely wanted, while JSON, `structuredClone` and zod read it like any
 * other field. Assigning it replaces it.
 */
export function assembleUiBlock(place: UiBlockPlace, result: UiBlockCompilationResult): UiBlock {
  const block: UiBlock = {
    id: place.id,
    range: place.range,
    source: place.source,
    catalog: place.catalog,
    declarations: result.declarations,
    nodes: result.nodes,
    diagnostics: result.diagnostics,
    fallback: "",
    complete: place.closed && result.complete && result.failure === null,
  };
  if (result.failure) block.fallback = budgetFallback(result.diagnostics[0]);
  else defineLazyFallback(block, result.nodes);
  return block;
}

/** Makes `block.fallback` the catalog's fallback of `nodes`, computed on first read. */
function defineLazyFallback(block: UiBlock, nodes: readonly UiNode[]): void {
  let fallback: string | undefined;
  Object.defineProperty(block, "fallback", {
    enumerable: true,
    configurable: true,
    get(): string {
      if (fallback === undefined) {
        try {
          fallback = uiBlockFallback(nodes);
        } catch {
          // The fallback must never make reading a block throw.
          fallback = "";
        }
      }
      return fallback;
    },
    set(value: string) {
      fallback = value;
    },
  });
}

/**
 * What stands for a block refused by its budget: one short line, whatever the
 * block's size, so a hostile block cannot make its fallback large either.
 */
function budgetFallback(diagnostic: UiDiagnostic | undefined): string {
  return `_${diagnostic?.message ?? uiDiagnosticMessage("budget_exceeded")}_`;
}

/** The context of one block's compilation from the compile options. */
export function uiBlockContext(options: {
  blockId: string;
  catalog: string;
  compile: UiCompileOptions;
  now: () => number;
}): UiBlockContext {
  return {
    blockId: options.blockId,
    catalogKnown: options.catalog === UI_CATALOG_VERSION,
    components: options.compile.catalog ?? UI_CATALOG,
    querySchemas: options.compile.querySchemas ?? {},
    latestAttachment: options.compile.latestAttachment,
    replyFinal: options.compile.final === true,
    limits: resolveUiLimits(options.compile.limits),
    now: options.now,
    declared: new Map(),
    usesLatestAttachment: false,
  };
}
