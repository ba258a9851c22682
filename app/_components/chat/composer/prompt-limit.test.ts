import { describe, expect, it } from "vitest";
import { PROMPT_MAX_LENGTH } from "@/lib/chat/wire";
import { promptLimit } from "./prompt-limit";

describe("promptLimit", () => {
  it("shows no counter below the last tenth of the limit", () => {
    expect(promptLimit(0)).toMatchObject({ showCounter: false, over: false, problem: null });
    expect(promptLimit(28_799)).toMatchObject({ showCounter: false, over: false });
  });

  it("shows the counter within the last tenth, still sendable at the limit itself", () => {
    expect(promptLimit(28_800)).toMatchObject({ showCounter: true, over: false, counter: "28,800 / 32,000" });
    expect(promptLimit(31_250).counter).toBe("31,250 / 32,000");
    expect(promptLimit(PROMPT_MAX_LENGTH)).toMatchObject({ showCounter: true, over: false, problem: null });
  });

  it("refuses past the limit and says by how much", () => {
    const one = promptLimit(PROMPT_MAX_LENGTH + 1);
    expect(one).toMatchObject({ showCounter: true, over: true, counter: "32,001 / 32,000" });
    expect(one.problem).toContain("1 character too long");
    expect(promptLimit(100_000).problem).toContain("68,000 characters too long");
  });
});
