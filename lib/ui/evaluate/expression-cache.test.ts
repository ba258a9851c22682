import { describe, expect, it } from "vitest";
import { UiBudget } from "../expression/budget";
import { UiFailure } from "../failure";
import { parseUiExpressionCached, UI_EXPRESSION_CACHE_ENTRIES, UI_EXPRESSION_CACHE_SOURCE_LENGTH } from "./expression-cache";

describe("parseUiExpressionCached", () => {
  it("returns the same tree for the same text under the same bounds", () => {
    const first = parseUiExpressionCached("$a + 1", new UiBudget());
    expect(parseUiExpressionCached("$a + 1", new UiBudget())).toBe(first);
    expect(parseUiExpressionCached("$a + 1", new UiBudget({ nesting: 5 }))).not.toBe(first);
    expect(parseUiExpressionCached("$a + 1", new UiBudget())).toEqual(first);
  });

  it("does not keep failures, long sources or more than its bound", () => {
    expect(() => parseUiExpressionCached("1 +", new UiBudget())).toThrow(UiFailure);
    const long = `"${"x".repeat(UI_EXPRESSION_CACHE_SOURCE_LENGTH)}"`;
    expect(parseUiExpressionCached(long, new UiBudget())).not.toBe(parseUiExpressionCached(long, new UiBudget()));
    const oldest = parseUiExpressionCached("$oldest", new UiBudget());
    for (let index = 0; index < UI_EXPRESSION_CACHE_ENTRIES; index += 1) parseUiExpressionCached(`${index}`, new UiBudget());
    expect(parseUiExpressionCached("$oldest", new UiBudget())).not.toBe(oldest);
  });
});
