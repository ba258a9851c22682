// @vitest-environment happy-dom
/**
 * A reply that ends is updated in place: the stored message takes the live
 * reply's place in the thread, so its parts keep their elements (a long reply
 * is not thrown away and drawn again in one task), and prose already
 * formatted stays formatted though the stored reply's prose above the last
 * screens counts as deferred.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sentButtonKeys } from "@/lib/chat/panels/sent-buttons";
import { genuiFenceRecords } from "@/lib/chat/final/final-reply";
import type { AssistantMessage, ChatSnapshot, UserMessage } from "@/lib/chat/wire";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { interruptedUpdatesOf } from "../chat-state/interrupted-updates";
import { silentTurnOf } from "../chat-state/silent-turn";
import { placePanels } from "../panels/place-panels";
import type { PanelStates } from "../panels/use-panel-states";
import { THREAD_FORMATTED_CHARACTERS } from "./defer-markdown";
import { MessageThread } from "./message-thread";
import { ThreadContext } from "./thread-context";

const AT = "2026-12-01T00:00:00.000Z";
const NO_STATES: PanelStates = { stateOf: () => undefined, change: () => {}, flush: async () => {} };

/** Prose long enough that the stored reply defers its start, then a ```ui block. */
const TEXT = [
  "## First section\n\nThe **first** paragraph of a long reply.",
  ...Array.from({ length: 200 }, (_, index) => `Paragraph ${index} of the report, with *some* emphasis and a little more text to make it long.`),
  '```ui\n<Stats>\n  <Stat label="Cases" value="24"/>\n</Stats>\n```',
  "That is all.",
].join("\n\n");

const PROMPT: UserMessage = { id: "u-1", chatId: "chat", sequence: 1, role: "user", text: "Report", silent: false, kind: "prompt", createdAt: AT };

function stored(): AssistantMessage {
  return {
    id: "a-2",
    chatId: "chat",
    sequence: 2,
    role: "assistant",
    text: TEXT,
    ui: compileUi(TEXT, { id: "a-2", final: true }),
    genui: genuiFenceRecords(TEXT),
    receipt: [],
    status: "complete",
    silent: false,
    model: "replay:default",
    createdAt: AT,
  };
}

function snapshot(messages: ChatSnapshot["messages"], live: ChatSnapshot["live"]): ChatSnapshot {
  return { chat: { id: "chat", title: "Chat", modelId: "replay:default", createdAt: AT, updatedAt: AT }, messages, panels: [], live };
}

function thread(value: ChatSnapshot) {
  const placement = placePanels(value.messages, value.panels);
  const silentTurn = silentTurnOf(value);
  return (
    <ThreadContext.Provider
      value={{ placement, panelStates: NO_STATES, updatingPanelId: silentTurn.panelId, interruptedUpdates: interruptedUpdatesOf(value.messages, value.panels), sentKeys: sentButtonKeys(value.messages), sendAction: undefined, choose: undefined }}
    >
      <MessageThread snapshot={value} silentTurn={silentTurn} />
    </ThreadContext.Provider>
  );
}

let root: Root | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

describe("a reply that ends", () => {
  it("keeps its elements, and its formatted prose stays formatted", () => {
    expect(TEXT.length).toBeGreaterThan(THREAD_FORMATTED_CHARACTERS * 2);
    const host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    const live = { messageId: "a-2", replyTo: "u-1", model: "replay:default", startedAt: AT, text: TEXT, ui: compileUi(TEXT, { id: "a-2" }), textLength: TEXT.length, tools: [] };
    act(() => root?.render(thread(snapshot([PROMPT], live))));
    const article = host.querySelector('article[data-message-id="a-2"]');
    const heading = host.querySelector("h2");
    const stat = host.querySelector('[data-message-id="a-2"] [data-reply-parts] > :nth-last-child(2)');
    expect(article?.getAttribute("data-status")).toBe("streaming");
    expect(heading?.textContent).toBe("First section");
    expect(stat?.textContent).toContain("Cases");

    act(() => root?.render(thread(snapshot([PROMPT, stored()], null))));
    expect(host.querySelector('article[data-message-id="a-2"]')).toBe(article);
    expect(article?.getAttribute("data-status")).toBe("complete");
    expect(host.querySelector("h2"), "the heading is the same element, formatted").toBe(heading);
    expect(host.querySelector("[data-markdown-deferred]")).toBeNull();
    expect(host.querySelector('[data-message-id="a-2"] [data-reply-parts] > :nth-last-child(2)')).toBe(stat);
  });
});
