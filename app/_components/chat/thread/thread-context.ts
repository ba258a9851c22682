"use client";
/**
 * What every reply of a thread shares: where panels are drawn and with what
 * state, which panel a silent turn is updating, and how a panel's button or a
 * block's choice sends its turn (absent while a reply streams: one reply per
 * chat at a time).
 */
import { createContext, useContext } from "react";
import type { UiAction } from "@/lib/genui";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiState } from "@/lib/ui/state";
import type { PanelPlacement } from "../panels/place-panels";
import type { PanelStates } from "../panels/use-panel-states";

/** The shared context of a thread's replies. */
export type ThreadContextValue = {
  placement: PanelPlacement;
  panelStates: PanelStates;
  /** The panel a silent action turn is updating right now, if any. */
  updatingPanelId: string | null;
  /** Sends a GenUI button's action envelope; undefined while it cannot be sent. */
  sendAction: ((action: UiAction) => void) | undefined;
  /** Sends a ```ui choice picked in a stored block, with the state it was drawn with; undefined while it cannot be sent. */
  choose: ((block: UiBlock, choiceId: string, state: UiState | undefined) => void) | undefined;
};

/** The context; `null` outside a thread. */
export const ThreadContext = createContext<ThreadContextValue | null>(null);

/** The enclosing thread's context; a reply drawn outside a thread is a programming error. */
export function useThread(): ThreadContextValue {
  const value = useContext(ThreadContext);
  if (value === null) throw new Error("A reply was drawn outside a thread");
  return value;
}
