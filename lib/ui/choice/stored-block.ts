import { UI_CATALOG_VERSION } from "../catalog/catalog";
import type { UiBlock } from "../envelope/schema";
import { UiFailure } from "../failure";

/**
 * Refuses a block a host must not act on: one written for a catalog this
 * library does not know (`unsupported_catalog`) or one still streaming
 * (`unfinished_block`). Choices, validated input and link targets are only
 * ever taken from a stored, completed block.
 */
export function requireUiStoredBlock(block: UiBlock): void {
  if (block.catalog !== UI_CATALOG_VERSION) throw new UiFailure("unsupported_catalog", String(block.catalog));
  if (block.complete !== true) throw new UiFailure("unfinished_block");
}
