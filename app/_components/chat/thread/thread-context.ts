"use client";
/**
 * What every reply of a thread shares: where panels are drawn and with what
 * state, which panel a silent turn is updating, and how a panel's button or a
 * block's choice sends its turn (absent while a reply streams: one reply per
 * chat at a time).
 */
import { createContext, useContext } from "react";
import type { PanelVersion } from "@/lib/chat/panels/panel-versions";
import type { GenuiFieldValues } from "@/lib/genui";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiState } from "@/lib/ui/state";
import type { InterruptedUpdate } from "../chat-state/interrupted-updates";
import type { PanelPlacement } from "../panels/place-panels";
import type { PanelStates } from "../panels/use-panel-states";

/** A press of a GenUI button of a stored reply: which fence and button, and the fence's field values. */
export type PanelPress = {
  /** The stored reply holding the fence (for a panel, the one its current revision is in). */
  messageId: string;
  fenceIndex: number;
  /** The button's node path in the fence's spec. */
  button: string;
  fields: GenuiFieldValues;
  /** The panel revision drawn, for a panel with an id. */
  revision?: number;
};

/** A pick of a ```ui choice of a stored reply, with the state the block was drawn with. */
export type ChoicePick = {
  /** The stored reply holding the block (for a panel, the one its current revision is in). */
  messageId: string;
  block: UiBlock;
  choiceId: string;
  state: UiState | undefined;
};

/** What the thread's messages can do with themselves (app/_components/chat/thread/message-actions.tsx). */
export type MessageActions = {
  /** True while a reply streams or an action is on its way: nothing that starts a reply or moves the thread is offered. */
  busy: boolean;
  /** The versions of the turn a message is one of, and which it is; null when it has no other. */
  versionOf(messageId: string): { index: number; ids: readonly string[] } | null;
  /** True when the reply answers a visible prompt, so it can be written again. */
  canRegenerate(messageId: string): boolean;
  /** Writes a reply again as a new version. */
  regenerate(messageId: string): void;
  /** Sends an edited copy of a typed message; the words to show when it was refused, or null. */
  edit(messageId: string, prompt: string): Promise<string | null>;
  /** Shows another version of a turn; `control` is the switcher button used (focus returns to it). */
  showVersion(messageId: string, control: "previous" | "next"): void;
};

/** A chat's panel versions and their restore (app/_components/chat/panels/panel-history.tsx). */
export type PanelHistoryAccess = {
  /** The versions of a panel along the shown thread, oldest first. */
  versionsOf(panelId: string): readonly PanelVersion[];
  /** Restores the version of `panelId` that reply `messageId` holds; undefined while nothing may be sent. */
  restore: ((panelId: string, messageId: string) => void) | undefined;
};

/** The shared context of a thread's replies. */
export type ThreadContextValue = {
  placement: PanelPlacement;
  panelStates: PanelStates;
  /** The panel a silent action turn is updating right now, if any. */
  updatingPanelId: string | null;
  /** Panels whose newest silent update was stopped or failed, by panel id. */
  interruptedUpdates: ReadonlyMap<string, InterruptedUpdate>;
  /** The spent GenUI buttons and ```ui choices of the thread (`buttonPressKey`, `choicePickKey`), stored or being sent: drawn as sent, they send nothing. */
  sentKeys: ReadonlySet<string>;
  /** Sends a GenUI button's press (the server writes its envelope); undefined while it cannot be sent. */
  sendAction: ((press: PanelPress) => void) | undefined;
  /** Sends a ```ui choice picked in a stored block (the server writes its message); undefined while it cannot be sent. */
  choose: ((pick: ChoicePick) => void) | undefined;
  /** Copy, regenerate, edit and versions; absent where a thread offers none (a comparison pane). */
  messageActions?: MessageActions;
  /** Panel versions, diff and restore; absent where a thread offers none (a comparison pane). */
  panelHistory?: PanelHistoryAccess;
  /** A note to show in a panel, by panel id: a press, pick or restore there was refused (a stale one: the panel has changed since). */
  panelNotices?: ReadonlyMap<string, string>;
  /** The chat whose stored replies' host action proposals the person may confirm or dismiss; absent where none may be (a comparison pane). */
  hostActionChatId?: string;
};

/** The context; `null` outside a thread. */
export const ThreadContext = createContext<ThreadContextValue | null>(null);

/** The enclosing thread's context; a reply drawn outside a thread is a programming error. */
export function useThread(): ThreadContextValue {
  const value = useContext(ThreadContext);
  if (value === null) throw new Error("A reply was drawn outside a thread");
  return value;
}
