"use client";
/**
 * A panel's interaction state, controlled or not: with a `state` prop the
 * chat owns it (stored per panel id, restored after a reload) and every
 * change goes out through `onStateChange`; without one the panel keeps its
 * own and still reports each change.
 */
import { useMemo, useRef, useState } from "react";
import { emptyPanelState, GenuiPanelStateSchema, type GenuiFieldValue, type GenuiPanelState } from "@/lib/genui";

/** The state and the three ways a panel changes it. */
export type PanelStateHandle = {
  /** The current state (validated when it came from a prop). */
  state: GenuiPanelState;
  /** Sets a field, or forgets it (untouched again) with `undefined`. */
  setField: (field: string, value: GenuiFieldValue | undefined) => void;
  /** Selects tab `index` of the `tabs` node at `path`. */
  setTab: (path: string, index: number) => void;
  /** Opens or folds the `collapsible` at `path`. */
  setFold: (path: string, open: boolean) => void;
};

/** Options of `usePanelState`. */
export type UsePanelStateOptions = {
  /** The stored state; absent, the panel keeps its own. */
  state?: GenuiPanelState | undefined;
  /** Called with the whole next state on every change. */
  onStateChange?: ((next: GenuiPanelState) => void) | undefined;
};

function withoutKey<Value>(record: Record<string, Value>, key: string): Record<string, Value> {
  const copy: Record<string, Value> = {};
  for (const [name, value] of Object.entries(record)) if (name !== key) copy[name] = value;
  return copy;
}

/** Holds a panel's state; see the module comment for controlled and uncontrolled use. */
export function usePanelState({ state, onStateChange }: UsePanelStateOptions): PanelStateHandle {
  const [ownState, setOwnState] = useState(emptyPanelState);
  // The stored state crossed the wire like the spec did: a malformed one is treated as untouched.
  const givenState = useMemo(() => {
    if (state === undefined) return undefined;
    const checked = GenuiPanelStateSchema.safeParse(state);
    return checked.success ? checked.data : emptyPanelState();
  }, [state]);
  const current = givenState ?? ownState;
  // Two changes in one event (a radio that also clears a field) must build on each other, not on the last render.
  const latest = useRef(current);
  latest.current = current;
  const controlled = givenState !== undefined;
  const callbacks = useRef({ onStateChange, controlled });
  callbacks.current = { onStateChange, controlled };

  return useMemo(() => {
    const update = (change: (previous: GenuiPanelState) => GenuiPanelState): void => {
      const next = change(latest.current);
      latest.current = next;
      if (!callbacks.current.controlled) setOwnState(next);
      callbacks.current.onStateChange?.(next);
    };
    return {
      state: current,
      setField: (field, value) =>
        update((previous) => ({
          ...previous,
          fields: value === undefined ? withoutKey(previous.fields, field) : { ...previous.fields, [field]: value },
        })),
      setTab: (path, index) => update((previous) => ({ ...previous, tabs: { ...previous.tabs, [path]: index } })),
      setFold: (path, open) => update((previous) => ({ ...previous, folds: { ...previous.folds, [path]: open } })),
    };
  }, [current]);
}
