import { describe, expect, it } from "vitest";
import { StartBarrier } from "./start-barrier";

describe("StartBarrier", () => {
  it("opens only once every turn has arrived or dropped out, for all of them at once", async () => {
    const barrier = new StartBarrier(3);
    const started: number[] = [];
    const first = barrier.arrive().then(() => started.push(1));
    await Promise.resolve();
    expect(started).toEqual([]);
    barrier.drop();
    await Promise.resolve();
    expect(started).toEqual([]);
    expect(barrier.openedAt).toBeNull();
    const second = barrier.arrive().then(() => started.push(2));
    await Promise.all([first, second]);
    expect(started.sort()).toEqual([1, 2]);
    expect(barrier.openedAt).not.toBeNull();
  });

  it("is open at once for no turns, and extra arrivals do not reopen it", async () => {
    const barrier = new StartBarrier(0);
    await barrier.whenOpen();
    const at = barrier.openedAt;
    await barrier.arrive();
    expect(barrier.openedAt).toBe(at);
  });
});
