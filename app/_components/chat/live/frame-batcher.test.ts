import { describe, expect, it } from "vitest";
import { FRAME_FALLBACK_MS, FrameBatcher, type FrameScheduler } from "./frame-batcher";

/** Frames and timers that run only when the test says so. */
function manualScheduler() {
  let next = 1;
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { callback: () => void; milliseconds: number }>();
  const scheduler: FrameScheduler = {
    requestFrame: (callback) => {
      frames.set(next, callback);
      return next++;
    },
    cancelFrame: (handle) => void frames.delete(handle),
    setTimer: (callback, milliseconds) => {
      timers.set(next, { callback, milliseconds });
      return next++;
    },
    clearTimer: (handle) => void timers.delete(handle),
  };
  return {
    scheduler,
    drawFrame: () => [...frames.values()].forEach((callback) => callback()),
    fireTimers: () => [...timers.values()].forEach((timer) => timer.callback()),
    timerDelays: () => [...timers.values()].map((timer) => timer.milliseconds),
    waiting: () => frames.size + timers.size,
  };
}

describe("FrameBatcher", () => {
  it("applies everything that arrived before a frame in one batch, in order", () => {
    const clock = manualScheduler();
    const batches: number[][] = [];
    const batcher = new FrameBatcher<number>((batch) => batches.push(batch), clock.scheduler);
    for (let item = 1; item <= 500; item += 1) batcher.push(item);
    expect(batches).toEqual([]);
    clock.drawFrame();
    expect(batches).toEqual([Array.from({ length: 500 }, (_, index) => index + 1)]);
    expect(clock.waiting()).toBe(0);
    batcher.push(501);
    clock.drawFrame();
    expect(batches).toHaveLength(2);
    expect(batches[1]).toEqual([501]);
  });

  it("applies the batch on a timer when no frame comes (a hidden tab)", () => {
    const clock = manualScheduler();
    const batches: string[][] = [];
    const batcher = new FrameBatcher<string>((batch) => batches.push(batch), clock.scheduler);
    batcher.push("a");
    batcher.push("b");
    expect(clock.timerDelays()).toEqual([FRAME_FALLBACK_MS]);
    clock.fireTimers();
    expect(batches).toEqual([["a", "b"]]);
    expect(clock.waiting()).toBe(0);
  });

  it("applies at once on flush, and drops what is pending on close", () => {
    const clock = manualScheduler();
    const batches: string[][] = [];
    const batcher = new FrameBatcher<string>((batch) => batches.push(batch), clock.scheduler);
    batcher.push("snapshot");
    batcher.flush();
    expect(batches).toEqual([["snapshot"]]);
    batcher.push("late");
    batcher.close();
    batcher.push("later");
    clock.drawFrame();
    clock.fireTimers();
    expect(batches).toEqual([["snapshot"]]);
    expect(clock.waiting()).toBe(0);
  });
});
