import { sentButtonKeys } from "@/lib/chat/panels/sent-buttons";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatUiAction } from "@/lib/genui";
import type { AssistantMessage, ChatSnapshot, ReceiptEntry, UserMessage } from "@/lib/chat/wire";
import { genuiFenceRecords } from "@/lib/chat/final/final-reply";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { silentTurnOf } from "../chat-state/silent-turn";
import { interruptedUpdatesOf } from "../chat-state/interrupted-updates";
import { placePanels } from "../panels/place-panels";
import type { PanelStates } from "../panels/use-panel-states";
import { MessageThread } from "./message-thread";
import { ThreadContext } from "./thread-context";

const AT = "2026-12-01T00:00:00.000Z";

function user(sequence: number, text: string, silent = false): UserMessage {
  return { id: `u-${sequence}`, chatId: "chat", sequence, role: "user", text, silent, kind: silent ? "action" : "prompt", createdAt: AT };
}

function reply(sequence: number, text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  const id = `a-${sequence}`;
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
    silent: false,
    model: "replay:default",
    createdAt: AT,
    ...extra,
  };
}

const NO_STATES: PanelStates = { stateOf: () => undefined, change: () => {}, flush: async () => {} };

function thread(snapshot: ChatSnapshot) {
  const placement = placePanels(snapshot.messages, snapshot.panels);
  const silentTurn = silentTurnOf(snapshot);
  return (
    <ThreadContext.Provider value={{ placement, panelStates: NO_STATES, updatingPanelId: silentTurn.panelId, interruptedUpdates: interruptedUpdatesOf(snapshot.messages, snapshot.panels), sentKeys: sentButtonKeys(snapshot.messages), sendAction: undefined, choose: undefined }}>
      <MessageThread snapshot={snapshot} silentTurn={silentTurn} />
    </ThreadContext.Provider>
  );
}

function render(snapshot: ChatSnapshot): string {
  return renderToStaticMarkup(thread(snapshot));
}

function snapshotOf(messages: ChatSnapshot["messages"], extra: Partial<ChatSnapshot> = {}): ChatSnapshot {
  return { chat: { id: "chat", title: "Chat", modelId: "replay:default", createdAt: AT, updatedAt: AT }, messages, panels: [], live: null, ...extra };
}

const SALES_V1 = '```octo-ui\n{"id": "sales", "title": "Sales v1", "items": [{"type": "text", "text": "first numbers"}]}\n```';
const SALES_V2 = '```octo-ui\n{"id": "sales", "title": "Sales v2", "items": [{"type": "text", "text": "fresh numbers"}]}\n```';
const REFRESH = formatUiAction({ panel: "sales", action: "refresh", fields: {} });

describe("MessageThread", () => {
  it("is a polite live log of the visible messages; a prompt is plain text, never HTML", () => {
    const markup = render(snapshotOf([user(1, "<b>bold?</b> Show me the build status"), reply(2, "Main is **red**.")]));
    expect(markup).toMatch(/^<div role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages"/);
    expect(markup).toContain("&lt;b&gt;bold?&lt;/b&gt; Show me the build status");
    expect(markup).toContain("<strong>red</strong>");
  });

  it("draws a silently updated panel where it first stood, and never the silent turn or its reply", () => {
    const markup = render(
      snapshotOf([user(1, "Show me the sales dashboard"), reply(2, `Here it is.\n\n${SALES_V1}\n`), user(3, REFRESH, true), reply(4, SALES_V2, { silent: true })], {
        panels: [{ panelId: "sales", dialect: "octo-ui", revision: 2, messageId: "a-4", state: {} }],
      }),
    );
    expect(markup).toContain("Sales v2");
    expect(markup).toContain("Here it is.");
    expect(markup).not.toContain("Sales v1");
    expect(markup).not.toContain("[octo-ui-action]");
    expect(markup.match(/<article/g)).toHaveLength(2);
  });

  it("draws a visible action turn as the button the person pressed and the values they sent, never its JSON", () => {
    const pressed: UserMessage = {
      ...user(3, formatUiAction({ action: "feedback", fields: { comment: "<i>Great</i>", mood: "happy" } })),
      kind: "action",
      action: { label: "Send feedback", fields: [{ label: "Comment", value: "<i>Great</i>" }, { label: "Mood", value: "Happy" }] },
    };
    const markup = render(snapshotOf([user(1, "Show me the feedback form"), reply(2, "Here."), pressed]));
    expect(markup).toContain("Pressed “Send feedback”");
    expect(markup).toMatch(/<ul class="[^"]*" aria-label="Values sent"><li>Comment: &lt;i&gt;Great&lt;\/i&gt;<\/li><li>Mood: Happy<\/li><\/ul>/);
    expect(markup).not.toContain("[octo-ui-action]");
    // Typed text that reads like an envelope is shown as typed.
    expect(render(snapshotOf([user(1, REFRESH)]))).toContain("[octo-ui-action]");
  });

  it("draws a choice turn by its controls' labels and option labels, and the choice it picked as chosen, from the stored thread", () => {
    const form = reply(
      2,
      [
        "```ui id=standup",
        '$mood = "on-track"',
        "$reviewed = false",
        '<Segmented label="How is it going?" value={$mood}>',
        '  <Option value="on-track" label="On track"/>',
        '  <Option value="blocked" label="Blocked"/>',
        "</Segmented>",
        '<Checklist><Item label="Linked the pull requests I mention" checked={$reviewed}/></Checklist>',
        "<Choices>",
        '  <Choice id="draft" label="Draft it"/>',
        '  <Choice id="again" label="Ask me again"/>',
        "</Choices>",
        "```",
      ].join("\n"),
    );
    const picked: UserMessage = {
      ...user(3, "Draft it\n\n- mood: blocked\n- reviewed: true"),
      kind: "choice",
      action: {
        label: "Draft it",
        fields: [
          { label: "How is it going?", value: "Blocked" },
          { label: "Linked the pull requests I mention", value: "yes" },
        ],
        chosen: { messageId: "a-2", blockId: "standup", choiceId: "draft" },
      },
    };
    const markup = render(snapshotOf([user(1, "Help me write my standup update"), form, picked]));
    expect(markup).toMatch(/<ul class="[^"]*" aria-label="Values sent"><li>How is it going\?: Blocked<\/li><li>Linked the pull requests I mention: yes<\/li><\/ul>/);
    expect(markup).not.toContain("reviewed: true");
    expect(markup).not.toContain("mood: blocked");
    const choices = [...markup.matchAll(/<button[^>]*data-choice="send"[^>]*>.*?<\/button>/g)].map((match) => match[0]);
    expect(choices).toHaveLength(2);
    expect(choices[0]).toMatch(/data-sent="true"/);
    expect(choices[0]).toMatch(/disabled=""/);
    expect(choices[0]).toContain("✓");
    expect(choices[0]).toContain('title="Sent — the answer is in the chat"');
    expect(choices[1]).not.toContain("data-sent");
    // A choice turn stored before summaries existed is drawn as its text.
    expect(render(snapshotOf([{ ...picked, action: undefined }]))).toContain("- reviewed: true");
  });

  it("marks a panel as updating while a silent reply streams, and keeps that reply out of the thread", () => {
    const markup = render(
      snapshotOf([user(1, "Show me the sales dashboard"), reply(2, SALES_V1), user(3, REFRESH, true)], {
        panels: [{ panelId: "sales", dialect: "octo-ui", revision: 1, messageId: "a-2", state: {} }],
        live: { messageId: "a-4", replyTo: "u-3", model: "replay:default", startedAt: AT, text: "```octo-ui\n{", ui: [], textLength: 0, tools: [] },
      }),
    );
    expect(markup).toMatch(/aria-busy="true"[^>]*>.*Updating…/s);
    expect(markup.match(/<article/g)).toHaveLength(2);
  });

  it("marks a stopped reply and an errored one, keeping their text, and lists the receipt in the inspector", () => {
    const receipt: ReceiptEntry[] = [
      { code: "unknown_component", message: "Gauge is not a component.", where: "ui block 1, line 2", dialect: "ui" },
      { code: "unknown_node_type", message: "heatmap is not a node type.", where: "octo-ui fence 1, items[1]", dialect: "octo-ui" },
    ];
    const markup = render(
      snapshotOf([
        user(1, "a"),
        reply(2, "Half a sentence", { status: "stopped" }),
        user(3, "b"),
        reply(4, "Here is the weekly", { status: "error", error: "The model stopped responding.", receipt }),
      ]),
    );
    expect(markup).toContain("Half a sentence");
    expect(markup).toContain("Stopped");
    expect(markup).toContain("Here is the weekly");
    expect(markup).toContain("The model stopped responding.");
    // The receipt's entries are in the reply's inspector, summed up in plain words (its list, drawn once opened: reply-inspector.test.tsx).
    expect(markup).toMatch(/<details[^>]*data-inspector=""[^>]*data-diagnostics="2"[^>]*><summary[^>]*><span[^>]*>Notes:<\/span> 1 part could not be shown, 1 value was adjusted<\/summary><\/details>/);
    expect(markup.match(/data-inspector/g)).toHaveLength(1);
  });

  it("shows a reply being written as busy, with its text so far", () => {
    const markup = render(
      snapshotOf([user(1, "Show me the build status")], {
        live: { messageId: "a-2", replyTo: "u-1", model: "replay:default", startedAt: AT, text: "Main is red", ui: [], textLength: 0, tools: [] },
      }),
    );
    expect(markup).toMatch(/<article[^>]*aria-busy="true"[^>]*data-status="streaming"/);
    expect(markup).toContain("Main is red");
    expect(markup).toContain("Writing…");
  });
});

describe("MessageThread with a message that cannot be drawn", () => {
  /** A reply whose stored blocks lost their shape (the renderer throws on it). */
  function broken(sequence: number, text: string): AssistantMessage {
    return reply(sequence, text, { ui: [{ id: "b1" } as unknown as UiBlock] });
  }

  it("renders the other messages on the server and leaves the broken one for the browser to draw again", () => {
    const markup = renderToString(
      thread(snapshotOf([user(1, "first"), reply(2, "The **first** answer."), user(3, "second"), broken(4, "The <b>second</b> answer."), user(5, "third"), reply(6, "The **third** answer.")])),
    );
    expect(markup).toContain("<strong>first</strong>");
    expect(markup).toContain("<strong>third</strong>");
    expect(markup).toMatch(/<article[^>]*data-message-id="a-4"[^>]*data-status="pending"[^>]*>.*Loading this message…/s);
    // React marks the boundary for the browser to render again: the error's message stays on the server.
    expect(markup).toContain("<!--$!-->");
    expect(markup.match(/<article/g)).toHaveLength(6);
  });

  it("renders a thread whose reply nests thousands of levels deep, with the note and every other message", () => {
    const deep = `Here it is.\n\n${">".repeat(5_000)} deep\n\nThat is all.`;
    const markup = renderToString(thread(snapshotOf([user(1, "nest"), reply(2, deep), user(3, "next"), reply(4, "Main is **red**.")])));
    expect(markup).toContain("This part is nested too deeply to format, so it is shown as plain text.");
    expect(markup).toContain("<p>That is all.</p>");
    expect(markup).toContain("<strong>red</strong>");
    expect(markup).not.toContain("Loading this message");
  });

  it("formats the bottom of a thread at once, and the prose of a long reply far above it later", () => {
    const long = Array.from({ length: 2_000 }, (_, index) => `## Part ${index}\n\nSome **bold** text.`).join("\n\n");
    const markup = render(snapshotOf([user(1, "long"), reply(2, long), user(3, "short"), reply(4, "Main is **red**.")]));
    expect(markup).toContain("<strong>red</strong>");
    expect(markup).toContain("<h2>Part 1999</h2>");
    expect(markup).not.toContain("<h2>Part 0</h2>");
    expect(markup).toContain("## Part 0");
  });
});

describe("MessageThread during a repair round", () => {
  it("says under the reply being repaired how many blocks are rewritten, and nothing under the others", () => {
    const snapshot = snapshotOf([user(1, "Show me the dashboard"), reply(2, "First."), user(3, "And again"), reply(4, "Second.")]);
    const placement = placePanels(snapshot.messages, snapshot.panels);
    const silentTurn = silentTurnOf(snapshot);
    const markup = renderToStaticMarkup(
      <ThreadContext.Provider value={{ placement, panelStates: NO_STATES, updatingPanelId: silentTurn.panelId, interruptedUpdates: interruptedUpdatesOf(snapshot.messages, snapshot.panels), sentKeys: sentButtonKeys(snapshot.messages), sendAction: undefined, choose: undefined }}>
        <MessageThread snapshot={snapshot} silentTurn={silentTurn} repairing={{ messageId: "a-4", blocks: 1 }} />
      </ThreadContext.Provider>,
    );
    expect(markup.match(/Repairing 1 block…/g)).toHaveLength(1);
    expect(markup.indexOf("Repairing 1 block…")).toBeGreaterThan(markup.indexOf("Second."));
    expect(render(snapshot)).not.toContain("Repairing");
  });
});
