import { describe, expect, it } from "vitest";
import { GenerationRegistry } from "./generation-registry";

describe("GenerationRegistry", () => {
  it("gives a chat's slot to one generation at a time", async () => {
    const registry = new GenerationRegistry();
    const slot = registry.reserve("chat");
    expect(slot).not.toBeNull();
    expect(registry.reserve("chat")).toBeNull();
    expect(registry.reserve("other")).not.toBeNull();
    let finish!: () => void;
    registry.run("chat", new Promise<void>((resolve) => (finish = resolve)));
    expect(registry.has("chat")).toBe(true);
    finish();
    await registry.done("chat");
    expect(registry.has("chat")).toBe(false);
    expect(registry.reserve("chat")).not.toBeNull();
  });

  it("aborts with the first reason given, and says so", () => {
    const registry = new GenerationRegistry();
    const slot = registry.reserve("chat");
    if (!slot) throw new Error("no slot");
    expect(registry.abort("nothing", "stop")).toBe(false);
    expect(registry.abort("chat", "time-limit")).toBe(true);
    expect(registry.abort("chat", "stop")).toBe(true);
    expect(slot.signal.aborted).toBe(true);
    expect(slot.reason()).toBe("time-limit");
  });

  it("does not let a released slot free a newer reservation", () => {
    const registry = new GenerationRegistry();
    const first = registry.reserve("chat");
    first?.release();
    const second = registry.reserve("chat");
    first?.release();
    expect(second).not.toBeNull();
    expect(registry.has("chat")).toBe(true);
  });
});
