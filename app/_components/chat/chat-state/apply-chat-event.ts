/**
 * What one viewer knows of a chat, and how each live-channel event changes it.
 * Pure, so every tab, a reload and the tests agree: a `snapshot` replaces
 * everything (a reconnect resumes from it; unchanged messages keep their
 * objects), deltas extend it. An event that
 * does not fit what the viewer has — text that starts past the end of what it
 * holds, a delta for a reply it never saw start — marks the view `stale`, and
 * the channel reconnects for a fresh snapshot instead of drawing a hole. A
 * `chat-deleted` event marks the view `deleted`: the chat is gone, and the
 * view takes nothing more.
 *
 * The thread is one path through the chat's versions (lib/chat/versions): a
 * message that follows one in the middle of it (an edited prompt) or a reply
 * streaming after a prompt that already has one (a regenerate) cuts the
 * thread back to where it forks, and joins the turn's version group. Another
 * version picked in any tab (`thread-changed`) marks the view `stale`: the
 * thread is fetched again.
 */
import type { AssistantMessage, ChatEvent, ChatMessage, ChatSnapshot, LiveReply, PanelRecord, VersionGroup } from "@/lib/chat/wire";
import type { UiBlock } from "@/lib/ui/envelope/schema";

/** One viewer's copy of a chat. */
export type ChatView = {
  snapshot: ChatSnapshot;
  /** True when an event did not fit: the viewer must fetch a fresh snapshot. */
  stale: boolean;
  /** True once the chat was deleted (in another tab, or on another instance). */
  deleted: boolean;
  /** A stored reply whose broken blocks the server is rewriting (the repair round), and how many. */
  repairing?: { messageId: string; blocks: number };
};

/** A view of a snapshot as fetched. */
export function chatViewOf(snapshot: ChatSnapshot): ChatView {
  return { snapshot, stale: false, deleted: false };
}

/** The thread with `message` in place of the one with its id, or added in sequence order. */
function withMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const others = messages.filter((existing) => existing.id !== message.id);
  const index = others.findIndex((existing) => existing.sequence > message.sequence);
  if (index === -1) return [...others, message];
  return [...others.slice(0, index), message, ...others.slice(index)];
}

/**
 * The version groups with `id` added as a version of the turn after
 * `parentId`, whose version shown so far was `shown` (null: the turn had none,
 * so there is nothing to switch between yet).
 */
function withVersion(groups: readonly VersionGroup[], parentId: string | null, shown: string | null, id: string): VersionGroup[] {
  const existing = groups.find((group) => group.parentId === parentId);
  if (existing?.messageIds.includes(id)) return [...groups];
  if (existing) return groups.map((group) => (group === existing ? { ...group, messageIds: [...group.messageIds, id] } : group));
  if (shown === null) return [...groups];
  return [...groups, { parentId, messageIds: [shown, id] }];
}

/**
 * The thread cut back to just after `parentId` (null: to its start), and the
 * version the cut dropped there; null when the thread does not hold the parent.
 */
function forkAt(messages: readonly ChatMessage[], parentId: string | null): { kept: ChatMessage[]; shown: ChatMessage | null } | null {
  const at = parentId === null ? -1 : messages.findIndex((message) => message.id === parentId);
  if (parentId !== null && at === -1) return null;
  return { kept: messages.slice(0, at + 1), shown: messages[at + 1] ?? null };
}

/**
 * The view with a stored message joined to its thread: in place of itself,
 * after its parent (cutting off what followed there, a visible one joining
 * the version group), or, for a message that names no parent, in sequence
 * order. A message whose parent the view does not hold makes it stale.
 */
function withThreadMessage(view: ChatView, message: ChatMessage): ChatView {
  const { messages } = view.snapshot;
  const parentId = message.parentId;
  if (parentId === undefined || messages.some((existing) => existing.id === message.id)) {
    return withSnapshot(view, { messages: withMessage(messages, message) });
  }
  const fork = forkAt(messages, parentId);
  if (fork === null) return stale(view);
  const shown = fork.shown !== null && !fork.shown.silent && !message.silent ? fork.shown.id : null;
  const versions = message.silent ? view.snapshot.versions : withVersion(view.snapshot.versions ?? [], parentId, shown, message.id);
  return withSnapshot(view, { messages: [...fork.kept, message], ...(versions !== undefined && versions.length > 0 ? { versions } : {}) });
}

/** The panels with each record of `updates` in place of the one with its panel id. */
function withPanels(panels: readonly PanelRecord[], updates: readonly PanelRecord[]): PanelRecord[] {
  const byId = new Map(panels.map((panel) => [panel.panelId, panel]));
  for (const update of updates) byId.set(update.panelId, update);
  return [...byId.values()];
}

/** The live reply with `delta` placed at `start`; null when it would leave a hole. */
function withText(live: LiveReply, start: number, delta: string): LiveReply | null {
  if (start > live.text.length) return null;
  const end = start + delta.length;
  // The viewer already has this text (it arrived in a snapshot): keep only what is new.
  if (end <= live.text.length) return live;
  return { ...live, text: live.text + delta.slice(live.text.length - start) };
}

function stale(view: ChatView): ChatView {
  return { ...view, stale: true };
}

function withSnapshot(view: ChatView, change: Partial<ChatSnapshot>): ChatView {
  return { ...view, snapshot: { ...view.snapshot, ...change } };
}

/**
 * The new preview's blocks, keeping the previous object of every block that
 * was already complete over the same range: a closed fence compiles the same
 * from the same text, and an unchanged object lets the view skip validating
 * and drawing it again (a long reply has dozens of blocks and a preview every
 * 250 ms).
 */
function shareCompleteBlocks(previous: readonly UiBlock[], next: UiBlock[]): UiBlock[] {
  const byId = new Map(previous.map((block) => [block.id, block]));
  return next.map((block) => {
    const before = byId.get(block.id);
    const same =
      before !== undefined &&
      before.complete &&
      block.complete &&
      before.range.start === block.range.start &&
      before.range.end === block.range.end &&
      before.diagnostics.length === block.diagnostics.length;
    return same ? before : block;
  });
}

/**
 * The snapshot's messages, keeping the previous object of every message that
 * arrived unchanged. A snapshot comes after every page load and reconnect,
 * and a stored message never changes under its id; a new object for the same
 * message would make its blocks rebuild their state (losing what the person
 * set outside a panel) and fetch their project data again. Compared by value
 * (both sides come through the same wire schema, so their keys are in the same
 * order; a mismatch would only cost a redraw), once per snapshot.
 */
function shareUnchangedMessages(previous: readonly ChatMessage[], next: ChatMessage[]): ChatMessage[] {
  const byId = new Map(previous.map((message) => [message.id, message]));
  return next.map((message) => {
    const before = byId.get(message.id);
    return before !== undefined && JSON.stringify(before) === JSON.stringify(message) ? before : message;
  });
}

/** The stored reply ends the live one with its id. */
function endReply(view: ChatView, message: AssistantMessage, panels: readonly PanelRecord[]): ChatView {
  const live = view.snapshot.live;
  const joined = withThreadMessage(view, message);
  return withSnapshot(joined, {
    panels: withPanels(view.snapshot.panels, panels),
    live: live !== null && live.messageId === message.id ? null : live,
  });
}

/** A reply starting after a prompt that already has one (a regenerate): the thread is cut back to the prompt, and the reply joins its version group. */
function startAfter(view: ChatView, replyTo: string, messageId: string): ChatView {
  const fork = forkAt(view.snapshot.messages, replyTo);
  if (fork === null || fork.shown === null) return view;
  const shown = fork.shown.silent ? null : fork.shown.id;
  const versions = withVersion(view.snapshot.versions ?? [], replyTo, shown, messageId);
  return withSnapshot(view, { messages: fork.kept, ...(versions.length > 0 ? { versions } : {}) });
}

/** The view after one event of the chat's live channel. */
export function applyChatEvent(view: ChatView, event: ChatEvent): ChatView {
  // A deleted chat has nothing left to show but that it is gone.
  if (view.deleted) return view;
  const live = view.snapshot.live;
  switch (event.type) {
    case "snapshot":
      return chatViewOf({ ...event.snapshot, messages: shareUnchangedMessages(view.snapshot.messages, event.snapshot.messages) });
    case "message":
      return withThreadMessage(view, event.message);
    case "thread-changed":
      return event.chatId === view.snapshot.chat.id ? stale(view) : view;
    case "chat":
      return withSnapshot(view, { chat: event.chat });
    case "reply-start":
      if (live !== null && live.messageId === event.messageId) return view;
      return withSnapshot(startAfter(view, event.replyTo, event.messageId), {
        live: {
          messageId: event.messageId,
          replyTo: event.replyTo,
          model: event.model,
          startedAt: event.startedAt,
          text: "",
          ui: [],
          textLength: 0,
          tools: [],
        },
      });
    case "text-delta": {
      if (live === null || live.messageId !== event.messageId) return stale(view);
      const next = withText(live, event.start, event.delta);
      return next === null ? stale(view) : next === live ? view : withSnapshot(view, { live: next });
    }
    case "preview":
      if (live === null || live.messageId !== event.messageId) return stale(view);
      // Previews come in order; one compiled from less text than the view holds is late news.
      if (event.textLength < live.textLength) return view;
      return withSnapshot(view, { live: { ...live, ui: shareCompleteBlocks(live.ui, event.ui), textLength: event.textLength } });
    case "tool": {
      if (live === null || live.messageId !== event.messageId) return stale(view);
      const known = live.tools.some((card) => card.id === event.card.id);
      const tools = known ? live.tools.map((card) => (card.id === event.card.id ? event.card : card)) : [...live.tools, event.card];
      return withSnapshot(view, { live: { ...live, tools } });
    }
    case "reply-end":
      return endReply(view, event.message, event.panels);
    case "chat-deleted":
      return event.chatId === view.snapshot.chat.id ? { ...view, deleted: true } : view;
    case "reply-repair":
      // Shown under the reply until the round ends and the thread is fetched again (a fresh snapshot has no such mark).
      return view.snapshot.messages.some((message) => message.id === event.messageId) ? { ...view, repairing: { messageId: event.messageId, blocks: event.blocks } } : view;
  }
}
