import { describe, expect, it } from "vitest";
import { formatUiAction } from "./format-ui-action";
import { looksLikeUiAction } from "./looks-like-ui-action";

describe("looksLikeUiAction", () => {
  it("is true for an envelope and for anything that starts like one", () => {
    expect(looksLikeUiAction(formatUiAction({ panel: "sales", action: "refresh", fields: {} }))).toBe(true);
    for (const text of ["[octo-ui-action]{}", "  [octo-ui-action] {", "\n\t[OCTO-UI-ACTION] x", "\u200b\u200e[octo-ui-action] {}", "[Octo-UI-Action]"]) {
      expect(looksLikeUiAction(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("is false for text that only mentions the prefix later on", () => {
    for (const text of ["", "Refresh", "Why does [octo-ui-action] show up?", "[octo-ui] x", "- [octo-ui-action] {}"]) {
      expect(looksLikeUiAction(text), JSON.stringify(text)).toBe(false);
    }
  });
});
