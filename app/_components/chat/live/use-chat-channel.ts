"use client";
/**
 * A chat's live channel in the browser: the first render's snapshot, then the
 * server-sent events of `/api/chats/<id>/events` applied one after another.
 * Every event is parsed with the wire schema (the browser never trusts the
 * wire). Events are applied in batches, one React update per animation
 * frame however many events arrived (`FrameBatcher`). A view that went stale (an event
 * that does not fit), or a dropped connection, reconnects — and a
 * reconnect starts with a fresh snapshot, so nothing is lost or doubled. A
 * deleted chat closes the channel for good.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { ChatEventSchema, type ChatEvent, type ChatSnapshot } from "@/lib/chat/wire";
import { applyChatEvent, chatViewOf, type ChatView } from "../chat-state/apply-chat-event";
import { FrameBatcher } from "./frame-batcher";

/** Milliseconds before reconnecting after the channel closed for good (the browser retries a dropped one itself). */
export const RECONNECT_DELAY_MS = 2_000;

/** The event names the server may give its messages (`message` when it names none). */
const EVENT_NAMES = ["message", "snapshot", "reply-start", "text-delta", "preview", "tool", "reply-end", "chat", "thread-changed", "chat-deleted", "reply-repair"] as const;

/** Where the channel of a chat listens. */
function chatEventsPath(chatId: string): string {
  return `/api/chats/${encodeURIComponent(chatId)}/events`;
}

/** The channel's state, as a screen shows it. */
export type ChatChannel = {
  view: ChatView;
  /** False after the connection dropped, until a fresh snapshot arrives. */
  connected: boolean;
  /** Starts over from a fresh snapshot (the server said this view is behind). */
  resync: () => void;
};

/**
 * Follows one chat's live channel from the server-rendered snapshot on;
 * `eventsPath` names another channel with the same frames (a comparison
 * pane's, which masks names while the run is blind).
 */
export function useChatChannel(initial: ChatSnapshot, eventsPath?: string): ChatChannel {
  const chatId = initial.chat.id;
  const path = eventsPath ?? chatEventsPath(chatId);
  const [view, setView] = useState(() => chatViewOf(initial));
  // The server rendered the page from a fresh snapshot: connected until the channel says otherwise.
  const [connected, setConnected] = useState(true);
  const [generation, setGeneration] = useState(0);
  const viewRef = useRef(view);
  viewRef.current = view;

  useEffect(() => {
    const source = new EventSource(path);
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | null = null;

    const batcher = new FrameBatcher<ChatEvent>((events) => {
      const next = events.reduce(applyChatEvent, viewRef.current);
      viewRef.current = next;
      // A reply's end redraws every reply in the thread (their controls turn usable, the stored
      // reply takes the live one's place): a transition, drawn in slices that a key press can
      // interrupt instead of one long task. What streams, and a fresh snapshot, stay urgent.
      if (events.some((event) => event.type === "reply-end")) startTransition(() => setView(next));
      else setView(next);
      if (next.deleted) {
        // Nothing more can come: the chat is gone.
        closed = true;
        source.close();
        return;
      }
      // A hole in what this viewer holds: start over from a fresh snapshot.
      if (next.stale) reconnect();
    });
    const reconnect = () => {
      if (closed) return;
      closed = true;
      source.close();
      setGeneration((value) => value + 1);
    };
    const receive = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = ChatEventSchema.safeParse(data);
      if (!parsed.success) return;
      batcher.push(parsed.data);
      if (parsed.data.type === "snapshot") {
        setConnected(true);
        batcher.flush();
      }
    };
    for (const name of EVENT_NAMES) source.addEventListener(name, receive);
    source.onerror = () => {
      setConnected(false);
      // CLOSED: the browser gave up (the chat is gone, or the server said no); try again later ourselves.
      if (source.readyState === EventSource.CLOSED && !closed) retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
    };
    return () => {
      closed = true;
      source.close();
      batcher.close();
      if (retry !== null) clearTimeout(retry);
    };
  }, [path, generation]);

  const resync = useCallback(() => setGeneration((value) => value + 1), []);
  return { view, connected, resync };
}
