/** Writing the `[octo-ui-action]` message a button sends. */
import { UI_ACTION_PREFIX, type UiAction } from "./ui-action";

/** What `formatUiAction` takes: `payload` defaults to `{}`. */
export type UiActionInput = Omit<UiAction, "payload"> & { payload?: UiAction["payload"] };

/** `[octo-ui-action] {"panel"?, "action", "fields", "payload"}` — keys in that order, as the guide shows them. */
export function formatUiAction(action: UiActionInput): string {
  const envelope: Record<string, unknown> = {};
  if (action.panel !== undefined) envelope.panel = action.panel;
  envelope.action = action.action;
  envelope.fields = action.fields;
  envelope.payload = action.payload ?? {};
  return UI_ACTION_PREFIX + JSON.stringify(envelope);
}
