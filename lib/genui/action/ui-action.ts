/**
 * The `[octo-ui-action]` envelope: the user turn a button sends, carrying the
 * action's name, every field of its fence, the button's payload and (for a
 * panel with an id) the panel, which makes the turn a silent update.
 */
import { z } from "zod";
import { GENUI_LIMITS } from "../limits";
import { GenuiFieldValuesSchema } from "../schema/condition";
import { GenuiPayloadSchema } from "../schema/nodes";
import { GenuiPanelIdSchema } from "../schema/spec";

/** The literal start of an action message, space included. */
export const UI_ACTION_PREFIX = "[octo-ui-action] ";

/** An action envelope: `{panel?, action, fields, payload}`. */
export const UiActionSchema = z.object({
  panel: GenuiPanelIdSchema.optional(),
  action: z.string().min(1).max(GENUI_LIMITS.stringLength),
  fields: GenuiFieldValuesSchema,
  payload: GenuiPayloadSchema,
});

/** An action envelope. */
export type UiAction = z.infer<typeof UiActionSchema>;
