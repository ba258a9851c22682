import { describe, expect, it } from "vitest";
import { generationWorkerWanted } from "./process-chat-core";

describe("generationWorkerWanted", () => {
  it("streams replies in the generation worker in a Next.js server, unless CHAT_GENERATION_WORKER=off", () => {
    expect(generationWorkerWanted({ NEXT_RUNTIME: "nodejs" })).toBe(true);
    expect(generationWorkerWanted({ NEXT_RUNTIME: "nodejs", CHAT_GENERATION_WORKER: "off" })).toBe(false);
  });

  it("streams in its own thread where a test runner runs the code from TypeScript: there is no worker bundle to start", () => {
    expect(generationWorkerWanted({})).toBe(false);
  });
});
