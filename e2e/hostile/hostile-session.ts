/**
 * Plays hostile cases in the real chat, the way a person meets them: signed
 * in as a guest, the hostile model picked, one prompt per case, several cases
 * per chat (replies stream inside one page instead of a reload per case).
 * After each case it records what went wrong instead of stopping — a case
 * that kills the chat must not hide the cases after it: the session notes it
 * and goes on in a new chat, in a new tab when the old one is wedged. At the
 * end every chat is reopened once, so the stored form of each reply is
 * checked as well.
 */
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { ChatPage } from "../pages/chat-page";
import { SignInPage } from "../pages/sign-in-page";
import { storedMessages, type StoredMessageRow } from "../support/database";
import { cursorOf, nonceOfPolicy, recordPage, recordProblems, recordSince, scanDocument, type DomOffender, type PageRecord } from "../support/hostile-page-audit";
import { PING_CASE } from "./cases";
import { hostilePrompt, type HostileCase } from "./hostile-case";

/** The hostile model's id in the picker (OPENAI_COMPATIBLE_MODELS in e2e/playwright.config.ts). */
export const HOSTILE_MODEL_ID = "compatible:hostile";

/** Milliseconds an ordinary case's reply may take to start, and again to end. */
const REPLY_WAIT_MS = 15_000;

/** Milliseconds the benign reply after a case may take: it is a dozen words. */
const PING_WAIT_MS = 10_000;

/** Milliseconds without a change in the document after which the page counts as settled (mermaid draws, lazy chunks, chips). */
const QUIET_MS = 300;

/** Longest wait for the page to settle; a page still changing then is checked as it stands. */
const SETTLE_LIMIT_MS = 10_000;

/** Milliseconds a check of what the page shows may wait. */
const SHOW_WAIT_MS = 5_000;

/** Milliseconds a scan of the document may take before the page counts as wedged. */
const SCAN_LIMIT_MS = 15_000;

/** What one case did wrong (empty `problems` is a pass), and how long it took with its ping and checks. */
export type CaseOutcome = { id: string; class: string; problems: string[]; chat: number; milliseconds: number };

/** One chat of the session and the cases played in it. */
type SessionChat = { number: number; id: string | null; cases: { hostileCase: HostileCase; replyMessageId: string | null }[]; broken: boolean };

/** See the module comment. */
export class HostileSession {
  readonly outcomes: CaseOutcome[] = [];
  readonly record: PageRecord = { requests: [], pageErrors: [], consoleErrors: [], webSockets: [] };
  private page: Page;
  private chat: ChatPage;
  private readonly chats: SessionChat[] = [];
  private nonce: string | null = null;
  private origin = "";

  constructor(
    page: Page,
    private readonly context: BrowserContext = page.context(),
  ) {
    this.page = page;
    this.chat = new ChatPage(page);
    this.watch(page);
  }

  /** Signs in as a guest and opens the start page with the hostile model picked. */
  async start(): Promise<void> {
    await new SignInPage(this.page).continueAsGuest("/");
    this.origin = new URL(this.page.url()).origin;
    await this.openStartPage();
  }

  /** Plays `hostileCase` in the current chat (a new one when `ownChat`, or when the last one broke) and records its outcome. */
  async play(hostileCase: HostileCase, options: { ownChat?: boolean } = {}): Promise<CaseOutcome> {
    const current = this.chats.at(-1);
    if (current === undefined || current.broken || options.ownChat) await this.newChat(current?.broken === true);
    const chat = this.chats.at(-1) as SessionChat;
    const outcome: CaseOutcome = { id: hostileCase.id, class: hostileCase.class, problems: [], chat: chat.number, milliseconds: 0 };
    const started = Date.now();
    this.outcomes.push(outcome);
    const problems = outcome.problems;
    const cursor = cursorOf(this.record);
    const timeout = hostileCase.replyTimeoutMs ?? REPLY_WAIT_MS;
    const entry = { hostileCase, replyMessageId: null as string | null };
    chat.cases.push(entry);
    const phase = phaseTimer(hostileCase.id);

    const prompt = hostileCase.prompt ?? hostilePrompt(hostileCase.id);
    const replied = await this.sendAndWait({ prompt, timeout, problems });
    phase("reply");
    if (chat.id === null) chat.id = this.chatIdOrNull();
    if (replied) entry.replyMessageId = await this.chat.lastReply().getAttribute("data-message-id", { timeout: SHOW_WAIT_MS }).catch(() => null);
    if (chat.id !== null) problems.push(...storageProblems({ stored: await storedMessages(chat.id), prompt, replyMessageId: entry.replyMessageId }));
    if (replied) {
      await this.settle();
      await this.checkShows({ reply: this.chat.lastReply(), hostileCase, problems, prefix: "" });
      if (hostileCase.followUp) await this.followUp(hostileCase, chat, problems);
    }
    phase("checks");
    if (!(await this.responsive())) {
      problems.push("the page stopped responding");
      chat.broken = true;
      problems.push(...recordProblems(recordSince(this.record, cursor), { origin: this.origin, projectData: hostileCase.usesProjectData === true, pageLoad: false }));
      this.report(outcome, started);
      return outcome;
    }
    problems.push(...(await this.scan(false)).map((offender) => offender.finding));
    phase("scan");

    // The chat must answer the next message, and the composer must be usable.
    const pingProblems: string[] = [];
    const pinged = await this.sendAndWait({ prompt: hostilePrompt(PING_CASE.id), timeout: PING_WAIT_MS, problems: pingProblems });
    if (pinged) await this.checkShows({ reply: this.chat.lastReply(), hostileCase: PING_CASE, problems: pingProblems, prefix: "" });
    if (pinged && !(await this.chat.composer.isEditable({ timeout: SHOW_WAIT_MS }).catch(() => false))) pingProblems.push("the composer is not usable");
    phase("ping");
    if (pingProblems.length > 0) {
      problems.push(...pingProblems.map((problem) => `the next message: ${problem}`));
      problems.push("the chat does not answer the next message after this case");
      chat.broken = true;
    } else {
      problems.push(...(await this.scan(false)).map((offender) => offender.finding));
    }
    problems.push(...recordProblems(recordSince(this.record, cursor), { origin: this.origin, projectData: hostileCase.usesProjectData === true, pageLoad: false }));
    this.report(outcome, started);
    return outcome;
  }

  /**
   * Reopens every chat of the session once and checks the stored form: each
   * case's reply is there and shows what it showed live, nothing in the
   * document loads or runs, and the reopening asks only for the app's own.
   */
  async checkStoredForms(): Promise<void> {
    for (const chat of this.chats) {
      if (chat.id === null || chat.cases.length === 0) continue;
      const outcome: CaseOutcome = { id: `stored form of chat ${chat.number} (${chat.cases.map((entry) => entry.hostileCase.id).join(", ")})`, class: "stored", problems: [], chat: chat.number, milliseconds: 0 };
      const started = Date.now();
      this.outcomes.push(outcome);
      if (this.chats.some((other) => other.broken)) await this.freshPage();
      const cursor = cursorOf(this.record);
      const caseProblems = (id: string) => this.outcomes.find((candidate) => candidate.id === id && candidate.chat === chat.number)?.problems ?? outcome.problems;
      try {
        await this.page.goto(`/chat/${encodeURIComponent(chat.id)}`, { timeout: 30_000 });
        await this.chat.thread.waitFor({ state: "visible", timeout: 30_000 });
      } catch (caught) {
        outcome.problems.push(`the chat did not reopen: ${firstLine(caught)}`);
        outcome.problems.push(...recordProblems(recordSince(this.record, cursor), { origin: this.origin, projectData: true, pageLoad: true }));
        await this.freshPage();
        this.report(outcome, started);
        continue;
      }
      await this.settle(20_000);
      for (const entry of chat.cases) {
        if (entry.replyMessageId === null) continue;
        const stored = this.chat.thread.locator(`article[data-message-id="${entry.replyMessageId}"]`);
        if ((await stored.count()) === 0) {
          caseProblems(entry.hostileCase.id).push("reopened: the reply is not in the thread");
          continue;
        }
        await this.checkShows({ reply: stored, hostileCase: entry.hostileCase, problems: caseProblems(entry.hostileCase.id), prefix: "reopened: " });
      }
      for (const offender of await this.scan(true)) {
        const entry = chat.cases.find((candidate) => candidate.replyMessageId !== null && candidate.replyMessageId === offender.messageId);
        (entry ? caseProblems(entry.hostileCase.id) : outcome.problems).push(`reopened: ${offender.finding}`);
      }
      const usesProjectData = chat.cases.some((entry) => entry.hostileCase.usesProjectData === true);
      outcome.problems.push(...recordProblems(recordSince(this.record, cursor), { origin: this.origin, projectData: usesProjectData, pageLoad: true }));
      this.report(outcome, started);
    }
  }

  /** The outcomes as lines, failures first. */
  summary(): string {
    const failed = this.outcomes.filter((outcome) => outcome.problems.length > 0);
    const lines = failed.map((outcome) => `✘ ${outcome.id} (${outcome.milliseconds} ms)\n${outcome.problems.map((problem) => `    - ${problem}`).join("\n")}`);
    return `${this.outcomes.length - failed.length} of ${this.outcomes.length} checks passed\n${lines.join("\n")}`;
  }

  // -- steps ----------------------------------------------------------------

  /** Records everything `page` does into the session's one record, and keeps the nonce of its documents. */
  private watch(page: Page): void {
    recordPage(page, this.record);
    page.on("response", (response) => {
      if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) {
        const nonce = nonceOfPolicy(response.headers()["content-security-policy"]);
        if (nonce !== null) this.nonce = nonce;
      }
    });
  }

  /** A new tab in the same browser context (same person): a page wedged by a case is left behind. */
  private async freshPage(): Promise<void> {
    const old = this.page;
    this.page = await this.context.newPage();
    this.chat = new ChatPage(this.page);
    this.watch(this.page);
    await old.close({ runBeforeUnload: false }).catch(() => {});
  }

  private async openStartPage(): Promise<void> {
    await this.page.goto("/", { timeout: 30_000 });
    if (new URL(this.page.url()).pathname !== "/") {
      // Signed out (a case that reached the sign-out route would do it): in again, as a new guest.
      await new SignInPage(this.page).continueAsGuest("/");
    }
    await this.chat.modelPicker.selectOption(HOSTILE_MODEL_ID);
  }

  private async newChat(afterBreak: boolean): Promise<void> {
    if (afterBreak) await this.freshPage();
    const onStartPage = new URL(this.page.url()).pathname === "/";
    if (afterBreak || !onStartPage || this.chats.length > 0) await this.openStartPage();
    this.chats.push({ number: this.chats.length + 1, id: null, cases: [], broken: false });
  }

  private chatIdOrNull(): string | null {
    const match = /\/chat\/([^/?#]+)/.exec(this.page.url());
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  }

  /** Sends `prompt` and waits for its reply to start and end; false (with the problem noted) when it did not. The turn must stand visible. */
  private async sendAndWait({ prompt, timeout, problems }: { prompt: string; timeout: number; problems: string[] }): Promise<boolean> {
    const onStartPage = new URL(this.page.url()).pathname === "/";
    let promptsBefore = 0;
    let repliesBefore = 0;
    try {
      promptsBefore = onStartPage ? 0 : await bounded(this.chat.prompts().count(), SHOW_WAIT_MS);
      repliesBefore = onStartPage ? 0 : await bounded(this.chat.replies().count(), SHOW_WAIT_MS);
    } catch (caught) {
      problems.push(`the page does not answer: ${firstLine(caught)}`);
      return false;
    }
    try {
      await this.chat.composer.fill(prompt, { timeout: SHOW_WAIT_MS });
      await this.chat.composer.press("Enter", { timeout: SHOW_WAIT_MS });
      if (onStartPage) await this.unlessThePageFails(this.page.waitForURL(/\/chat\/[^/]+$/, { timeout }));
    } catch (caught) {
      problems.push(`the message could not be sent: ${firstLine(caught)}`);
      return false;
    }
    // Locator waits poll on animation frames: a turn is over as soon as the page says so.
    try {
      await this.unlessThePageFails(this.chat.replies().nth(repliesBefore).waitFor({ state: "attached", timeout }));
    } catch (caught) {
      problems.push(`no reply appeared: ${firstLine(caught)}`);
      return false;
    }
    try {
      await this.unlessThePageFails(this.chat.stopButton.waitFor({ state: "hidden", timeout }));
      await this.unlessThePageFails(this.chat.thread.locator('article[aria-busy="true"]').first().waitFor({ state: "detached", timeout }));
    } catch (caught) {
      problems.push(`the reply never ended: ${firstLine(caught)}`);
      return false;
    }
    const prompts = await bounded(this.chat.prompts().count(), SHOW_WAIT_MS).catch(() => -1);
    const last = prompts > promptsBefore ? ((await this.chat.prompts().last().textContent({ timeout: SHOW_WAIT_MS }).catch(() => "")) ?? "") : "";
    if (prompts !== promptsBefore + 1 || !last.includes(prompt.split("\n")[0] ?? prompt)) {
      problems.push(`the person's turn is not shown as a visible message (${prompts - promptsBefore} new turns shown)`);
    }
    return true;
  }

  /** Waits until nothing in the document changed for QUIET_MS (bounded), so late drawings are part of the checks. */
  private async settle(limit = SETTLE_LIMIT_MS): Promise<void> {
    const settled = this.page.evaluate(
      ({ quiet, limit: bound }) =>
        new Promise<void>((resolve) => {
          let timer = setTimeout(done, quiet);
          const observer = new MutationObserver(() => {
            clearTimeout(timer);
            timer = setTimeout(done, quiet);
          });
          const stop = setTimeout(done, bound);
          function done() {
            observer.disconnect();
            clearTimeout(timer);
            clearTimeout(stop);
            resolve();
          }
          observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
        }),
      { quiet: QUIET_MS, limit },
    );
    await bounded(settled, limit + 2_000).catch(() => {});
  }

  /** Notes in `problems` each text of the case's `replyShows` that `reply` does not show. */
  private async checkShows({ reply, hostileCase, problems, prefix }: { reply: Locator; hostileCase: HostileCase; problems: string[]; prefix: string }): Promise<void> {
    const text = (await bounded(reply.textContent({ timeout: SHOW_WAIT_MS }), SHOW_WAIT_MS + 1_000).catch(() => null)) ?? "";
    for (const shown of hostileCase.expect?.replyShows ?? []) {
      if (!normalized(text).includes(normalized(shown))) problems.push(`${prefix}the reply does not show ${JSON.stringify(shown.slice(0, 80))}`);
    }
  }

  private async followUp(hostileCase: HostileCase, chat: SessionChat, problems: string[]): Promise<void> {
    const followUp = hostileCase.followUp;
    if (!followUp) return;
    const button = this.chat.lastReply().getByRole("button", { name: followUp.button, exact: true });
    const promptsBefore = await this.chat.prompts().count();
    const storedBefore = chat.id === null ? 0 : (await storedMessages(chat.id)).length;
    try {
      await button.click({ timeout: SHOW_WAIT_MS });
    } catch (caught) {
      problems.push(`the button ${JSON.stringify(followUp.button.slice(0, 60))} could not be clicked: ${firstLine(caught)}`);
      return;
    }
    // The click's turn and its answer are stored before the chat is free again.
    const chatId = chat.id ?? this.chatIdOrNull();
    let stored: StoredMessageRow[] = [];
    const deadline = Date.now() + REPLY_WAIT_MS;
    while (chatId !== null && Date.now() < deadline) {
      stored = await storedMessages(chatId);
      if (stored.length >= storedBefore + 2 && (await this.chat.stopButton.isHidden())) break;
      await this.page.waitForTimeout(100);
    }
    if (stored.length < storedBefore + 2) problems.push("the turn the button sent was not answered and stored");
    await this.settle();
    const turn = stored.slice(storedBefore).find((message) => message.role === "user");
    if (followUp.kind === "click-expecting-visible-turn") {
      if ((await this.chat.prompts().count()) !== promptsBefore + 1) problems.push("the turn the choice sent is not shown as a visible message");
      else if (!((await this.chat.prompts().last().textContent()) ?? "").includes(followUp.turnShows)) problems.push(`the visible turn does not show ${JSON.stringify(followUp.turnShows)}`);
      if (turn?.silent !== false) problems.push(`the turn the choice sent was stored as a silent panel action: ${JSON.stringify((turn?.text ?? "").slice(0, 120))}`);
    } else {
      if ((await this.chat.prompts().count()) !== promptsBefore) problems.push("the panel action showed up as a visible message");
      if (turn?.silent !== true) problems.push("the panel action was not stored as a silent turn");
      const envelope = /^\[octo-ui-action\] (.*)$/s.exec(turn?.text ?? "")?.[1];
      const parsed = envelope ? (JSON.parse(envelope) as { panel?: unknown; action?: unknown }) : null;
      if (parsed?.panel !== followUp.panel || parsed?.action !== followUp.action) {
        problems.push(`the stored action names panel ${JSON.stringify(parsed?.panel)} and action ${JSON.stringify(parsed?.action)}, not the button's own`);
      }
      const threadText = (await this.chat.thread.textContent().catch(() => "")) ?? "";
      if (!threadText.includes(followUp.threadShows)) problems.push(`the panel was not updated in place: the thread does not show ${JSON.stringify(followUp.threadShows)}`);
    }
  }

  private async scan(fresh: boolean): Promise<DomOffender[]> {
    try {
      return await bounded(scanDocument(this.page, { nonce: this.nonce, onlyNew: !fresh }), SCAN_LIMIT_MS);
    } catch (caught) {
      return [{ finding: `the document could not be scanned: ${firstLine(caught)}`, messageId: null }];
    }
  }

  /** True when the page still runs scripts (a case can wedge its renderer). */
  private async responsive(): Promise<boolean> {
    return bounded(
      this.page.evaluate(() => true),
      3_000,
    ).catch(() => false);
  }

  /** Waits for `wait`, giving up at once when the page throws, crashes or closes meanwhile: a crashed chat will not answer. */
  private async unlessThePageFails(wait: Promise<unknown>): Promise<void> {
    let detach = () => {};
    const failed = new Promise<never>((_, reject) => {
      const onError = (error: Error) => reject(new Error(`the page failed while waiting: ${error.message.slice(0, 160)}`));
      const onCrash = () => reject(new Error("the page crashed while waiting"));
      this.page.once("pageerror", onError);
      this.page.once("crash", onCrash);
      this.page.once("close", onCrash);
      detach = () => {
        this.page.off("pageerror", onError);
        this.page.off("crash", onCrash);
        this.page.off("close", onCrash);
      };
    });
    try {
      await Promise.race([wait, failed]);
    } finally {
      detach();
    }
  }

  /** Prints an outcome as it is decided, so a run cut short by its time limit still says how far each case got. */
  private report(outcome: CaseOutcome, started: number): void {
    outcome.milliseconds = Date.now() - started;
    console.log(`${outcome.problems.length === 0 ? "✓" : "✘"} ${outcome.id} (${outcome.milliseconds} ms)${outcome.problems.map((problem) => `\n    - ${problem}`).join("")}`);
  }
}

/** What the store says about a case: the person's turn is stored as a visible turn, and the reply shown is stored (never lost). */
function storageProblems({ stored, prompt, replyMessageId }: { stored: StoredMessageRow[]; prompt: string; replyMessageId: string | null }): string[] {
  const problems: string[] = [];
  const typed = stored.filter((message) => message.role === "user" && message.text === prompt).at(-1);
  // Whatever a person types is their own visible turn: never a silent panel action.
  if (typed === undefined) problems.push("the person's turn was not stored");
  else if (typed.silent) problems.push("the person's typed turn was stored as a silent panel action");
  if (replyMessageId !== null && !stored.some((message) => message.id === replyMessageId)) problems.push("the reply was shown but never stored: it is lost on reload");
  return problems;
}

/** Whitespace-insensitive text, as a person reads it. */
function normalized(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** `promise`, or a rejection after `milliseconds` (a wedged page answers nothing). */
function bounded<Value>(promise: Promise<Value>, milliseconds: number): Promise<Value> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the page within ${milliseconds} ms`)), milliseconds);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** With HOSTILE_TIMING=1, prints how long each phase of a case took (to find where the suite's time goes). */
function phaseTimer(id: string): (name: string) => void {
  let last = Date.now();
  return (name) => {
    const now = Date.now();
    if (process.env.HOSTILE_TIMING === "1") console.log(`  ${id} ${name}: ${now - last} ms`);
    last = now;
  };
}

function firstLine(caught: unknown): string {
  return String(caught instanceof Error ? caught.message : caught)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, 1)
    .join(" ")
    .slice(0, 240);
}
