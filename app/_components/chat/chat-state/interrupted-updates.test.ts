import { describe, expect, it } from "vitest";
import type { MessageStatus } from "@/db/schema";
import { formatUiAction } from "@/lib/genui";
import type { AssistantMessage, ChatMessage, PanelRecord, UserMessage } from "@/lib/chat/wire";
import { interruptedUpdatesOf } from "./interrupted-updates";

const AT = "2026-12-01T00:00:00.000Z";
const REFRESH = formatUiAction({ panel: "sales", action: "refresh", fields: { range: "30d" } });
const PRESSED = { messageId: "a-1", fenceIndex: 0, button: "items.10" };
const PANEL: PanelRecord = { panelId: "sales", dialect: "octo-ui", revision: 1, messageId: "a-1", state: {} };

function user(sequence: number, text: string, silent: boolean): UserMessage {
  return { id: `u-${sequence}`, chatId: "chat", sequence, role: "user", text, silent, kind: silent ? "action" : "prompt", ...(silent ? { action: { label: "Refresh", fields: [], pressed: PRESSED } } : {}), createdAt: AT };
}

function reply(sequence: number, status: MessageStatus, silent: boolean): AssistantMessage {
  return { id: `a-${sequence}`, chatId: "chat", sequence, role: "assistant", text: "", silent, status, createdAt: AT } as AssistantMessage;
}

const DASHBOARD: ChatMessage[] = [user(0, "Show me the sales dashboard", false), reply(1, "complete", false)];

describe("interruptedUpdatesOf", () => {
  it("notes a stopped or failed silent update, with the same press (and the panel's revision) to retry", () => {
    for (const status of ["stopped", "error"] as const) {
      const updates = interruptedUpdatesOf([...DASHBOARD, user(2, REFRESH, true), reply(3, status, true)], [PANEL]);
      expect(updates.get("sales")).toEqual({ status, retry: { ...PRESSED, fields: { range: "30d" }, revision: 1 } });
    }
  });

  it("notes nothing once a later update finished, or when the answer was an ordinary visible reply", () => {
    const later = [...DASHBOARD, user(2, REFRESH, true), reply(3, "stopped", true), user(4, REFRESH, true), reply(5, "complete", true)];
    expect(interruptedUpdatesOf(later, [{ ...PANEL, revision: 2, messageId: "a-5" }]).size).toBe(0);
    expect(interruptedUpdatesOf([...DASHBOARD, user(2, REFRESH, true), reply(3, "stopped", false)], [PANEL]).size).toBe(0);
    expect(interruptedUpdatesOf([...DASHBOARD, user(2, REFRESH, true)], [PANEL]).size).toBe(0);
  });

  it("notes nothing once a later reply re-presented the panel", () => {
    const represented = [...DASHBOARD, user(2, REFRESH, true), reply(3, "error", true), user(4, "Show me the sales dashboard", false), reply(5, "complete", false)];
    expect(interruptedUpdatesOf(represented, [{ ...PANEL, revision: 2, messageId: "a-5" }]).size).toBe(0);
  });
});
