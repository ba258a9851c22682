import { describe, expect, it } from "vitest";
import type { AssistantMessage, ChatMessage, PanelRecord } from "@/lib/chat/wire";
import { genuiFenceRecords } from "@/lib/chat/final/final-reply";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { isPanelFragment, placePanels } from "./place-panels";

const AT = "2026-12-01T00:00:00.000Z";

function reply(id: string, sequence: number, text: string, silent = false): AssistantMessage {
  return {
    id,
    chatId: "chat",
    sequence,
    role: "assistant",
    text,
    ui: compileUi(text, { id, final: true }),
    genui: genuiFenceRecords(text),
    receipt: [],
    status: "complete",
    silent,
    model: "replay:default",
    createdAt: AT,
  };
}

function salesFence(title: string): string {
  return ["```octo-ui", JSON.stringify({ id: "sales", title, items: [{ type: "text", text: title }] }), "```"].join("\n");
}

function user(id: string, sequence: number, text: string, silent = false): ChatMessage {
  return { id, chatId: "chat", sequence, role: "user", text, silent, kind: silent ? "action" : "prompt", createdAt: AT };
}

function record(panelId: string, dialect: PanelRecord["dialect"], messageId: string, revision: number): PanelRecord {
  return { panelId, dialect, revision, messageId, state: {} };
}

describe("placePanels", () => {
  const first = reply("a-2", 2, `Here is the dashboard.\n\n${salesFence("Sales v1")}\n`);
  const silentUpdate = reply("a-4", 4, salesFence("Sales v2"), true);
  const thread = [user("u-1", 1, "Show me the sales dashboard"), first, user("u-3", 3, "[octo-ui-action] {}", true), silentUpdate];

  it("draws a panel updated by a silent reply where it first stood, from the silent reply's revision", () => {
    const placement = placePanels(thread, [record("sales", "octo-ui", "a-4", 2)]);
    expect(placement.homes.get("sales")).toBe("a-2");
    const source = placement.sources.get("sales");
    expect(source?.dialect === "octo-ui" && source.fence.spec?.title).toBe("Sales v2");
  });

  it("moves a panel to a later visible reply that re-presents it", () => {
    const representing = reply("a-6", 6, `Back to the dashboard:\n\n${salesFence("Sales v3")}\n`);
    const placement = placePanels([...thread, user("u-5", 5, "show it again"), representing], [record("sales", "octo-ui", "a-6", 3)]);
    expect(placement.homes.get("sales")).toBe("a-6");
    const source = placement.sources.get("sales");
    expect(source?.dialect === "octo-ui" && source.fence.spec?.title).toBe("Sales v3");
  });

  it("leaves a panel where it was when a stopped or failed reply repeats its id, and marks that part a fragment", () => {
    for (const status of ["stopped", "error"] as const) {
      const cut = { ...reply("a-6", 6, `Back to the dashboard:\n\n${salesFence("Sales v3")}`), status };
      const placement = placePanels([...thread, user("u-5", 5, "show it again"), cut], [record("sales", "octo-ui", "a-4", 2)]);
      expect(placement.homes.get("sales")).toBe("a-2");
      expect(isPanelFragment(placement, "a-6", "sales")).toBe(true);
      expect(isPanelFragment(placement, "a-2", "sales")).toBe(false);
    }
    // A stopped reply that first showed a panel is that panel's home.
    const firstStopped = { ...first, status: "stopped" as const };
    const placement = placePanels([thread[0] as ChatMessage, firstStopped], [record("sales", "octo-ui", "a-2", 1)]);
    expect([placement.homes.get("sales"), isPanelFragment(placement, "a-2", "sales")]).toEqual(["a-2", false]);
  });

  it("places ```ui panels by their id= and leaves blocks without a record alone", () => {
    const text = "```ui id=build\n<Summary>Build</Summary>\n```\n\n```ui\n<Summary>Loose</Summary>\n```\n";
    const message = reply("a-2", 2, text);
    const placement = placePanels([message], [record("build", "ui", "a-2", 1)]);
    expect([...placement.homes]).toEqual([["build", "a-2"]]);
    const source = placement.sources.get("build");
    expect(source?.dialect === "ui" && source.block.id).toBe("build");
  });

  it("ignores a record whose dialect does not match the part with that id", () => {
    const placement = placePanels(thread, [record("sales", "ui", "a-4", 2)]);
    expect(placement.homes.size).toBe(0);
    expect(placement.sources.size).toBe(0);
  });
});
