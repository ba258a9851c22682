/**
 * The live side of one server instance: who watches which chat here, and
 * every reply being generated anywhere (its own, fed by the model, and other
 * instances', mirrored from bus signals). It turns both into the wire's
 * `ChatEvent`s for the chat's viewers on this instance and sends the compact
 * signals other instances need. Mirrored signals of one chat are handled one
 * after another, so viewers see events in the order the reply produced them
 * even when one of them needs a database read (a stored message by id).
 */
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiStreamClock } from "@/lib/ui/stream/stream";
import type { ChatBus } from "../bus/chat-bus";
import type { ChatSignal } from "../bus/chat-signal";
import type { AssistantMessage, ChatEvent, ChatMessage, ChatSummary, LiveReply, PanelRecord, ToolCard } from "../wire";
import { LiveReplyState, type LiveReplyInfo } from "./live-reply";

/**
 * Milliseconds between `alive` signals of a reply generated here: often
 * enough that a mirror which missed a delta catches up within seconds, rare
 * enough to cost nothing next to the deltas themselves.
 */
export const LIVE_REPLY_HEARTBEAT_MS = 10_000;

/** A mirror that heard nothing for this long lost its origin (a crashed instance): three heartbeats missed. */
export const MIRROR_EXPIRY_MS = 3 * LIVE_REPLY_HEARTBEAT_MS;

/** Milliseconds before a mirror asks again for a reply it is missing: one answer is enough, a storm is not. */
export const RESYNC_INTERVAL_MS = 2_000;

/** What viewers are told about a reply whose instance stopped before storing it. */
export const LOST_REPLY_MESSAGE = "The server writing this reply stopped before it could be saved. What arrived is shown, but it is not kept.";

/** What viewers are told about a reply the database refused even as text alone (the cause is logged where it was generated). */
export const REPLY_NOT_SAVED_MESSAGE = "This reply could not be saved. Its text is shown until you reload the page, but it is not kept.";

/**
 * What viewers are told about a reply whose final store could not reach the
 * database (lib/chat/final/final-store.ts): it is handed to the recovery
 * sweep, and comes back as a stored reply once the database answers.
 */
export const REPLY_SAVE_DEFERRED_MESSAGE = "The database could not be reached to save this reply. What arrived is shown, and it is saved as an interrupted reply once the database is back.";

/** Reads what other instances stored, for the events their signals announce. Every read is scoped by the chat's owner. */
export type ChatHubLoader = {
  /** A stored reply and the panels it holds. */
  loadReply(input: { userId: string; chatId: string; messageId: string }): Promise<{ message: AssistantMessage; panels: PanelRecord[] } | null>;
  /** A stored message. */
  loadMessage(input: { userId: string; chatId: string; messageId: string }): Promise<ChatMessage | null>;
  /** A chat as lists show it. */
  loadChat(input: { userId: string; chatId: string }): Promise<ChatSummary | null>;
};

/** Receives the events of one chat. */
export type ChatViewer = (event: ChatEvent) => void;

/** Options of `ChatHub`. */
export type ChatHubOptions = {
  bus: ChatBus;
  loader: ChatHubLoader;
  /** The clock of previews and heartbeats (default: real time). */
  clock?: UiStreamClock;
  /** Query sources `@Query` may name. */
  querySchemas?: UiQuerySchemas;
  /** Another instance asked to stop this chat's reply. */
  onStop: (chatId: string) => void;
};

/** Where a live reply is generated, seen from this instance. */
type ReplyEntry = { state: LiveReplyState; origin: "local" | "remote"; lastHeardAt: number; sequence: number };

/** What a reply generated here needs from the hub; returned by `startReply`. */
export class LocalReply {
  private readonly hub: ChatHub;
  /** The reply's live state on this instance. */
  readonly state: LiveReplyState;

  /** Made by `ChatHub.startReply`. */
  constructor(hub: ChatHub, state: LiveReplyState) {
    this.hub = hub;
    this.state = state;
  }

  /** The text so far. */
  get text(): string {
    return this.state.text;
  }

  /** The cards so far. */
  get tools(): readonly ToolCard[] {
    return this.state.tools;
  }

  /** Appends model text: to viewers here (text and previews), and to other instances. */
  appendText(delta: string): void {
    if (delta.length === 0) return;
    const start = this.state.text.length;
    this.state.append(start, delta);
    const { chatId, messageId } = this.state.info;
    this.hub.publish({ type: "text", chatId, messageId, start, delta });
  }

  /** Adds a `render_ui` card, here and on other instances. */
  addTool(card: ToolCard): void {
    this.state.addTool(card);
    const { chatId, messageId } = this.state.info;
    this.hub.publish({ type: "tool", chatId, messageId, card });
  }

  /** The final compile of the whole text, through the reply's UiStream. */
  finish(): UiBlock[] {
    return this.state.finish();
  }

  /** Milliseconds spent compiling the reply here, previews and final (read after `finish`). */
  get compileMs(): number {
    return this.state.compileMs;
  }
}

/** Live chats of one instance (see the file comment). */
export class ChatHub {
  private readonly bus: ChatBus;
  private readonly loader: ChatHubLoader;
  private readonly clock: UiStreamClock;
  private readonly querySchemas: UiQuerySchemas | undefined;
  private readonly onStop: (chatId: string) => void;
  private readonly viewers = new Map<string, Set<ChatViewer>>();
  private readonly replies = new Map<string, ReplyEntry>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly resyncAskedAt = new Map<string, number>();
  private readonly stopListening: () => void;
  private heartbeat: unknown = null;
  private closed = false;

  /** A hub receiving `bus` signals. */
  constructor(options: ChatHubOptions) {
    this.bus = options.bus;
    this.loader = options.loader;
    this.clock = options.clock ?? systemClock();
    this.querySchemas = options.querySchemas;
    this.onStop = options.onStop;
    this.stopListening = this.bus.onSignal((signal) => this.receive(signal));
    this.scheduleHeartbeat();
  }

  /** Adds a viewer of a chat; returns its removal. A reply streaming in the chat starts previewing here. */
  subscribe(chatId: string, viewer: ChatViewer): () => void {
    let set = this.viewers.get(chatId);
    if (!set) {
      set = new Set();
      this.viewers.set(chatId, set);
    }
    set.add(viewer);
    this.replies.get(chatId)?.state.watch();
    return () => {
      const current = this.viewers.get(chatId);
      current?.delete(viewer);
      if (current?.size === 0) this.viewers.delete(chatId);
    };
  }

  /** How many viewers follow a chat on this instance. */
  viewerCount(chatId: string): number {
    return this.viewers.get(chatId)?.size ?? 0;
  }

  /** The reply streaming in a chat (here or on another instance), as a snapshot carries it; null when none. */
  liveReply(chatId: string): LiveReply | null {
    const entry = this.replies.get(chatId);
    if (!entry) return null;
    entry.state.watch();
    return entry.state.snapshot();
  }

  /** True while a reply streams in the chat, here or (as far as the bus has told) elsewhere. */
  isLive(chatId: string): boolean {
    return this.replies.has(chatId);
  }

  /** True while a reply of the chat is generated on this instance. */
  isLocal(chatId: string): boolean {
    return this.replies.get(chatId)?.origin === "local";
  }

  /** Registers a reply generated here and announces it; `sequence` is the one it will be stored with. */
  startReply(info: LiveReplyInfo & { sequence: number }): LocalReply {
    const { sequence, ...replyInfo } = info;
    this.replies.get(info.chatId)?.state.dispose();
    const state = new LiveReplyState({
      info: replyInfo,
      emit: (event) => this.emit(info.chatId, event),
      clock: this.clock,
      ...(this.querySchemas ? { querySchemas: this.querySchemas } : {}),
      // Previews are compiled only where someone watches: the instance generating a reply whose viewers are all elsewhere only keeps its text.
      watched: this.viewers.has(info.chatId),
    });
    this.replies.set(info.chatId, { state, origin: "local", lastHeardAt: this.clock.now(), sequence });
    this.emit(info.chatId, { type: "reply-start", messageId: info.messageId, replyTo: info.replyTo, model: info.model, startedAt: info.startedAt });
    this.publish(startSignal(replyInfo, sequence));
    return new LocalReply(this, state);
  }

  /**
   * Ends a reply generated here: `stored` is what was saved (sent to viewers
   * here, and by id elsewhere); null when nothing could be saved, in which
   * case viewers everywhere get the reply as it stood, marked with
   * `unsavedMessage` here (default: not saved) and as not saved elsewhere.
   */
  endReply(reply: LocalReply, stored: { message: AssistantMessage; panels: PanelRecord[] } | null, unsavedMessage: string = REPLY_NOT_SAVED_MESSAGE): void {
    const { chatId, userId, messageId } = reply.state.info;
    const entry = this.replies.get(chatId);
    if (entry?.state === reply.state) this.replies.delete(chatId);
    reply.state.dispose();
    const event: ChatEvent = stored
      ? { type: "reply-end", message: stored.message, panels: stored.panels }
      : { type: "reply-end", message: lostReply(reply.state, entry?.sequence ?? 1, unsavedMessage), panels: [] };
    this.emit(chatId, event);
    this.publish({ type: "reply-end", chatId, userId, messageId, stored: stored !== null });
  }

  /**
   * Tells the other instances again that a reply generated here has ended,
   * now stored: its end was sent while the database (and so the bus) was
   * down, and their mirrors of it would otherwise stay live until they expire.
   */
  announceStoredEnd(input: { chatId: string; userId: string; messageId: string }): void {
    this.publish({ type: "reply-end", ...input, stored: true });
  }

  /**
   * Catches up after the bus listened again following a lost connection:
   * what other instances sent meanwhile was missed. Each mirrored reply is
   * looked up — stored, it ends for the viewers here; not yet, its origin is
   * asked to send it again — and every chat watched here is told to fetch its
   * thread again (a message, a new title or version may have been missed).
   */
  catchUp(): void {
    if (this.closed) return;
    for (const [chatId, entry] of this.replies) {
      if (entry.origin !== "remote") continue;
      const { userId, messageId } = entry.state.info;
      entry.lastHeardAt = this.clock.now();
      this.resyncAskedAt.delete(messageId);
      this.enqueue(chatId, async () => {
        const stored = await this.loader.loadReply({ userId, chatId, messageId });
        if (stored) await this.apply({ type: "reply-end", chatId, userId, messageId, stored: true });
        else this.askResync(chatId, messageId);
      });
    }
    for (const chatId of [...this.viewers.keys()]) this.emit(chatId, { type: "thread-changed", chatId });
  }

  /** Announces a message that joined a chat's thread, here and elsewhere. */
  announceMessage(userId: string, message: ChatMessage): void {
    this.emit(message.chatId, { type: "message", message });
    this.publish({ type: "message", chatId: message.chatId, userId, messageId: message.id });
  }

  /** Announces a chat's new title or model, here and elsewhere. */
  announceChat(userId: string, chat: ChatSummary): void {
    this.emit(chat.id, { type: "chat", chat });
    this.publish({ type: "chat", chatId: chat.id, userId });
  }

  /** Tells the chat's viewers, here and elsewhere, that it shows another version of a turn. */
  announceThreadChanged(chatId: string): void {
    this.emit(chatId, { type: "thread-changed", chatId });
    this.publish({ type: "thread-changed", chatId });
  }

  /** Tells the chat's viewers, here and elsewhere, that a stored reply's broken blocks are being repaired. */
  announceRepair(chatId: string, messageId: string, blocks: number): void {
    this.emit(chatId, { type: "reply-repair", messageId, blocks });
    this.publish({ type: "reply-repair", chatId, messageId, blocks });
  }

  /** Tells the chat's viewers, here and elsewhere, that it was deleted. */
  announceDeleted(chatId: string): void {
    this.emit(chatId, { type: "chat-deleted", chatId });
    this.publish({ type: "chat-deleted", chatId });
  }

  /** Asks the instance generating the chat's reply to stop it (used when it is not this one). */
  requestStop(chatId: string): void {
    this.publish({ type: "stop", chatId });
  }

  /** Sends a signal to the other instances. */
  publish(signal: ChatSignal): void {
    if (!this.closed) this.bus.publish(signal);
  }

  /** Resolves when every mirrored signal received so far has been handled (tests and shutdown). */
  async settle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  /** Stops heartbeats, mirrors and bus delivery; replies generated here are ended by their owner. */
  close(): void {
    this.closed = true;
    this.stopListening();
    if (this.heartbeat !== null) this.clock.clearTimeout(this.heartbeat);
    this.heartbeat = null;
    for (const entry of this.replies.values()) if (entry.origin === "remote") entry.state.dispose();
    this.viewers.clear();
  }

  private emit(chatId: string, event: ChatEvent): void {
    const set = this.viewers.get(chatId);
    if (!set) return;
    for (const viewer of [...set]) {
      try {
        viewer(event);
      } catch (caught) {
        console.error("chat hub: a viewer failed", caught);
      }
    }
  }

  private receive(signal: ChatSignal): void {
    if (this.closed) return;
    switch (signal.type) {
      case "stop":
        if (this.isLocal(signal.chatId)) this.onStop(signal.chatId);
        return;
      case "chat-list":
        // A person's list, not a chat: the chat list hub (./chat-list-hub.ts) hears it.
        return;
      case "resync": {
        const entry = this.replies.get(signal.chatId);
        if (entry?.origin === "local" && entry.state.info.messageId === signal.messageId) this.resend(entry);
        return;
      }
      default:
        this.enqueue(signal.chatId, () => this.apply(signal));
    }
  }

  /** Runs a chat's mirrored signals one after another. */
  private enqueue(chatId: string, task: () => void | Promise<void>): void {
    const previous = this.queues.get(chatId) ?? Promise.resolve();
    const next = previous.then(task).catch((caught: unknown) => {
      console.error("chat hub: handling a signal failed", caught);
    });
    this.queues.set(chatId, next);
    void next.then(() => {
      if (this.queues.get(chatId) === next) this.queues.delete(chatId);
    });
  }

  private async apply(signal: Exclude<ChatSignal, { type: "stop" | "resync" | "chat-list" }>): Promise<void> {
    if (this.closed) return;
    const entry = this.replies.get(signal.chatId);
    switch (signal.type) {
      case "reply-start": {
        if (entry?.state.info.messageId === signal.messageId) {
          entry.lastHeardAt = this.clock.now();
          return;
        }
        // A reply generated here is never replaced by another instance's word.
        if (entry?.origin === "local") return;
        // A newer reply started, so the mirrored one ended and its end was missed: end it for the viewers first.
        if (entry) {
          const { userId, messageId } = entry.state.info;
          await this.apply({ type: "reply-end", chatId: signal.chatId, userId, messageId, stored: true });
        }
        const { type: _type, sequence, ...info } = signal;
        const state = new LiveReplyState({
          info,
          emit: (event) => this.emit(signal.chatId, event),
          clock: this.clock,
          ...(this.querySchemas ? { querySchemas: this.querySchemas } : {}),
          watched: this.viewers.has(signal.chatId),
        });
        this.replies.set(signal.chatId, { state, origin: "remote", lastHeardAt: this.clock.now(), sequence });
        this.emit(signal.chatId, { type: "reply-start", messageId: info.messageId, replyTo: info.replyTo, model: info.model, startedAt: info.startedAt });
        return;
      }
      case "text":
      case "tool":
      case "alive": {
        if (entry?.origin === "local") return;
        if (!entry || entry.state.info.messageId !== signal.messageId) {
          this.askResync(signal.chatId, signal.messageId);
          return;
        }
        entry.lastHeardAt = this.clock.now();
        if (signal.type === "text") {
          if (!entry.state.append(signal.start, signal.delta)) this.askResync(signal.chatId, signal.messageId);
        } else if (signal.type === "tool") {
          entry.state.addTool(signal.card);
        } else if (entry.state.text.length < signal.textLength) {
          this.askResync(signal.chatId, signal.messageId);
        }
        return;
      }
      case "reply-end": {
        const mirrored = entry?.origin === "remote" && entry.state.info.messageId === signal.messageId ? entry : null;
        // Read before the mirror goes: should the database be away (a mirror expiring during an outage), the read throws, the
        // mirror stays, and the next heartbeat tries again; its viewers are never left with a reply that neither streams nor ends.
        const stored = signal.stored ? await this.loader.loadReply(signal) : null;
        if (mirrored && this.replies.get(signal.chatId) === mirrored) {
          this.replies.delete(signal.chatId);
          mirrored.state.dispose();
        }
        this.resyncAskedAt.delete(signal.messageId);
        if (stored) this.emit(signal.chatId, { type: "reply-end", message: stored.message, panels: stored.panels });
        // The origin said it could not store the reply; a reply said stored that cannot be found was lost with its instance.
        else if (mirrored) {
          const message = lostReply(mirrored.state, mirrored.sequence, signal.stored ? LOST_REPLY_MESSAGE : REPLY_NOT_SAVED_MESSAGE);
          this.emit(signal.chatId, { type: "reply-end", message, panels: [] });
        }
        return;
      }
      case "message": {
        const message = await this.loader.loadMessage(signal);
        if (message) this.emit(signal.chatId, { type: "message", message });
        return;
      }
      case "chat": {
        const chat = await this.loader.loadChat(signal);
        if (chat) this.emit(signal.chatId, { type: "chat", chat });
        return;
      }
      case "thread-changed":
        this.emit(signal.chatId, { type: "thread-changed", chatId: signal.chatId });
        return;
      case "reply-repair":
        this.emit(signal.chatId, { type: "reply-repair", messageId: signal.messageId, blocks: signal.blocks });
        return;
      case "chat-deleted":
        this.emit(signal.chatId, { type: "chat-deleted", chatId: signal.chatId });
        return;
    }
  }

  private askResync(chatId: string, messageId: string): void {
    const now = this.clock.now();
    const askedAt = this.resyncAskedAt.get(messageId);
    if (askedAt !== undefined && now - askedAt < RESYNC_INTERVAL_MS) return;
    this.resyncAskedAt.set(messageId, now);
    this.publish({ type: "resync", chatId, messageId });
  }

  /** Sends a reply generated here again from its start, for a mirror that missed part of it. */
  private resend(entry: ReplyEntry): void {
    const { state } = entry;
    const { chatId, messageId } = state.info;
    this.publish(startSignal(state.info, entry.sequence));
    if (state.text.length > 0) this.publish({ type: "text", chatId, messageId, start: 0, delta: state.text });
    for (const card of state.tools) this.publish({ type: "tool", chatId, messageId, card });
  }

  private scheduleHeartbeat(): void {
    if (this.closed) return;
    const handle = this.clock.setTimeout(() => {
      this.heartbeat = null;
      this.beat();
      this.scheduleHeartbeat();
    }, LIVE_REPLY_HEARTBEAT_MS);
    // A real timer must not keep a process (or a test run) alive on its own.
    (handle as { unref?: () => void } | null)?.unref?.();
    this.heartbeat = handle;
  }

  /** Tells other instances what is generated here, and gives up mirrors whose origin went quiet. */
  private beat(): void {
    const now = this.clock.now();
    for (const [chatId, entry] of this.replies) {
      const { messageId, userId } = entry.state.info;
      if (entry.origin === "local") {
        this.publish({ type: "alive", chatId, messageId, textLength: entry.state.text.length });
      } else if (now - entry.lastHeardAt > MIRROR_EXPIRY_MS) {
        this.enqueue(chatId, () => this.apply({ type: "reply-end", chatId, userId, messageId, stored: true }));
      }
    }
  }
}

function startSignal(info: LiveReplyInfo, sequence: number): ChatSignal {
  return { type: "reply-start", ...info, sequence };
}

/** A reply that ended without being stored, as its viewers are shown it (it is not part of the thread), with why. */
function lostReply(state: LiveReplyState, sequence: number, error: string): AssistantMessage {
  const { info } = state;
  return {
    id: info.messageId,
    chatId: info.chatId,
    sequence,
    role: "assistant",
    text: state.text,
    ...(state.tools.length > 0 ? { tools: [...state.tools] } : {}),
    receipt: [],
    status: "error",
    error,
    silent: false,
    model: info.model,
    createdAt: info.startedAt,
  };
}

/** Real time: `performance.now` and the global timers. */
function systemClock(): UiStreamClock {
  return {
    now: () => globalThis.performance.now(),
    setTimeout: (callback, milliseconds) => globalThis.setTimeout(callback, milliseconds),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  };
}
