/**
 * The chat as a person sees it: the thread (a live log of messages), the
 * composer with Send and Stop, the model picker, the list of chats. Locators
 * use roles and names a screen reader announces.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** Milliseconds a reply from the replay model may take, pauses and faults included. */
export const REPLY_TIMEOUT_MS = 45_000;

/** One chat page (the start page or an open chat). */
export class ChatPage {
  readonly thread: Locator;
  readonly composer: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly modelPicker: Locator;
  readonly chatList: Locator;
  readonly jumpToLatest: Locator;
  /** The composer's "31,250 / 32,000", shown only near the length limit. */
  readonly characterCounter: Locator;

  constructor(readonly page: Page) {
    this.thread = page.getByRole("log", { name: "Messages" });
    this.composer = page.getByRole("textbox", { name: "Message" });
    this.sendButton = page.getByRole("button", { name: "Send", exact: true });
    this.stopButton = page.getByRole("button", { name: "Stop", exact: true });
    this.modelPicker = page.getByRole("combobox", { name: "Model" });
    this.chatList = page.getByRole("navigation", { name: "Chats" });
    this.jumpToLatest = page.getByRole("button", { name: /Jump to latest/ });
    this.characterCounter = page.getByRole("form", { name: "Send a message" }).getByText(/^Characters: [\d,]+ \/ [\d,]+$/);
  }

  /** What the page says went wrong, in the page itself (not the router's page-title announcer). */
  alerts(): Locator {
    return this.page.getByRole("main").getByRole("alert");
  }

  /** The id of the open chat, from the address bar. */
  chatId(): string {
    const match = /\/chat\/([^/?#]+)/.exec(this.page.url());
    if (!match?.[1]) throw new Error(`not on a chat page: ${this.page.url()}`);
    return decodeURIComponent(match[1]);
  }

  /** Types a prompt and sends it with Enter; on the start page, waits for the new chat to open. */
  async send(prompt: string): Promise<void> {
    const wasOnStartPage = new URL(this.page.url()).pathname === "/";
    await this.composer.fill(prompt);
    await this.composer.press("Enter");
    if (wasOnStartPage) await this.page.waitForURL(/\/chat\/[^/]+$/);
    await expect(this.prompts().last()).toContainText(prompt.split("\n")[0] ?? prompt);
  }

  /** The person's messages, oldest first. */
  prompts(): Locator {
    return this.thread.getByRole("article", { name: "You" });
  }

  /** The replies, oldest first (the one being written included). */
  replies(): Locator {
    return this.thread.getByRole("article", { name: "Assistant" });
  }

  /** The newest reply. */
  lastReply(): Locator {
    return this.replies().last();
  }

  /** A reply's details disclosure (model, tokens, compile time): its summary, to open it. */
  replyDetailsToggle(reply: Locator): Locator {
    return reply.getByText("Details", { exact: true });
  }

  /** A reply's inspector: the "Notes: …" disclosure listing every finding of the reply. */
  inspector(reply: Locator): Locator {
    return reply.locator("details[data-inspector]");
  }

  /** The inspector's summary ("Notes: 2 parts could not be shown, …"), to open and close it. */
  inspectorToggle(reply: Locator): Locator {
    return this.inspector(reply).locator("summary");
  }

  /** The findings the inspector lists, each an item with its code; `code` picks one code's. */
  inspectorFindings(reply: Locator, code?: string): Locator {
    const findings = this.inspector(reply).getByRole("listitem").filter({ has: this.page.locator("code") });
    return code === undefined ? findings : findings.filter({ has: this.page.locator("code", { hasText: new RegExp(`^${code}$`) }) });
  }

  /**
   * Waits until the newest reply is one still being written: after a send, the
   * reply before it (which may read the same) is the last one until the new
   * reply starts, an event after the prompt's.
   */
  async waitForReplyStart(): Promise<void> {
    await expect(this.lastReply()).toHaveAttribute("data-status", "streaming", { timeout: REPLY_TIMEOUT_MS });
  }

  /** True while a reply is being written: the Stop button is offered. */
  async isStreaming(): Promise<boolean> {
    return this.stopButton.isVisible();
  }

  /**
   * Waits until no reply is being written. A prompt can be drawn a frame
   * before its reply starts (the two are separate events): first the thread
   * must end with a reply that is not still arriving, then Stop (which a
   * repair round shows too) must be gone.
   */
  async waitForReplyEnd(): Promise<void> {
    await expect(this.thread.locator("article").last()).toHaveAttribute("data-status", /^(?!(streaming|pending)$)/, { timeout: REPLY_TIMEOUT_MS });
    await expect(this.stopButton).toBeHidden({ timeout: REPLY_TIMEOUT_MS });
  }

  /** Where the thread is scrolled: its scroll offset and how far its bottom is below the visible part. */
  async scrollPosition(): Promise<{ top: number; belowView: number }> {
    return this.thread.evaluate((log) => {
      const scroller = log.parentElement?.parentElement;
      if (!scroller) throw new Error("the thread has no scrolling container");
      return { top: scroller.scrollTop, belowView: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight };
    });
  }

  /** The notes over parts of a reply shown as plain text because they pass a limit of the Markdown renderer. */
  plainTextNotes(scope: Locator = this.thread): Locator {
    return scope.getByText(/^This part .* so it is shown as plain text\.$/);
  }

  /** A panel (either dialect) by its heading, within `scope`. */
  panel(title: string | RegExp, scope: Locator = this.thread): Locator {
    return scope.getByRole("region", { name: title, exact: typeof title === "string" });
  }
}
