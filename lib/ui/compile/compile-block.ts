/**
 * `compileUiBlock`: one fence's contents to one `UiBlock`, outside any reply.
 */
import { UI_CATALOG_VERSION } from "../catalog/catalog";
import type { UiBlock } from "../envelope/schema";
import { resolveUiLimits } from "../limits";
import { assembleUiBlock, uiBlockContext } from "./block";
import { UiBlockCompilation } from "./block-compilation";
import type { UiCompileOptions } from "./options";

/**
 * Compiles one fence's contents. The block's id is `options.id`; its ranges
 * cover the whole source. With `final` the source is taken as a closed fence
 * (unfinished syntax is reported, and the block can be complete); without it,
 * as a fence still streaming. Never throws.
 */
export function compileUiBlock(source: string, options: UiCompileOptions): UiBlock {
  const now = options.now ?? (() => globalThis.performance.now());
  const limits = resolveUiLimits(options.limits);
  const context = uiBlockContext({ blockId: options.id, catalog: UI_CATALOG_VERSION, compile: options, now });
  const final = options.final === true;
  const result = new UiBlockCompilation(context).update(source, final, now() + limits.elapsedMs);
  const range = { start: 0, end: source.length };
  return assembleUiBlock({ id: options.id, range, source: { ...range }, catalog: UI_CATALOG_VERSION, closed: final }, result);
}
