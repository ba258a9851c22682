// @vitest-environment happy-dom
/**
 * The boundary in a browser-like DOM (happy-dom): error boundaries only run
 * on the client, so this hydrates the server's page as the browser does and
 * checks what a person would see.
 */
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AssistantMessage, ChatSnapshot, UserMessage } from "@/lib/chat/wire";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { silentTurnOf } from "../chat-state/silent-turn";
import { Composer } from "../composer/composer";
import { placePanels } from "../panels/place-panels";
import type { PanelStates } from "../panels/use-panel-states";
import { MessageThread } from "./message-thread";
import { ThreadContext } from "./thread-context";

const AT = "2026-12-01T00:00:00.000Z";

function user(sequence: number, text: string): UserMessage {
  return { id: `u-${sequence}`, chatId: "chat", sequence, role: "user", text, silent: false, kind: "prompt", createdAt: AT };
}

function reply(sequence: number, text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return { id: `a-${sequence}`, chatId: "chat", sequence, role: "assistant", text, receipt: [], status: "complete", silent: false, model: "replay:default", createdAt: AT, ...extra };
}

const NO_STATES: PanelStates = { stateOf: () => undefined, change: () => {}, flush: async () => {} };

/** The thread with the composer under it, as the chat page draws them. */
function Page({ snapshot }: { snapshot: ChatSnapshot }) {
  const silentTurn = silentTurnOf(snapshot);
  return (
    <main>
      <ThreadContext.Provider value={{ placement: placePanels(snapshot.messages, snapshot.panels), panelStates: NO_STATES, updatingPanelId: null, interruptedUpdates: new Map(), sentKeys: new Set(), sendAction: undefined, choose: undefined }}>
        <MessageThread snapshot={snapshot} silentTurn={silentTurn} />
      </ThreadContext.Provider>
      <Composer onSend={async () => ({})} streaming={false} />
    </main>
  );
}

/** A snapshot whose second reply's stored blocks lost their shape: drawing it throws. */
const SNAPSHOT: ChatSnapshot = {
  chat: { id: "chat", title: "Chat", modelId: "replay:default", createdAt: AT, updatedAt: AT },
  messages: [
    user(1, "first"),
    reply(2, "The **first** answer."),
    user(3, "second"),
    reply(4, "The <b>second</b> answer, *broken*.", { ui: [{ id: "b1" } as unknown as UiBlock] }),
    user(5, "third"),
    reply(6, "The **third** answer."),
  ],
  panels: [],
  live: null,
};

let root: Root | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("MessageBoundary in the browser", () => {
  it("shows a message that throws as written, and keeps the rest of the thread and the composer", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page snapshot={SNAPSHOT} />);
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Page snapshot={SNAPSHOT} />, { onRecoverableError: (error) => recoverable.push(error) });
    });

    const articles = [...container.querySelectorAll("article")];
    expect(articles).toHaveLength(6);
    const broken = container.querySelector('[data-message-id="a-4"]');
    expect(broken?.getAttribute("data-status")).toBe("unrendered");
    expect(broken?.textContent).toContain("This message could not be displayed, so its text is shown as written.");
    expect(broken?.querySelector("pre")?.textContent).toBe("The <b>second</b> answer, *broken*.");
    expect(broken?.querySelector("b, em")).toBeNull();
    expect(container.querySelector('[data-message-id="a-2"] strong')?.textContent).toBe("first");
    expect(container.querySelector('[data-message-id="a-6"] strong')?.textContent).toBe("third");
    expect(container.querySelector("textarea")).not.toBeNull();
    expect([...container.querySelectorAll("button")].map((button) => button.textContent)).toContain("Send");
    // The failure is logged with the message it happened in, not swallowed.
    expect(consoleError.mock.calls.some((call) => String(call[0]).includes("Message a-4 could not be displayed"))).toBe(true);
  });
});
