"use client";
/**
 * Follows the person's chat list channel (GET /api/chats/events): the whole
 * list on connecting and after every change anywhere. Every event is parsed
 * with its schema; anything else is dropped. A connection the browser gave up
 * on is opened again after `LIST_RECONNECT_DELAY_MS`.
 */
import { useEffect, useRef } from "react";
import { ChatListEventSchema } from "@/lib/chat/list/chat-list-event";
import type { ChatSummary } from "@/lib/chat/wire";

/** Milliseconds before reopening a channel the browser closed for good (it retries a dropped one itself). */
export const LIST_RECONNECT_DELAY_MS = 5_000;

/** Where the list channel listens. */
export const CHAT_LIST_EVENTS_PATH = "/api/chats/events";

/** Calls `onList` with the person's chats whenever the server sends them. */
export function useChatListChannel(onList: (chats: ChatSummary[]) => void): void {
  const latest = useRef(onList);
  latest.current = onList;
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const open = () => {
      if (stopped) return;
      source = new EventSource(CHAT_LIST_EVENTS_PATH);
      source.onmessage = (message: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        const parsed = ChatListEventSchema.safeParse(data);
        if (parsed.success) latest.current(parsed.data.chats);
      };
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = setTimeout(open, LIST_RECONNECT_DELAY_MS);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      source?.close();
      if (retry !== null) clearTimeout(retry);
    };
  }, []);
}
