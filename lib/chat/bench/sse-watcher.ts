/**
 * A watcher of a chat's live channel that does what a browser tab does with
 * it, minus drawing: reads the server-sent events as they arrive, parses
 * each with the wire schema and rebuilds the live reply's text from the
 * deltas (checking that they join without a gap). It counts what came, so
 * the bench can say how busy the channel was.
 */
import { ChatEventSchema, type ChatEvent } from "../wire";
import { SseFrameReader } from "./sse-frame-reader";

/** What a watcher saw of one reply. */
export type WatcherReport = {
  /** Events received (each one `data:` frame), the snapshot included. */
  events: number;
  /** Of those, text deltas. */
  textDeltas: number;
  /** Bytes read from the channel. */
  bytes: number;
  /** `performance.now()` of the first text delta and of the reply's end. */
  firstDeltaAt: number | null;
  endAt: number;
  /** The reply's text as the deltas built it, and as it was stored. */
  rebuiltText: string;
  storedText: string;
};

/** A watcher that is connected and receiving. */
export type SseWatcher = {
  /** Resolves when the reply with this id ends on the channel. */
  replyEnd: (messageId: string) => Promise<WatcherReport>;
  /** Resolves when a reply ends on the channel (the first one, if one already has): for a reply whose id the watcher was not told. */
  nextReplyEnd: () => Promise<WatcherReport>;
  close: () => void;
};

/**
 * Connects to the chat's channel (`/api/chats/<id>/events`, or `eventsPath`
 * for a channel with the same frames elsewhere, as a comparison pane's);
 * resolves once the snapshot has arrived.
 */
export async function openSseWatcher(input: {
  baseUrl: string;
  cookie: string;
  chatId: string;
  eventsPath?: string;
  /** Sees every event as it is parsed, with `performance.now()` of its arrival (the process suites keep them all). */
  onEvent?: (event: ChatEvent, receivedAt: number) => void;
}): Promise<SseWatcher> {
  const abort = new AbortController();
  const eventsPath = input.eventsPath ?? `/api/chats/${encodeURIComponent(input.chatId)}/events`;
  const response = await fetch(`${input.baseUrl}${eventsPath}`, {
    headers: { cookie: input.cookie, accept: "text/event-stream" },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`the live channel refused: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const frames = new SseFrameReader();
  const counts = { events: 0, textDeltas: 0, bytes: 0, firstDeltaAt: null as number | null };
  let text = "";
  let liveId: string | null = null;
  const ends = new Map<string, WatcherReport>();
  const waiters = new Map<string, (report: WatcherReport) => void>();
  let firstEnd: WatcherReport | null = null;
  const anyWaiters: ((report: WatcherReport) => void)[] = [];
  let failure: Error | null = null;
  let snapshotSeen: () => void = () => {};
  const snapshot = new Promise<void>((resolve) => (snapshotSeen = resolve));

  const receive = (data: string) => {
    const event = ChatEventSchema.parse(JSON.parse(data));
    counts.events += 1;
    input.onEvent?.(event, performance.now());
    switch (event.type) {
      case "snapshot":
        liveId = event.snapshot.live?.messageId ?? null;
        text = event.snapshot.live?.text ?? "";
        snapshotSeen();
        return;
      case "reply-start":
        liveId = event.messageId;
        text = "";
        return;
      case "text-delta":
        counts.textDeltas += 1;
        counts.firstDeltaAt ??= performance.now();
        if (event.messageId !== liveId || event.start > text.length) throw new Error(`a text delta at ${event.start} leaves a gap after ${text.length}`);
        text += event.delta.slice(text.length - event.start);
        return;
      case "reply-end": {
        const report = { ...counts, endAt: performance.now(), rebuiltText: text, storedText: event.message.text };
        ends.set(event.message.id, report);
        waiters.get(event.message.id)?.(report);
        firstEnd ??= report;
        for (const waiter of anyWaiters.splice(0)) waiter(report);
        return;
      }
      default:
        return;
    }
  };

  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        counts.bytes += Buffer.byteLength(value);
        for (const data of frames.push(value)) receive(data);
      }
    } catch (caught) {
      if (!abort.signal.aborted) failure = caught instanceof Error ? caught : new Error(String(caught));
    }
    snapshotSeen();
  })();
  await snapshot;
  if (failure) throw failure;
  return {
    replyEnd: (messageId) =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure);
        const done = ends.get(messageId);
        if (done) return resolve(done);
        waiters.set(messageId, resolve);
      }),
    nextReplyEnd: () =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure);
        if (firstEnd) return resolve(firstEnd);
        anyWaiters.push(resolve);
      }),
    close: () => abort.abort(),
  };
}
