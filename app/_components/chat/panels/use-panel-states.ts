"use client";
/**
 * The interaction state of a chat's panels in this tab: what the snapshot
 * stored, overlaid with what the person changed since. Changes are saved per
 * panel after a short pause (typing into a filter is one save, not one per
 * key), and `flush` saves at once — before an action is sent, so the reply
 * that carries the state over to the panel's next revision starts from what
 * the person actually set. A newer revision from the server (a refreshed
 * panel, with its state carried) replaces the local overlay.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PanelRecord } from "@/lib/chat/wire";

/** Milliseconds of quiet before a changed panel state is saved. */
export const PANEL_STATE_SAVE_DELAY_MS = 600;

/** Saves one panel's state; resolves when stored. */
export type SavePanelState = (input: { panelId: string; state: unknown; revision: number }) => Promise<void>;

/** A tab's view of its panels' states. */
export type PanelStates = {
  /** The state to draw a panel with. */
  stateOf: (panelId: string) => unknown;
  /** Records a change (drawn at once, saved after a pause). */
  change: (panelId: string, state: unknown) => void;
  /** Saves every pending change now. */
  flush: () => Promise<void>;
};

type Overlay = { revision: number; state: unknown };

/** Holds and saves the panel states of one chat. */
export function usePanelStates(records: readonly PanelRecord[], save: SavePanelState): PanelStates {
  const [overlays, setOverlays] = useState<ReadonlyMap<string, Overlay>>(() => new Map());
  const pending = useRef(new Map<string, { state: unknown; revision: number; timer: ReturnType<typeof setTimeout> }>());
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
    await saveRef.current({ panelId, state: entry.state, revision: entry.revision });
  }, []);

  const change = useCallback(
    (panelId: string, state: unknown) => {
      const record = recordsRef.current.get(panelId);
      if (!record) return;
      setOverlays((previous) => new Map(previous).set(panelId, { revision: record.revision, state }));
      const existing = pending.current.get(panelId);
      if (existing) clearTimeout(existing.timer);
      pending.current.set(panelId, { state, revision: record.revision, timer: setTimeout(() => void saveNow(panelId).catch(() => {}), PANEL_STATE_SAVE_DELAY_MS) });
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
