/**
 * A panel's interaction state as the chat stores it. Its shape follows the
 * panel's dialect: a GenUI panel keeps `{fields, tabs, folds}`
 * (`GenuiPanelStateSchema`), a tag-language block keeps the values of its
 * state variables, `{values}` (`UiStateSnapshotSchema`). The two shapes share
 * no key, so a stored state says which dialect wrote it.
 */
import { emptyPanelState, GenuiPanelStateSchema, type GenuiPanelState } from "@/lib/genui/panel/panel-state";
import { UiStateSnapshotSchema, type UiStateSnapshot } from "@/lib/ui/state/snapshot";
import type { UiDialect } from "../wire";

/**
 * Largest interaction state a panel may store, in bytes of JSON: a few
 * hundred fields with long text values fit; a state that grows past it is a
 * bug or an abuse, and is refused rather than stored.
 */
export const PANEL_STATE_MAX_BYTES = 64 * 1024;

/** Which dialect wrote a stored state, or null when it is empty or neither. */
export function panelStateDialect(state: unknown): UiDialect | null {
  if (GenuiPanelStateSchema.safeParse(state).success) return "octo-ui";
  if (UiStateSnapshotSchema.safeParse(state).success) return "ui";
  return null;
}

/** A stored state read as a GenUI panel's, or the untouched state when it is not one. */
export function readGenuiPanelState(state: unknown): GenuiPanelState {
  const parsed = GenuiPanelStateSchema.safeParse(state);
  return parsed.success ? parsed.data : emptyPanelState();
}

/** A stored state read as a tag-language block's, or no values when it is not one. */
export function readUiPanelState(state: unknown): UiStateSnapshot {
  const parsed = UiStateSnapshotSchema.safeParse(state);
  return parsed.success ? parsed.data : { values: {} };
}

/**
 * A state as it may be stored for a panel of `dialect` (null: the panel's
 * dialect is unknown, either shape is accepted), or why it cannot be. The
 * stored state is the parsed one: keys a schema does not know, and
 * `__proto__` keys, are left behind.
 */
export function parsePanelState(dialect: UiDialect | null, state: unknown): { ok: true; state: GenuiPanelState | UiStateSnapshot } | { ok: false; problem: string } {
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(state) ?? "", "utf8");
  } catch {
    return { ok: false, problem: "The panel state is not JSON." };
  }
  if (size > PANEL_STATE_MAX_BYTES) return { ok: false, problem: `The panel state is larger than ${PANEL_STATE_MAX_BYTES} bytes.` };
  const genui = dialect === "ui" ? null : GenuiPanelStateSchema.safeParse(state);
  if (genui?.success) return { ok: true, state: genui.data };
  const ui = dialect === "ui" || dialect === null ? UiStateSnapshotSchema.safeParse(state) : null;
  if (ui?.success) return { ok: true, state: ui.data };
  return { ok: false, problem: "The panel state does not fit the panel." };
}
