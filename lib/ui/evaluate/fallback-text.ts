import { uiBlockFallback } from "../catalog/fallback";
import type { UiNode } from "../envelope/schema";

/** The catalog's Markdown fallback of some nodes; an empty string if it fails, so an evaluation never throws. */
export function uiNodesFallbackText(nodes: UiNode[]): string {
  try {
    return uiBlockFallback(nodes);
  } catch {
    return "";
  }
}
