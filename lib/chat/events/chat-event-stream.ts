/**
 * A chat's live channel as server-sent events: a `snapshot` event first,
 * then every later event, each as one `data:` line of `ChatEvent` JSON (no
 * event names, so `EventSource.onmessage` gets them all). Text deltas of a
 * reply are gathered for `SSE_TEXT_FLUSH_MS` and go out as one delta (they
 * carry `start`, so a joined one means the same); any other event sends the
 * gathered text first, so nothing is reordered. An event's frame is
 * serialized once however many viewers it goes to. A comment line goes
 * out every `SSE_HEARTBEAT_MS` so proxies keep the connection open. The
 * stream ends, and stops following the chat, when the client disconnects;
 * a client that falls too far behind is cut off and, reconnecting, resumes
 * from a fresh snapshot — the same path as a reload.
 */
import "server-only";
import type { Actor } from "@/lib/auth/policy";
import type { ChatCore } from "../core/chat-core";
import type { ChatEvent } from "../wire";

/** Milliseconds between heartbeat comments: under the 30–60 s idle timeouts of common proxies. */
export const SSE_HEARTBEAT_MS = 15_000;

/** Milliseconds a disconnected `EventSource` waits before reconnecting (sent as `retry:`). */
export const SSE_RETRY_MS = 2_000;

/**
 * Bytes a client may fall behind before it is cut off: a few large previews.
 * Past it, reconnecting (a fresh snapshot) is cheaper than catching up.
 */
export const SSE_MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

/**
 * Milliseconds a viewer's text deltas are gathered into one frame: a fast
 * reply sends hundreds of deltas a second, and every frame costs the server
 * a write and the browser a parse, a validation and a render; twenty frames
 * a second still read as live typing.
 */
export const SSE_TEXT_FLUSH_MS = 50;

/** Response headers of the channel. */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  // Nginx would otherwise buffer the stream and deliver it in lumps.
  "x-accel-buffering": "no",
};

const encoder = new TextEncoder();

/** Frames already serialized: the hub hands every viewer the same event object, so a preview is stringified once, not once per viewer. */
const framesByEvent = new WeakMap<ChatEvent, Uint8Array>();

/** One event as its SSE frame. */
export function sseFrame(event: ChatEvent): Uint8Array {
  let frame = framesByEvent.get(event);
  if (!frame) {
    frame = encoder.encode(`data: ${JSON.stringify(event)}\n\n`);
    framesByEvent.set(event, frame);
  }
  return frame;
}

type TextDeltaEvent = Extract<ChatEvent, { type: "text-delta" }>;

/**
 * The live channel of a chat for an actor. Authorizes before anything is
 * sent: another user's chat throws `not_found:chat` here, and the caller
 * answers with an error instead of a stream.
 */
export async function openChatEventStream(input: {
  core: Pick<ChatCore, "watchChat">;
  actor: Actor;
  chatId: string;
  /** The request's signal: aborting it ends the stream. */
  signal?: AbortSignal;
  /** Milliseconds between heartbeats (default `SSE_HEARTBEAT_MS`). */
  heartbeatMs?: number;
  /** Bytes the client may fall behind (default `SSE_MAX_BACKLOG_BYTES`). */
  maxBacklogBytes?: number;
  /** Milliseconds text deltas are gathered into one frame (default `SSE_TEXT_FLUSH_MS`). */
  textFlushMs?: number;
}): Promise<ReadableStream<Uint8Array>> {
  const maxBacklogBytes = input.maxBacklogBytes ?? SSE_MAX_BACKLOG_BYTES;
  const textFlushMs = input.textFlushMs ?? SSE_TEXT_FLUSH_MS;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let unsubscribe: (() => void) | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let heldText: TextDeltaEvent | null = null;
  let textTimer: ReturnType<typeof setTimeout> | null = null;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    unsubscribe?.();
    if (heartbeat) clearInterval(heartbeat);
    if (textTimer) clearTimeout(textTimer);
    heldText = null;
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
  const stream = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
      },
      cancel: end,
    },
    // Count bytes, so `desiredSize` says how far the client is behind.
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  const write = (chunk: Uint8Array) => {
    if (ended) return;
    if ((controller.desiredSize ?? 0) < -maxBacklogBytes) {
      abort();
      return;
    }
    controller.enqueue(chunk);
  };
  const flushText = () => {
    if (textTimer) clearTimeout(textTimer);
    textTimer = null;
    const event = heldText;
    heldText = null;
    if (event) write(sseFrame(event));
  };
  const send = (event: ChatEvent) => {
    if (event.type !== "text-delta") {
      // Whatever follows text (a preview, a card, the reply's end) follows it on the wire too.
      flushText();
      write(sseFrame(event));
      return;
    }
    if (heldText && heldText.messageId === event.messageId && heldText.start + heldText.delta.length === event.start) {
      heldText = { ...heldText, delta: heldText.delta + event.delta };
      return;
    }
    flushText();
    heldText = event;
    textTimer = setTimeout(flushText, textFlushMs);
  };
  controller.enqueue(encoder.encode(`retry: ${SSE_RETRY_MS}\n\n`));
  try {
    unsubscribe = await input.core.watchChat(input.actor, input.chatId, send);
  } catch (caught) {
    end();
    throw caught;
  }
  if (ended) {
    unsubscribe();
    return stream;
  }
  heartbeat = setInterval(() => write(encoder.encode(": heartbeat\n\n")), input.heartbeatMs ?? SSE_HEARTBEAT_MS);
  heartbeat.unref?.();
  if (input.signal?.aborted) abort();
  else input.signal?.addEventListener("abort", abort, { once: true });
  return stream;
}
