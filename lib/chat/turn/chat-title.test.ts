import { describe, expect, it } from "vitest";
import { formatUiAction } from "@/lib/genui/action/format-ui-action";
import { ACTION_CHAT_TITLE, CHAT_TITLE_MAX_LENGTH, chatTitleFromPrompt, DEFAULT_CHAT_TITLE } from "./chat-title";

describe("chatTitleFromPrompt", () => {
  it("takes the first non-empty line, flattened", () => {
    expect(chatTitleFromPrompt("\n\n  # Show me   the build status  \nand more")).toBe("Show me the build status");
    expect(chatTitleFromPrompt("> quoted\tquestion")).toBe("quoted question");
  });

  it("cuts long prompts on a character boundary with an ellipsis", () => {
    const title = chatTitleFromPrompt("🙂".repeat(200));
    expect(Array.from(title)).toHaveLength(CHAT_TITLE_MAX_LENGTH);
    expect(title.endsWith("…")).toBe(true);
    expect(title).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it("names action envelopes and empty prompts plainly", () => {
    expect(chatTitleFromPrompt(formatUiAction({ panel: "sales", action: "refresh", fields: {} }))).toBe(ACTION_CHAT_TITLE);
    expect(chatTitleFromPrompt("   \n  ")).toBe(DEFAULT_CHAT_TITLE);
  });
});
