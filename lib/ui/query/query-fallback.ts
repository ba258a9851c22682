import { UI_CATALOG_VERSION } from "../catalog/catalog";
import type { UiBlock } from "../envelope/schema";
import { UiBlockEvaluator } from "../evaluate/block-evaluator";
import { uiNodesFallbackText } from "../evaluate/fallback-text";
import { copyUiValue } from "../expression/copy";
import { toUiFailure, UiFailure } from "../failure";
import { UiState } from "../state/ui-state";

/**
 * The block's Markdown fallback with the host's first query results filled
 * in, for transports that draw no tree and for the stored reply: the block is
 * evaluated with its defaults and `values` (query data by query name), and the
 * catalog's `uiBlockFallback` writes the evaluated tree (`Show`/`Each`
 * resolved, expressions replaced by their values). A block of an unknown
 * catalog keeps its compiled fallback. Throws `UiFailure`: `unknown_query`,
 * or a `copyUiValue` refusal of the data.
 */
export function uiQueryFallback(block: UiBlock, values: unknown): string {
  try {
    if (block.catalog !== UI_CATALOG_VERSION) return typeof block.fallback === "string" ? block.fallback : "";
    const state = new UiState(block);
    const data = copyUiValue(values ?? {});
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      throw new UiFailure("invalid_value", "query data is an object by query name");
    }
    for (const [name, value] of Object.entries(data)) state.setQuery(name, value, block);
    const evaluator = new UiBlockEvaluator(block, state, undefined);
    return uiNodesFallbackText(evaluator.staticNodes(evaluator.evaluate().nodes));
  } catch (caught) {
    throw toUiFailure(caught);
  }
}
