import { describe, expect, it } from "vitest";
import { PROMPT_MAX_LENGTH } from "@/lib/chat/wire";
import { resolveUiChoice } from "@/lib/ui/choice/resolve-choice";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { formatChoiceMessage } from "./format-choice-message";

const STANDUP = [
  "```ui id=standup",
  '$yesterday = ""',
  '$mood = "on-track"',
  '<TextField label="Yesterday" value={$yesterday}/>',
  '<Segmented label="How is it going?" value={$mood}>',
  '  <Option value="on-track" label="On track"/>',
  '  <Option value="blocked" label="Blocked"/>',
  "</Segmented>",
  "<Choices>",
  '  <Choice id="draft" label="Draft it" context="Write my standup update from these answers"/>',
  '  <Choice id="again" label="Ask me again"/>',
  "</Choices>",
  "```",
].join("\n");

describe("formatChoiceMessage", () => {
  const [block] = compileUi(STANDUP, { id: "reply", final: true });
  if (!block) throw new Error("the block did not compile");

  it("sends the label, the context and the values the person set, resolved on the stored block", () => {
    const selection = resolveUiChoice(block, "draft", { yesterday: "Fixed the export\nand its test", mood: "blocked" });
    expect(formatChoiceMessage(selection)).toBe(
      [
        "Draft it",
        "",
        "Write my standup update from these answers",
        "",
        "- yesterday: Fixed the export\n  and its test",
        "- mood: blocked",
      ].join("\n"),
    );
  });

  it("sends the label once when the choice has no context of its own", () => {
    const selection = resolveUiChoice(block, "again", {});
    expect(formatChoiceMessage(selection).split("\n\n")[0]).toBe("Ask me again");
    expect(formatChoiceMessage(selection)).not.toContain("Ask me again\n\nAsk me again");
  });

  it("never exceeds the prompt limit", () => {
    // Past what a TextField accepts: the message must still fit whatever the values hold.
    const selection = { id: "draft", label: "Draft it", context: "Draft it", values: { yesterday: "x".repeat(PROMPT_MAX_LENGTH * 2) } };
    const message = formatChoiceMessage(selection);
    expect(message.length).toBe(PROMPT_MAX_LENGTH);
    expect(message.startsWith("Draft it")).toBe(true);
  });
});
