import { describe, expect, it } from "vitest";
import { compileUi } from "../compile/compile-ui";
import type { UiBlock } from "../envelope/schema";
import { UI_STREAM_INTERVAL_MS, UiStream, type UiStreamClock, type UiStreamPreview } from "./stream";

/** A clock whose time moves only when the test says so. */
class FakeClock implements UiStreamClock {
  time = 0;
  private timers: { at: number; callback: () => void; handle: number }[] = [];
  private nextHandle = 1;
  cleared: unknown[] = [];

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, milliseconds: number): unknown {
    const handle = this.nextHandle++;
    this.timers.push({ at: this.time + milliseconds, callback, handle });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.cleared.push(handle);
    this.timers = this.timers.filter((timer) => timer.handle !== handle);
  }

  get pending(): number {
    return this.timers.length;
  }

  advance(milliseconds: number): void {
    const until = this.time + milliseconds;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= until).sort((left, right) => left.at - right.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.callback();
    }
    this.time = until;
  }
}

const REPLY = 'Status:\n\n```ui\n<Stats>\n  <Stat label="Runs" value={12}/>\n  <Stat label="Failed" value={2} tone="danger"/>\n</Stats>\n```\nDone.';

function setup() {
  const clock = new FakeClock();
  const previews: UiStreamPreview[] = [];
  const stream = new UiStream({ ...RELAXED, clock, emit: (preview) => previews.push(preview) });
  return { clock, previews, stream };
}

const plain = (blocks: UiBlock[]) => JSON.parse(JSON.stringify(blocks)) as UiBlock[];

/** Generous time budgets: a busy machine must not change what is compared (budgets are tested in lib/ui/compile). */
const RELAXED = { id: "m", limits: { elapsedMs: 60_000 }, replyLimits: { elapsedMs: 60_000 } };

describe("UiStream", () => {
  it("compiles the first update at once", () => {
    const { previews, stream, clock } = setup();
    stream.update(REPLY.slice(0, 30));
    expect(previews).toHaveLength(1);
    expect(previews[0]?.textLength).toBe(30);
    expect(clock.pending).toBe(0);
  });

  it("compiles at most once per interval, always the newest text", () => {
    const { previews, stream, clock } = setup();
    stream.update(REPLY.slice(0, 20));
    clock.advance(50);
    stream.update(REPLY.slice(0, 40));
    clock.advance(50);
    stream.update(REPLY.slice(0, 60));
    expect(previews).toHaveLength(1);
    clock.advance(UI_STREAM_INTERVAL_MS - 100 - 1);
    expect(previews).toHaveLength(1);
    clock.advance(1);
    expect(previews).toHaveLength(2);
    expect(previews[1]?.textLength).toBe(60);
    expect(plain(previews[1]!.blocks)).toEqual(plain(compileUi(REPLY.slice(0, 60), RELAXED)));
    // Nothing new arrived: nothing is compiled or scheduled.
    clock.advance(10 * UI_STREAM_INTERVAL_MS);
    expect(previews).toHaveLength(2);
    expect(clock.pending).toBe(0);
  });

  it("compiles at once when an interval has passed since the last compilation", () => {
    const { previews, stream, clock } = setup();
    stream.update(REPLY.slice(0, 20));
    clock.advance(UI_STREAM_INTERVAL_MS + 5);
    stream.update(REPLY.slice(0, 50));
    expect(previews.map((preview) => preview.textLength)).toEqual([20, 50]);
  });

  it("keeps the pace under a continuous stream: one preview per interval", () => {
    const { previews, stream, clock } = setup();
    for (let end = 5; end <= REPLY.length; end += 5) {
      stream.update(REPLY.slice(0, end));
      clock.advance(20);
    }
    const elapsed = clock.time;
    expect(previews.length).toBeLessThanOrEqual(Math.ceil(elapsed / UI_STREAM_INTERVAL_MS) + 1);
    expect(previews.length).toBeGreaterThanOrEqual(Math.floor(elapsed / UI_STREAM_INTERVAL_MS));
    for (let index = 1; index < previews.length; index++) expect(previews[index]!.textLength).toBeGreaterThan(previews[index - 1]!.textLength);
  });

  it("finish returns the final blocks at once and cancels the pending preview", () => {
    const { previews, stream, clock } = setup();
    stream.update(REPLY.slice(0, 20));
    stream.update(REPLY.slice(0, 70));
    expect(clock.pending).toBe(1);
    const blocks = stream.finish(REPLY);
    expect(clock.pending).toBe(0);
    expect(plain(blocks)).toEqual(plain(compileUi(REPLY, { ...RELAXED, final: true })));
    expect(blocks[0]?.complete).toBe(true);
    clock.advance(10 * UI_STREAM_INTERVAL_MS);
    stream.update(REPLY + " more");
    expect(previews).toHaveLength(1);
  });

  it("finish resolves the latest generated image", () => {
    const { stream } = setup();
    const reply = '```ui\n<Image generated="latest" alt="plot"/>\n```';
    expect(stream.finish(reply, "att_9")[0]?.nodes[0]?.props).toEqual({ attachment: "att_9", alt: "plot" });
  });

  it("dispose cancels timers and ignores later updates", () => {
    const { previews, stream, clock } = setup();
    stream.update(REPLY.slice(0, 20));
    stream.update(REPLY.slice(0, 40));
    expect(clock.pending).toBe(1);
    stream.dispose();
    expect(clock.pending).toBe(0);
    expect(clock.cleared).toHaveLength(1);
    clock.advance(10 * UI_STREAM_INTERVAL_MS);
    stream.update(REPLY);
    expect(previews).toHaveLength(1);
  });

  it("streams a reply one character at a time to the same final result", () => {
    const { stream, clock, previews } = setup();
    for (let end = 1; end <= REPLY.length; end++) {
      stream.update(REPLY.slice(0, end));
      clock.advance(7);
    }
    for (const preview of previews) expect(plain(preview.blocks)).toEqual(plain(compileUi(REPLY.slice(0, preview.textLength), RELAXED)));
    expect(plain(stream.finish(REPLY))).toEqual(plain(compileUi(REPLY, { ...RELAXED, final: true })));
  });
});
