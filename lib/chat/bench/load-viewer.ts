/**
 * A lean viewer of a chat's live channel for the load bench, which holds
 * hundreds at once in one process: it notes when each preview arrived and
 * how much text it covered without parsing the preview's blocks (the
 * `textLength` and whether `ui` is empty are read off the frame), rebuilds
 * the reply's text from the deltas and parses the reply's end whole, so it
 * can check what it saw against what was stored. Times are epoch
 * milliseconds (`performance.timeOrigin + performance.now()`), the clock the
 * model server stamps its pieces with.
 */
import { SseFrameReader } from "./sse-frame-reader";

/** What a viewer saw of the reply it waited for. */
export type LoadViewerReport = {
  /** Each preview of the reply: when it arrived, the text it covers, and whether it held a block. */
  previews: { at: number; textLength: number; hasBlock: boolean }[];
  /** When the text first opened an ```octo-ui fence (the browser draws such a panel from the text), or null. */
  firstFenceAt: number | null;
  /** When the reply's end arrived. */
  endAt: number;
  /** The reply as the deltas built it, and as stored. */
  rebuiltText: string;
  storedText: string;
  storedStatus: string;
};

/** An open viewer. */
export type LoadViewer = {
  /** Resolves when the chat's reply (the bench's chats have one) ends; rejects if the channel breaks first, or after `timeoutMs`. */
  reply: (timeoutMs: number) => Promise<LoadViewerReport>;
  close: () => void;
};

const now = () => performance.timeOrigin + performance.now();

const PREVIEW_HEAD = '{"type":"preview"';
const EMPTY_UI = '"ui":[]';
const TEXT_LENGTH = '"textLength":';
const OCTO_UI_FENCE = "```octo-ui";

/** Opens the chat's channel on `baseUrl`; resolves once its snapshot arrived. */
export async function openLoadViewer(input: { baseUrl: string; cookie: string; chatId: string }): Promise<LoadViewer> {
  const abort = new AbortController();
  const response = await fetch(`${input.baseUrl}/api/chats/${encodeURIComponent(input.chatId)}/events`, {
    headers: { cookie: input.cookie, accept: "text/event-stream" },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`the live channel refused: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const frames = new SseFrameReader();
  const previews: LoadViewerReport["previews"] = [];
  let text = "";
  let firstFenceAt: number | null = null;
  let ended: LoadViewerReport | null = null;
  let failure: Error | null = null;
  let wake: () => void = () => {};
  let snapshotSeen = false;

  const receive = (data: string) => {
    if (data.startsWith(PREVIEW_HEAD)) {
      const at = data.lastIndexOf(TEXT_LENGTH);
      previews.push({ at: now(), textLength: Number.parseInt(data.slice(at + TEXT_LENGTH.length), 10), hasBlock: !data.includes(EMPTY_UI) });
      return;
    }
    const event = JSON.parse(data) as {
      type: string;
      start?: number;
      delta?: string;
      message?: { text: string; status: string };
      snapshot?: { live: { text: string; ui: unknown[]; textLength: number } | null };
    };
    if (event.type === "snapshot") {
      snapshotSeen = true;
      // Joined after the reply started: the snapshot carries its text and newest preview.
      const live = event.snapshot?.live;
      if (live) {
        text = live.text;
        if (live.textLength > 0) previews.push({ at: now(), textLength: live.textLength, hasBlock: live.ui.length > 0 });
      }
    }
    else if (event.type === "text-delta" && event.start !== undefined && event.delta !== undefined) {
      if (event.start > text.length) throw new Error(`a text delta at ${event.start} leaves a gap after ${text.length}`);
      const searchFrom = Math.max(0, text.length - OCTO_UI_FENCE.length);
      text += event.delta.slice(text.length - event.start);
      if (firstFenceAt === null && text.includes(OCTO_UI_FENCE, searchFrom)) firstFenceAt = now();
    } else if (event.type === "reply-end" && event.message) {
      ended = { previews, firstFenceAt, endAt: now(), rebuiltText: text, storedText: event.message.text, storedStatus: event.message.status };
    }
  };

  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const data of frames.push(value)) receive(data);
        wake();
      }
      if (!ended) failure = new Error("the live channel ended before the reply did");
    } catch (caught) {
      if (!abort.signal.aborted) failure = caught instanceof Error ? caught : new Error(String(caught));
    }
    wake();
  })();

  const waitUntil = (done: () => boolean, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the viewer waited ${timeoutMs} ms in vain`)), timeoutMs);
      const check = () => {
        if (failure) {
          clearTimeout(timer);
          reject(failure);
        } else if (done()) {
          clearTimeout(timer);
          resolve();
        } else wake = check;
      };
      check();
    });

  await waitUntil(() => snapshotSeen, 30_000);
  return {
    reply: async (timeoutMs) => {
      await waitUntil(() => ended !== null, timeoutMs);
      return ended as unknown as LoadViewerReport;
    },
    close: () => abort.abort(),
  };
}
