/**
 * The state rule for a new version of a tag-language panel, the twin of
 * GenUI's `carryPanelState`: a value the person set is kept when the new
 * block still declares that state variable with a default of the same type,
 * and dropped otherwise, so a refreshed panel keeps the person's choices
 * wherever they still make sense.
 */
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { uiBlockDeclarations } from "@/lib/ui/state/declarations";
import type { UiStateSnapshot } from "@/lib/ui/state/snapshot";
import { uiValueType } from "@/lib/ui/state/value-type";

/** The state to give a new version of a panel, from the previous version's state. */
export function carryUiState(previous: UiStateSnapshot, block: UiBlock): UiStateSnapshot {
  const values: UiStateSnapshot["values"] = {};
  for (const declaration of uiBlockDeclarations(block)) {
    if (declaration.kind !== "state" || declaration.value === undefined) continue;
    if (!Object.hasOwn(previous.values, declaration.name)) continue;
    const value = previous.values[declaration.name];
    if (value !== undefined && uiValueType(value) === uiValueType(declaration.value)) values[declaration.name] = value;
  }
  return { values };
}
