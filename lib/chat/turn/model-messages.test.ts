import { describe, expect, it } from "vitest";
import type { Message } from "@/db/schema";
import { toModelMessages } from "./model-messages";

let sequence = 0;
function row(role: Message["role"], text: string, extra: Partial<Message> = {}): Message {
  sequence += 1;
  return {
    id: `m${sequence}`,
    chatId: "c",
    sequence,
    role,
    text,
    ui: null,
    genui: null,
    diagnostics: null,
    silent: false,
    status: "complete",
    error: null,
    model: role === "assistant" ? "replay:default" : null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    treeDialects: null,
    treeCatalogs: null,
    treeCodes: null,
    treeNodes: null,
    treeSize: null,
    ...extra,
  };
}

describe("toModelMessages", () => {
  it("sends every turn in order, silent action turns included", () => {
    const thread = [
      row("user", "Show me the sales dashboard"),
      row("assistant", "```octo-ui\n{}\n```"),
      row("user", '[octo-ui-action] {"panel":"sales","action":"refresh","fields":{},"payload":{}}', { silent: true }),
      row("assistant", "```octo-ui\n{}\n```", { silent: true }),
      row("user", "thanks"),
    ];
    expect(toModelMessages(thread)).toEqual(thread.map((message) => ({ role: message.role, content: message.text })));
  });

  it("leaves out replies without text and keeps the newest turns within the budget, starting with a person", () => {
    const thread = [row("user", "a".repeat(50)), row("assistant", "b".repeat(50)), row("user", "c".repeat(50)), row("assistant", "", { status: "error" }), row("assistant", "d".repeat(20)), row("user", "e".repeat(20))];
    expect(toModelMessages(thread, 100).map((message) => message.content)).toEqual(["c".repeat(50), "d".repeat(20), "e".repeat(20)]);
    expect(toModelMessages(thread, 60).map((message) => message.content)).toEqual(["e".repeat(20)]);
  });

  it("always keeps the newest prompt, even past the budget", () => {
    expect(toModelMessages([row("user", "x".repeat(500))], 10)).toHaveLength(1);
  });
});
