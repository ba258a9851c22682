import { describe, expect, it } from "vitest";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { AppError } from "@/lib/errors";
import { genuiFenceRecords } from "../final/final-reply";
import { panelVersions } from "../panels/panel-versions";
import type { AssistantMessage, ChatMessage, UserMessage } from "../wire";
import { restoreTurn } from "./restore-turn";

const AT = "2026-12-01T00:00:00.000Z";

function reply(id: string, sequence: number, text: string, options: { silent?: boolean; status?: AssistantMessage["status"] } = {}): AssistantMessage {
  return {
    id,
    chatId: "chat",
    sequence,
    parentId: `u-${sequence - 1}`,
    role: "assistant",
    text,
    ui: compileUi(text, { id, final: true }),
    genui: genuiFenceRecords(text),
    receipt: [],
    status: options.status ?? "complete",
    silent: options.silent ?? false,
    model: "replay:default",
    createdAt: AT,
  };
}

function user(sequence: number, kind: UserMessage["kind"], action?: UserMessage["action"]): UserMessage {
  return { id: `u-${sequence}`, chatId: "chat", sequence, role: "user", text: "…", silent: kind === "action", kind, ...(action ? { action } : {}), createdAt: AT };
}

function salesFence(title: string): string {
  return ["```octo-ui", JSON.stringify({ id: "sales", title, items: [{ type: "text", text: title }] }), "```"].join("\n");
}

const UI_PANEL = '```ui id=build\n<Stat label="Failed" value={3} />\n```';

const thread: ChatMessage[] = [
  user(1, "prompt"),
  reply("a-2", 2, `Here is the dashboard.\n\n${salesFence("Sales v1")}\n\nand the build:\n\n${UI_PANEL}\n`),
  user(3, "action", { label: "Refresh", fields: [] }),
  reply("a-4", 4, salesFence("Sales v2"), { silent: true }),
  user(5, "action", { label: "Refresh", fields: [] }),
  // Stopped mid-fence: a fragment, no version.
  reply("a-6", 6, salesFence("Sales v3").slice(0, -4), { silent: true, status: "stopped" }),
  user(7, "action", { label: "Restored version 1", fields: [], restored: { messageId: "a-2", version: 1 } }),
  reply("a-8", 8, salesFence("Sales v1"), { silent: true }),
];

describe("panelVersions", () => {
  it("counts the replies holding the panel whole along the thread, with what made each", () => {
    const versions = panelVersions({ messages: thread, panelId: "sales", dialect: "octo-ui", currentMessageId: "a-8" });
    expect(versions.map((version) => [version.version, version.message.id, version.cause])).toEqual([
      [1, "a-2", { kind: "prompt" }],
      [2, "a-4", { kind: "press", label: "Refresh" }],
      [3, "a-8", { kind: "restore", version: 1 }],
    ]);
  });

  it("counts a cut-short reply when the panel's record names it", () => {
    expect(panelVersions({ messages: thread, panelId: "sales", dialect: "octo-ui", currentMessageId: "a-6" }).map((version) => version.message.id)).toEqual(["a-2", "a-4", "a-6", "a-8"]);
  });
});

describe("restoreTurn", () => {
  const panel = { panelId: "sales", dialect: "octo-ui" as const, messageId: "a-8" };

  it("re-emits the earlier version's fence exactly as its reply wrote it, and tells the model what happened", () => {
    const turn = restoreTurn({ path: thread, panel, messageId: "a-4" });
    expect(turn.part).toEqual({ text: salesFence("Sales v2"), cards: [] });
    expect(turn.summary).toEqual({ label: "Restored version 2", fields: [], restored: { messageId: "a-4", version: 2 } });
    expect(turn.text).toContain('restored panel "sales" to its version 2');
    // Out of a reply with prose and two parts, only the panel's own fence.
    expect(restoreTurn({ path: thread, panel, messageId: "a-2" }).part.text).toBe(salesFence("Sales v1"));
  });

  it("re-emits a ```ui panel's block", () => {
    const turn = restoreTurn({ path: [...thread, user(9, "prompt"), reply("a-10", 10, UI_PANEL.replace("{3}", "{0}"))], panel: { panelId: "build", dialect: "ui", messageId: "a-10" }, messageId: "a-2" });
    expect(turn.part.text).toBe(UI_PANEL);
  });

  it("refuses the current version, a fragment, and a reply holding none", () => {
    const codeOf = (messageId: string) => {
      try {
        restoreTurn({ path: thread, panel, messageId });
        return "restored";
      } catch (caught) {
        return caught instanceof AppError ? caught.code : "thrown";
      }
    };
    expect([codeOf("a-8"), codeOf("a-6"), codeOf("u-3"), codeOf("elsewhere")]).toEqual(["bad_request:panel", "not_found:message", "not_found:message", "not_found:message"]);
  });
});
