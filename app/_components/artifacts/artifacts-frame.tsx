"use client";
/**
 * The conversation with its Artifacts panel beside it (a full-screen sheet
 * at phone width, with the conversation behind it made inert). The frame
 * keeps the panel's state, reads the chat's artifacts again whenever a chip
 * arrives, and lets a reply bring an artifact forward as it writes it —
 * always for `show_artifact`, and for a write or an edit unless the panel
 * would cover the reply being read. Closing returns focus to whatever opened
 * the panel (the toggle, or a chip), Escape included.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { ChatMessage, LiveReply } from "@/lib/chat/wire";
import { artifactCardsKey, artifactCardsOf, takeNewCards } from "./artifact-cards";
import { ArtifactsContext, type ArtifactTarget, type ArtifactsContextValue, type ShowOptions } from "./artifacts-context";
import { ArtifactsPanel } from "./artifacts-panel";
import { useArtifactList } from "./use-artifact-data";
import { useSheetWidth } from "./use-sheet-width";
import styles from "./artifacts.module.css";

/** Props of `ArtifactsFrame`. */
export type ArtifactsFrameProps = {
  chatId: string;
  messages: readonly ChatMessage[];
  live: LiveReply | null;
  /** The conversation (its header holds the `ArtifactsToggle`). */
  children: ReactNode;
};

type PanelState = { open: boolean; target: ArtifactTarget | null; focusRequest: number };

/** The conversation and its panel; see the module comment. */
export function ArtifactsFrame({ chatId, messages, live, children }: ArtifactsFrameProps) {
  const sheet = useSheetWidth();
  const [state, setState] = useState<PanelState>({ open: false, target: null, focusRequest: 0 });
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = useRef(false);

  const cards = useMemo(() => artifactCardsOf(messages, live), [messages, live]);
  const cardsKey = artifactCardsKey(cards);
  const list = useArtifactList(chatId, cardsKey);

  const openRef = useRef(false);
  openRef.current = state.open;

  const show = useCallback((target: ArtifactTarget | null, options: ShowOptions = {}) => {
    const focus = options.focus ?? true;
    // Opened by a reply, focus goes back to the toggle; switched by one while open, it keeps its opener.
    if (options.opener !== undefined) opener.current = options.opener;
    else if (!openRef.current) opener.current = null;
    setState((previous) => ({ open: true, target, focusRequest: focus ? previous.focusRequest + 1 : previous.focusRequest }));
  }, []);

  const close = useCallback(() => {
    returnFocus.current = true;
    setState((previous) => ({ ...previous, open: false }));
  }, []);

  // Focus goes back once the conversation is no longer inert behind the sheet.
  useEffect(() => {
    if (state.open || !returnFocus.current) return;
    returnFocus.current = false;
    const back = opener.current?.isConnected ? opener.current : toggleRef.current;
    back?.focus();
  }, [state.open]);

  // Chips already in the thread when the page loads bring nothing forward; new ones may.
  const seen = useRef<Set<string> | null>(null);
  seen.current ??= new Set(cards.map((card) => card.id));
  useEffect(() => {
    const arrived = takeNewCards(cards, seen.current ?? new Set()).filter((card) => card.artifact !== null);
    const newest = arrived.at(-1);
    if (!newest?.artifact) return;
    if (newest.name === "show_artifact" || !sheet) show({ artifactId: newest.artifact.artifactId, version: newest.artifact.version }, { focus: false });
  }, [cards, sheet, show]);

  const value = useMemo<ArtifactsContextValue>(
    () => ({
      chatId,
      open: state.open,
      target: state.target,
      artifacts: list.value,
      listError: list.error,
      revision: cardsKey,
      focusRequest: state.focusRequest,
      sheet,
      show,
      close,
      toggleRef,
      reload: list.reload,
    }),
    [chatId, state, list.value, list.error, list.reload, cardsKey, sheet, show, close],
  );

  return (
    <ArtifactsContext.Provider value={value}>
      <div className={styles.frame} data-panel={state.open ? "open" : "closed"}>
        <div className={styles.main} inert={state.open && sheet ? true : undefined}>
          {children}
        </div>
        {state.open ? <ArtifactsPanel /> : null}
      </div>
    </ArtifactsContext.Provider>
  );
}
