import { describe, expect, it } from "vitest";
import { liveFences } from "./live-fences";

const FIRST = '```octo-ui\n{"title": "First", "items": [{"type": "text", "text": "one"}]}\n```\n';
const SECOND = '```octo-ui\n{"title": "Second", "items": [{"type": "text", "text": "two"}]}\n```\n';

describe("liveFences", () => {
  it("keeps a closed fence's part while the reply grows, and reads the open one again", () => {
    const early = liveFences(`Intro\n\n${FIRST}\n${SECOND.slice(0, 30)}`);
    expect(early.map((fence) => [fence.spec?.title ?? null, fence.closed])).toEqual([
      ["First", true],
      [null, false],
    ]);
    const later = liveFences(`Intro\n\n${FIRST}\n${SECOND}`, early);
    expect(later[0]).toBe(early[0]);
    expect(later[1]).not.toBe(early[1]);
    expect(later[1]?.spec?.title).toBe("Second");
    expect(later[1]?.closed).toBe(true);
  });

  it("reads a fence again when it no longer stands where it stood", () => {
    const early = liveFences(`Intro\n\n${FIRST}`);
    const moved = liveFences(`Another intro\n\n${FIRST}`, early);
    expect(moved[0]).not.toBe(early[0]);
    expect(moved[0]?.range.start).toBe("Another intro\n\n".length);
  });
});
