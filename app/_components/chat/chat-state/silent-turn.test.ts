import { describe, expect, it } from "vitest";
import { formatUiAction } from "@/lib/genui";
import type { ChatSnapshot, LiveReply, UserMessageKind } from "@/lib/chat/wire";
import { silentTurnOf } from "./silent-turn";

const AT = "2026-12-01T00:00:00.000Z";

function snapshot(prompt: string, silent: boolean, liveText: string | null, kind: UserMessageKind = silent ? "action" : "prompt"): ChatSnapshot {
  const live: LiveReply | null =
    liveText === null
      ? null
      : { messageId: "a-2", replyTo: "u-1", model: "replay:default", startedAt: AT, text: liveText, ui: [], textLength: 0, tools: [] };
  return {
    chat: { id: "chat", title: "Sales", modelId: "replay:default", createdAt: AT, updatedAt: AT },
    messages: [{ id: "u-1", chatId: "chat", sequence: 1, role: "user", text: prompt, silent, kind, createdAt: AT }],
    panels: [],
    live,
  };
}

const REFRESH = formatUiAction({ panel: "sales", action: "refresh", fields: { range: "30d" } });

describe("silentTurnOf", () => {
  it("marks the panel as updating and hides the reply while it can still be one fence", () => {
    expect(silentTurnOf(snapshot(REFRESH, true, ""))).toEqual({ panelId: "sales", hideLive: true });
    expect(silentTurnOf(snapshot(REFRESH, true, "``"))).toEqual({ panelId: "sales", hideLive: true });
    expect(silentTurnOf(snapshot(REFRESH, true, '\n```octo-ui\n{"id": "sales"'))).toEqual({ panelId: "sales", hideLive: true });
  });

  it("draws a reply that starts with prose as an ordinary one", () => {
    expect(silentTurnOf(snapshot(REFRESH, true, "Your report was filed"))).toEqual({ panelId: null, hideLive: false });
  });

  it("leaves replies to visible prompts and envelopes without a panel alone", () => {
    expect(silentTurnOf(snapshot("Show me the sales dashboard", false, ""))).toEqual({ panelId: null, hideLive: false });
    const anonymous = formatUiAction({ action: "submit", fields: {} });
    expect(silentTurnOf(snapshot(anonymous, true, ""))).toEqual({ panelId: null, hideLive: false });
    expect(silentTurnOf(snapshot(REFRESH, true, null))).toEqual({ panelId: null, hideLive: false });
  });

  it("marks nothing for a typed or chosen turn that merely reads like an envelope", () => {
    expect(silentTurnOf(snapshot(REFRESH, false, "", "prompt"))).toEqual({ panelId: null, hideLive: false });
    expect(silentTurnOf(snapshot(REFRESH, false, "", "choice"))).toEqual({ panelId: null, hideLive: false });
    expect(silentTurnOf(snapshot(REFRESH, true, "", "choice"))).toEqual({ panelId: null, hideLive: false });
  });
});
