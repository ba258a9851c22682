"use client";
/**
 * The interaction state of a chat's panels in this tab: what the snapshot
 * stored, overlaid with what the person changed since. What an edit changed
 * (a patch: the entries set, the keys removed) is saved per panel after a
 * short pause (typing into a filter is one save, not one per key) — never
 * the whole state, so another tab's edits of other fields of the same panel
 * are not undone; the server merges each patch into the stored state. `flush`
 * saves at once — before an action is sent, so the reply that carries the
 * state over to the panel's next revision starts from what the person
 * actually set. A newer revision from the server (a refreshed panel, with its
 * state carried) replaces the local overlay.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { combinePanelStatePatches, panelStatePatch, type PanelStatePatch } from "@/lib/chat/panels/panel-state-patch";
import type { PanelRecord } from "@/lib/chat/wire";

/** Milliseconds of quiet before a changed panel state is saved. */
export const PANEL_STATE_SAVE_DELAY_MS = 600;

/** Saves what changed in one panel's state; resolves when stored. */
export type SavePanelState = (input: { panelId: string; patch: PanelStatePatch; revision: number }) => Promise<void>;

/** A tab's view of its panels' states. */
export type PanelStates = {
  /** The state to draw a panel with. */
  stateOf: (panelId: string) => unknown;
  /**
   * Records a change: `state` is the panel's whole state as the view now
   * draws it; `shown`, what the view drew before, when that is not the state
   * it was given (a ```ui block draws its variables' defaults too). Drawn at
   * once; what changed is saved after a pause.
   */
  change: (panelId: string, state: unknown, shown?: unknown) => void;
  /** Saves every pending change now. */
  flush: () => Promise<void>;
};

type Overlay = { revision: number; state: unknown };

/** Holds and saves the panel states of one chat. */
export function usePanelStates(records: readonly PanelRecord[], save: SavePanelState): PanelStates {
  const [overlays, setOverlays] = useState<ReadonlyMap<string, Overlay>>(() => new Map());
  // The overlays as of the last change, before React renders them: two changes in one event must diff against each other.
  const drawn = useRef(new Map<string, Overlay>());
  const pending = useRef(new Map<string, { patch: PanelStatePatch; revision: number; timer: ReturnType<typeof setTimeout> }>());
  const saveRef = useRef(save);
  saveRef.current = save;
  const byId = useMemo(() => new Map(records.map((record) => [record.panelId, record])), [records]);
  const recordsRef = useRef(byId);
  recordsRef.current = byId;

  const saveNow = useCallback(async (panelId: string) => {
    const entry = pending.current.get(panelId);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.current.delete(panelId);
    await saveRef.current({ panelId, patch: entry.patch, revision: entry.revision });
  }, []);

  const change = useCallback(
    (panelId: string, state: unknown, shown?: unknown) => {
      const record = recordsRef.current.get(panelId);
      if (!record) return;
      const overlay = drawn.current.get(panelId);
      const previous = overlay !== undefined && overlay.revision === record.revision ? overlay.state : shown !== undefined ? shown : record.state;
      const next = { revision: record.revision, state };
      drawn.current.set(panelId, next);
      setOverlays((overlays) => new Map(overlays).set(panelId, next));
      const patch = panelStatePatch(previous, state);
      if (patch === null) return;
      const existing = pending.current.get(panelId);
      if (existing) clearTimeout(existing.timer);
      // A change pending for an earlier revision would be refused as stale: the new revision's changes start afresh.
      const combined = existing?.revision === record.revision ? combinePanelStatePatches(existing.patch, patch) : patch;
      if (combined === null) return;
      pending.current.set(panelId, { patch: combined, revision: record.revision, timer: setTimeout(() => void saveNow(panelId).catch(() => {}), PANEL_STATE_SAVE_DELAY_MS) });
    },
    [saveNow],
  );

  const flush = useCallback(async () => {
    await Promise.all([...pending.current.keys()].map((panelId) => saveNow(panelId)));
  }, [saveNow]);

  // Leaving the chat (or the page: a reload, a closed tab) saves what is pending rather than dropping it.
  useEffect(() => {
    const entries = pending.current;
    const saveAll = () => {
      for (const panelId of [...entries.keys()]) void saveNow(panelId).catch(() => {});
    };
    window.addEventListener("pagehide", saveAll);
    return () => {
      window.removeEventListener("pagehide", saveAll);
      saveAll();
    };
  }, [saveNow]);

  const stateOf = useCallback(
    (panelId: string) => {
      const record = byId.get(panelId);
      const overlay = overlays.get(panelId);
      if (overlay !== undefined && record !== undefined && overlay.revision === record.revision) return overlay.state;
      return record?.state;
    },
    [byId, overlays],
  );

  return useMemo(() => ({ stateOf, change, flush }), [stateOf, change, flush]);
}
