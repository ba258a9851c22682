import type { UiBlock } from "../envelope/schema";
import type { UiLimits } from "../limits";
import type { UiState } from "../state/ui-state";
import { UiBlockEvaluator, uiEvaluationFailure } from "./block-evaluator";
import type { UiEvaluation, UiViewNode } from "./view-node";

/**
 * Evaluates a compiled block against its state (the declared defaults when
 * none is given; bindings and actions then change nothing) into the tree a
 * renderer draws: props evaluated and validated by the catalog, `Show` and
 * `Each` resolved, invalid or unknown elements replaced by `#fallback`
 * nodes with a diagnostic each, bounded by one `UiBudget` built from
 * `limits`. Never performs a query (query variables read what
 * `state.setQuery` stored) and never throws.
 */
export function evaluateUiBlock(block: UiBlock, state?: UiState, limits?: UiLimits): UiEvaluation {
  try {
    return new UiBlockEvaluator(block, state, limits).evaluate();
  } catch (caught) {
    // Only a block that is not a block at all gets here (its fields unreadable).
    let id = "";
    let text = "";
    try {
      id = String(block.id);
      text = typeof block.fallback === "string" ? block.fallback : "";
    } catch {
      // Even its id is unreadable: an anonymous empty fallback.
    }
    const fallback: UiViewNode = {
      id,
      type: "#fallback",
      props: { text, type: "#block" },
      children: [],
      bindings: {},
      actions: {},
      complete: false,
    };
    return { nodes: [fallback], diagnostics: [uiEvaluationFailure(caught)], supported: false, complete: false };
  }
}
