/**
 * A person's chat list as server-sent events: a `chats` event with the list
 * first, then the list again whenever it changed (here or on another
 * instance, through the chat list hub), with heartbeats. Changes that arrive
 * while the list is being read fold into one more read, so a burst of them
 * costs two reads, not one per change. It ends when the client disconnects.
 */
import "server-only";
import type { Actor } from "@/lib/auth/policy";
import type { ChatCore } from "../core/chat-core";
import type { ChatListEvent } from "../list/chat-list-event";
import { SSE_HEARTBEAT_MS, SSE_RETRY_MS } from "./chat-event-stream";

const encoder = new TextEncoder();

/** The chat list channel of `actor` (see the file comment). */
export async function openChatListStream(input: {
  core: Pick<ChatCore, "lists" | "listChats" | "ready">;
  actor: Actor;
  /** The request's signal: aborting it ends the stream. */
  signal?: AbortSignal;
  /** Milliseconds between heartbeats (default `SSE_HEARTBEAT_MS`). */
  heartbeatMs?: number;
}): Promise<ReadableStream<Uint8Array>> {
  await input.core.ready();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  let reading = false;
  let again = false;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let unsubscribe: (() => void) | null = null;
  const end = () => {
    if (ended) return;
    ended = true;
    unsubscribe?.();
    if (heartbeat) clearInterval(heartbeat);
    input.signal?.removeEventListener("abort", abort);
  };
  const abort = () => {
    end();
    try {
      controller.close();
    } catch {
      // Already closed or errored.
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel: end,
  });
  const write = (text: string) => {
    if (!ended) controller.enqueue(encoder.encode(text));
  };
  const send = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const event: ChatListEvent = { type: "chats", chats: await input.core.listChats(input.actor) };
        write(`data: ${JSON.stringify(event)}\n\n`);
      } while (again && !ended);
    } catch (caught) {
      // The next change (or the client's reconnect) reads it again.
      console.error("chat list stream: reading the list failed", caught);
    } finally {
      reading = false;
    }
  };
  write(`retry: ${SSE_RETRY_MS}\n\n`);
  // Subscribe before the first read, so a change during it is not missed.
  unsubscribe = input.core.lists.subscribe(input.actor.userId, () => void send());
  await send();
  heartbeat = setInterval(() => write(": heartbeat\n\n"), input.heartbeatMs ?? SSE_HEARTBEAT_MS);
  heartbeat.unref?.();
  if (input.signal?.aborted) abort();
  else input.signal?.addEventListener("abort", abort, { once: true });
  return stream;
}
