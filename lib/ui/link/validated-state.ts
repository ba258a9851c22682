import { checkUiInput } from "../choice/check-input";
import type { UiBlock } from "../envelope/schema";
import type { UiRecord } from "../expression/value";
import { toUiFailure } from "../failure";

/**
 * Checks submitted values against the declared, visible input controls of a
 * stored, completed block before a host query or a link uses them, and
 * returns them copied. Throws `UiFailure` with the refusals of
 * `resolveUiChoice`'s input check: `unsupported_catalog`, `unfinished_block`,
 * `unknown_state`, `not_state`, `type_change`, `invalid_input`.
 */
export function uiValidatedState(block: UiBlock, values: unknown): UiRecord {
  try {
    return checkUiInput(block, values).values;
  } catch (caught) {
    throw toUiFailure(caught);
  }
}
