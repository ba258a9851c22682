/**
 * The refusal of a press, a pick or a restore made on a panel revision that
 * is no longer the panel's current one (a tab that missed an update). The
 * server refuses it with this wording; the browser recognises it, shows it in
 * the panel and fetches the current revision.
 */

/** What a stale press, pick or restore is told. */
export const STALE_PANEL_MESSAGE = "This panel has changed since you saw it. Here is its current version.";

/** True when a refusal says the panel moved on (`conflict:panel` with the stale wording, not a spent button's). */
export function isStalePanelRefusal(error: { code: string; message: string }): boolean {
  return error.code === "conflict:panel" && error.message === STALE_PANEL_MESSAGE;
}
