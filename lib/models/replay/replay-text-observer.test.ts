import { afterEach, describe, expect, it } from "vitest";
import { createReplayModel } from "./replay-language-model";
import { REPLAY_TEXT_OBSERVER, type ReplayTextObserver } from "./replay-text-observer";

const holder = globalThis as { [REPLAY_TEXT_OBSERVER]?: ReplayTextObserver };

afterEach(() => {
  delete holder[REPLAY_TEXT_OBSERVER];
});

async function play(prompt: string, timeScale: number): Promise<string> {
  const model = createReplayModel({ timeScale });
  const result = await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: prompt }] }] });
  let text = "";
  const reader = result.stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    if (value.type === "text-delta") text += value.delta;
  }
}

describe("observeReplayText", () => {
  it("tells an observer each text part's end offset and when it was due, in order, on the recording's schedule", async () => {
    const prompts: string[] = [];
    const seen: [number, number][] = [];
    holder[REPLAY_TEXT_OBSERVER] = (prompt) => {
      prompts.push(prompt);
      return (endOffset, dueAt) => seen.push([endOffset, dueAt]);
    };
    const started = Date.now();
    const text = await play("Show me the build status", 0.05);
    expect(prompts).toEqual(["Show me the build status"]);
    expect(seen.at(-1)?.[0]).toBe(text.length);
    for (let index = 1; index < seen.length; index += 1) {
      expect(seen[index]![0]).toBeGreaterThan(seen[index - 1]![0]);
      expect(seen[index]![1]).toBeGreaterThanOrEqual(seen[index - 1]![1]);
    }
    // Due moments are on the wall clock, within the time the reply took.
    expect(seen[0]![1]).toBeGreaterThanOrEqual(started - 5);
    expect(seen.at(-1)![1]).toBeLessThanOrEqual(Date.now() + 5);
  });

  it("ignores a stream the observer declines, and plays the same text without one", async () => {
    holder[REPLAY_TEXT_OBSERVER] = () => null;
    const observedOff = await play("Show me the build status", 0);
    delete holder[REPLAY_TEXT_OBSERVER];
    expect(await play("Show me the build status", 0)).toBe(observedOff);
  });
});
