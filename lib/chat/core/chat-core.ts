/**
 * The chat core of one server instance: every chat operation the app's
 * server actions and route handlers call, each authorizing through the
 * policy first (another user's chat is not found), plus the live side —
 * replies generated here (the generation registry), live replies everywhere
 * (the hub, fed by the bus) and the viewers watching them.
 *
 * A turn: `sendMessage` (typed text), `sendPanelAction` (a GenUI button) or
 * `sendChoice` (a ```ui choice) stores the person's turn, starts the reply
 * and returns its ids at once; the reply streams on the server whatever happens to the
 * request; viewers follow it through `watchChat` (snapshot, then events);
 * `stopReply` reaches it on whichever instance generates it. A chat has one
 * reply at a time across instances: a send first takes the chat's reply lease
 * in the database (`ReplyLease`), which two instances cannot both get.
 *
 * Only `sendPanelAction` writes an `[octo-ui-action]` envelope, and it writes
 * it itself from a button of a stored panel of the chat: typed text and
 * choices are never read as envelopes and never stored silent, whatever
 * they say.
 */
import "server-only";
import type { LanguageModel } from "ai";
import { latestChatAttachmentId } from "@/db/queries/attachments";
import { getMessage, listThreadRows, setActiveLeaf, setChatModel } from "@/db/queries/chat-turns";
import {
  createChat as createChatRow,
  deleteChat as deleteChatRow,
  getChat,
  listChats as listChatRows,
  renameChat as renameChatRow,
} from "@/db/queries/chats";
import { appendMessage, listMessages } from "@/db/queries/messages";
import { getPanelState, listPanelStates, updatePanelState, upsertPanelState, type PanelUpsertResult } from "@/db/queries/panels";
import type { Chat, ChatPurpose, JsonValue, Message, MessageKind, Panel } from "@/db/schema";
import { authorizeChat, type Actor, type ChatAction } from "@/lib/auth/policy";
import { readAttachmentRefs } from "@/lib/attachments/attachment-record";
import { AppError } from "@/lib/errors";
import type { ModelLookup } from "@/lib/models/registry";
import { blockQueryData } from "@/lib/project/block-query-data";
import { UiBlocksSchema } from "@/lib/ui/envelope/schema";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { UiStreamClock } from "@/lib/ui/stream/stream";
import type { ChatBus } from "../bus/chat-bus";
import { loadStoredReply } from "../final/load-stored-reply";
import { ChatHub, REPLY_SAVE_DEFERRED_MESSAGE, type ChatHubLoader, type ChatViewer } from "../live/chat-hub";
import { ChatListHub } from "../live/chat-list-hub";
import { panelStateDialect, parsePanelState } from "../panels/panel-state";
import { applyPanelStatePatch } from "../panels/panel-state-patch";
import { buttonPressKey, choicePickKey, sentButtonKeys } from "../panels/sent-buttons";
import { STALE_PANEL_MESSAGE } from "../panels/stale-panel";
import { panelDialect, toChatMessage, toChatSummary, toPanelRecords } from "../records/message-record";
import { chatTitleFromPrompt, DEFAULT_CHAT_TITLE } from "../turn/chat-title";
import { choiceTurn } from "../turn/choice-turn";
import { panelActionTurn } from "../turn/panel-action-turn";
import { toStorableText } from "../turn/storable-text";
import { generateReply, MODEL_IDLE_TIMEOUT_MS, REPLY_TIME_LIMIT_MS } from "../turn/generate-reply";
import type { ReplyStreamer } from "../turn/reply-stream";
import { FINAL_STORE_RETRY_MS } from "../final/final-store";
import { planRepairRound } from "../turn/repair-round";
import { restoreReply } from "../turn/restore-reply";
import { restoreTurn, type RestoredPart } from "../turn/restore-turn";
import { GenerationRegistry } from "../turn/generation-registry";
import { handOverToRecovery, recoverInterruptedReplies, ReplyCheckpointer } from "../turn/reply-checkpoint";
import { REPLY_LEASE_MS, ReplyLease, type ReplyLeaseTiming } from "../turn/reply-lease";
import type { ActionSummary, AssistantMessage, ChatEvent, ChatSnapshot, ChatSummary } from "../wire";
import { pathPanels } from "../versions/path-panels";
import { activePath, newestLeafUnder, versionGroups } from "../versions/thread-tree";
import { applyChatSettingsChange, readChatSettings, type ChatSettingsChange } from "./chat-settings";
import { snapshotFilter } from "./snapshot-filter";
import {
  ChatReferenceInputSchema,
  CreateChatInputSchema,
  EditMessageInputSchema,
  parseChatInput,
  RegenerateReplyInputSchema,
  RenameChatInputSchema,
  RestorePanelInputSchema,
  SavePanelStateInputSchema,
  SendChoiceInputSchema,
  SendMessageInputSchema,
  SendPanelActionInputSchema,
  ShowVersionInputSchema,
  type DeleteChatResult,
  type SavePanelStateResult,
  type SendMessageResult,
  type ShowVersionResult,
  type StopReplyResult,
} from "./chat-inputs";

/** What a second send says while a reply is still streaming in the chat. */
export const REPLY_IN_PROGRESS_MESSAGE = "A reply is still being written in this chat. Wait for it to finish, or stop it first.";

/** What a press or pick on a reply the chat does not hold (or a part the reply does not have) is told: one answer for both. */
export const NO_SUCH_PART_MESSAGE = "This panel is not part of that chat's stored replies.";

/** What a press on a panel id the chat does not hold is told. */
export const NO_SUCH_PANEL_MESSAGE = "This chat holds no such panel.";

/** What a second press of a button (or pick of a ```ui choice) whose first was answered (or is being answered) is told. */
export const BUTTON_ALREADY_SENT_MESSAGE = "This button was already pressed, and its answer is in the chat. It sends nothing twice.";

/** What a press, pick or restore on a panel revision that is no longer the panel's current one is told. */
export { STALE_PANEL_MESSAGE };

/** What a regenerate of a reply that is not a stored visible reply of the chat (or answers no visible prompt) is told. */
export const NO_SUCH_REPLY_MESSAGE = "That reply is not part of this chat, so it cannot be written again.";

/** What an edit of a message that is not a typed message of the chat is told. */
export const NO_SUCH_PROMPT_MESSAGE = "Only a message you typed in this chat can be edited.";

/** What a pick of a version the chat does not hold is told. */
export const NO_SUCH_VERSION_MESSAGE = "That version is not part of this chat.";

/** A person's turn, ready to store: what the model reads and how it is kept. */
type PreparedTurn =
  | {
      text: string;
      kind: MessageKind;
      silent: boolean;
      /** The panel an action turn's envelope names (its reply may replace the panel in place). */
      actionPanelId: string | null;
      action?: ActionSummary;
      /** The message the new turn follows (an edit: its original's parent); absent, the chat's active leaf. */
      parentId?: string | null;
      /** A restore of an earlier panel version: the host, not a model, answers with this part (lib/chat/turn/restore-reply.ts). */
      restore?: RestoredPart;
      /** The person's uploaded images the prompt carries (they join the chat with it). */
      attachmentIds?: readonly string[];
    }
  | {
      /** A stored visible prompt answered again (a regenerate): nothing new is stored before the reply. */
      reuse: Message;
      actionPanelId: null;
    };

/** Which chats an operation reaches: the chat list's own (`chat`, the default), or a comparison's panes (`compare`, for lib/compare only). */
export type ChatPurposeOption = {
  purpose?: ChatPurpose;
};

/** How one turn is started. */
export type TurnOptions = ChatPurposeOption & {
  /** Awaited after the person's turn is stored and before the reply starts (a comparison starts its panes together). */
  beforeStart?: () => Promise<void>;
};

/** Milliseconds `deleteChat` waits for a reply generated here to stop before deleting its chat. */
const DELETE_STOP_WAIT_MS = 5_000;

/** The models a core can use: a lookup by id and the default for new chats. */
export type ChatModels = {
  getModel(id: string): ModelLookup | { ok: true; model: LanguageModel; entry: { id: string } };
  defaultModelId: string;
};

/** Options of `ChatCore`. */
export type ChatCoreOptions = {
  /** How this instance reaches the others. */
  bus: ChatBus;
  models: ChatModels;
  /** The clock of previews and heartbeats (default: real time; tests inject a fake one). */
  clock?: UiStreamClock;
  /** Query sources `@Query` may name in ```ui blocks. */
  querySchemas?: UiQuerySchemas;
  /** Longest a reply may stream (default `REPLY_TIME_LIMIT_MS`). */
  replyTimeLimitMs?: number;
  /** How long a reply's lease on its chat lasts and how often it is renewed (default `REPLY_LEASE_MS`, `REPLY_LEASE_RENEW_MS`). */
  replyLease?: ReplyLeaseTiming;
  /** Milliseconds between checkpoints of a streaming reply's text (default `REPLY_CHECKPOINT_MS`). */
  checkpointMs?: number;
  /** Milliseconds the model may send nothing before its reply is cut (default `MODEL_IDLE_TIMEOUT_MS`). */
  modelIdleTimeoutMs?: number;
  /** Milliseconds a final store retries while the database is unreachable (default `FINAL_STORE_RETRY_MS`). */
  finalStoreRetryMs?: number;
  /** Runs a reply's model stream elsewhere (the process's generation worker: lib/chat/generation); in this thread when absent. */
  replyStreamer?: (modelId: string) => ReplyStreamer;
};

/** The chat core of one server instance (see the file comment). */
export class ChatCore {
  /** The live side: viewers and live replies of this instance. */
  readonly hub: ChatHub;
  /** Viewers of people's chat lists, told when a list changes (a chat created, renamed, deleted, or moved up by a new turn). */
  readonly lists: ChatListHub;
  /** The transport to other instances. */
  readonly bus: ChatBus;
  private readonly models: ChatModels;
  private readonly generations = new GenerationRegistry();
  private readonly replyTimeLimitMs: number;
  private readonly replyLease: ReplyLeaseTiming | undefined;
  /** The @Query sources this host answers: compiled against, and told to the model. */
  private readonly querySchemas: UiQuerySchemas | undefined;
  private readonly checkpointMs: number | undefined;
  private readonly modelIdleTimeoutMs: number;
  /** Removes the bus's resume listener (on close). */
  private readonly stopResuming: () => void;
  /** The clock of previews, heartbeats and the model's held deltas (undefined: real time). */
  private readonly clock: UiStreamClock | undefined;
  private readonly finalStoreRetryMs: number;
  private readonly replyStreamer: ((modelId: string) => ReplyStreamer) | undefined;
  private started: Promise<void> | null = null;
  /** The sweep for replies dead processes left half-written. */
  private recovery: ReturnType<typeof setInterval> | null = null;

  /** A core on `options.bus`; it starts listening on first use. */
  constructor(options: ChatCoreOptions) {
    this.bus = options.bus;
    this.models = options.models;
    this.replyTimeLimitMs = options.replyTimeLimitMs ?? REPLY_TIME_LIMIT_MS;
    this.replyLease = options.replyLease;
    this.checkpointMs = options.checkpointMs;
    this.modelIdleTimeoutMs = options.modelIdleTimeoutMs ?? MODEL_IDLE_TIMEOUT_MS;
    this.finalStoreRetryMs = options.finalStoreRetryMs ?? FINAL_STORE_RETRY_MS;
    this.replyStreamer = options.replyStreamer;
    this.querySchemas = options.querySchemas;
    this.clock = options.clock;
    this.hub = new ChatHub({
      bus: options.bus,
      loader: storedRowLoader,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.querySchemas ? { querySchemas: options.querySchemas } : {}),
      onStop: (chatId) => void this.generations.abort(chatId, "stop"),
    });
    this.lists = new ChatListHub({ bus: options.bus });
    // Listening again after a lost connection: what other instances sent meanwhile is caught up from the database.
    this.stopResuming = options.bus.onResume(() => {
      this.hub.catchUp();
      this.lists.catchUp();
    });
  }

  /**
   * Starts listening to the other instances, and sweeps up replies a dead
   * process left half-written (reply-checkpoint.ts) — now, then once per
   * lease period; every operation awaits the start.
   */
  ready(): Promise<void> {
    this.started ??= this.bus
      .start()
      .then(() => this.startRecovery())
      .catch((caught: unknown) => {
        this.started = null;
        throw new AppError("offline:database", { detail: "the chat bus could not start listening", cause: caught });
      });
    return this.started;
  }

  private startRecovery(): void {
    if (this.recovery !== null) return;
    this.recovery = setInterval(() => void this.recoverInterrupted(), this.replyLease?.durationMs ?? REPLY_LEASE_MS);
    this.recovery.unref?.();
    void this.recoverInterrupted();
  }

  /** Stores what dead processes left half-written as interrupted replies, and tells their viewers. */
  async recoverInterrupted(): Promise<number> {
    const recovered = await recoverInterruptedReplies(this.querySchemas ? { querySchemas: this.querySchemas } : {});
    for (const { userId, stored } of recovered) {
      this.hub.announceMessage(userId, stored.message);
      this.lists.announce(userId);
    }
    return recovered.length;
  }

  /**
   * Stores a typed prompt and starts its reply; returns the ids at once.
   * Creates the chat (titled from the prompt) when `chatId` is absent. The
   * prompt is always a visible `prompt` turn — text that looks like an
   * `[octo-ui-action]` envelope included (the model is told it is none).
   * Refused with `conflict:chat` while a reply streams in the chat, on this
   * instance or any other (the chat's reply lease is taken before anything
   * is stored).
   */
  async sendMessage(actor: Actor, rawInput: unknown, options: TurnOptions = {}): Promise<SendMessageResult> {
    await this.ready();
    const input = parseChatInput(SendMessageInputSchema, rawInput);
    const lookup = this.modelFor(input.modelId);
    const chat: Chat =
      input.chatId !== undefined
        ? await authorizedChat(actor, input.chatId, "write", options.purpose)
        : await this.newChat(actor, chatTitleFromPrompt(input.prompt), input.modelId, input.settings);
    try {
      return await this.startTurn(
        actor,
        chat,
        input.modelId,
        lookup,
        async () => ({ text: input.prompt, kind: "prompt", silent: false, actionPanelId: null, attachmentIds: input.attachmentIds ?? [] }),
        options,
      );
    } catch (caught) {
      // A first prompt refused (an image that is not theirs to send) leaves no empty chat behind.
      if (input.chatId === undefined) await deleteChatRow({ userId: actor.userId, chatId: chat.id }).catch(() => {});
      throw caught;
    }
  }

  /**
   * A press of a GenUI button on a stored reply of the chat: the envelope is
   * written here from the stored fence (`panelActionTurn`: the button's
   * action and payload, the fence's panel id, the fields checked against its
   * controls) and stored as an `action` turn — silent when the fence is a
   * panel with an id, whose reply may then replace it in place. Refused with
   * `not_found:message` for a reply or fence the chat does not hold,
   * `not_found:panel` for a button the fence does not have or a panel id the
   * chat does not hold, `conflict:panel` for a revision that is no longer the
   * panel's current one, `bad_request:panel` for a field the fence does not
   * offer, and `conflict:chat` while a reply streams. Nothing is stored then.
   */
  async sendPanelAction(actor: Actor, rawInput: unknown): Promise<SendMessageResult> {
    await this.ready();
    const input = parseChatInput(SendPanelActionInputSchema, rawInput);
    const lookup = this.modelFor(input.modelId);
    const chat = await authorizedChat(actor, input.chatId, "write");
    // Read under the chat's lease: no reply can move the panel on between the check and the store.
    return this.startTurn(actor, chat, input.modelId, lookup, async () => {
      const scope = { userId: actor.userId, chatId: chat.id };
      const message = await this.storedReply(scope, input.messageId);
      const fence = message.genui?.find((candidate) => candidate.index === input.fenceIndex);
      if (!fence || fence.spec === null) throw new AppError("not_found:message", { message: NO_SUCH_PART_MESSAGE, detail: `fence ${input.fenceIndex} of message ${message.id}` });
      const panelId = fence.spec.id;
      if (panelId !== undefined) {
        const panel = await this.shownPanel(scope, panelId);
        if (!panel) throw new AppError("not_found:panel", { message: NO_SUCH_PANEL_MESSAGE, detail: `panel ${panelId} of chat ${chat.id}` });
        if (panel.messageId !== message.id || (input.revision !== undefined && input.revision !== panel.revision)) {
          throw new AppError("conflict:panel", { message: STALE_PANEL_MESSAGE, detail: `panel ${panelId} is at revision ${panel.revision} in message ${panel.messageId}` });
        }
        // The panel is the first part naming it in its reply; a later duplicate fence (or a ```ui block or card holding it) is not this fence.
        const holder = message.genui?.find((candidate) => candidate.panelId === panelId);
        if (panelDialect(message, panelId) !== "octo-ui" || holder?.index !== fence.index) {
          throw new AppError("not_found:panel", { message: NO_SUCH_PANEL_MESSAGE, detail: `fence ${fence.index} of message ${message.id} is not panel ${panelId}` });
        }
      }
      const turn = panelActionTurn({ spec: fence.spec, button: input.button, fields: input.fields });
      // The same button of the same stored fence, pressed again, would send the same turn (and file the same bug twice).
      const pressed = { messageId: message.id, fenceIndex: fence.index, button: input.button };
      const thread = (await listMessages({ ...scope, includeSilent: true })).map(toChatMessage);
      if (sentButtonKeys(thread).has(buttonPressKey(pressed))) {
        throw new AppError("conflict:panel", { message: BUTTON_ALREADY_SENT_MESSAGE, detail: `button ${input.button.slice(0, 200)} of fence ${fence.index} of message ${message.id}` });
      }
      return { text: turn.text, kind: "action", silent: panelId !== undefined, actionPanelId: panelId ?? null, action: { ...turn.summary, pressed } };
    });
  }

  /**
   * A pick of a ```ui `Choice` in a stored reply of the chat: the block (a
   * panel's current revision) is evaluated with the person's input values
   * and its query data, and the visible `choice` turn is written here
   * (`choiceTurn`: the message for the model, and its summary by the
   * controls' labels for the thread). Refused with `not_found:message` for a
   * reply, block or choice the chat does not hold, `conflict:panel` for a
   * panel block that is no longer the panel's current revision or a choice
   * already picked there (`BUTTON_ALREADY_SENT_MESSAGE`), `bad_request:chat` for a
   * choice the block refuses (hidden, disabled, local, or a value its inputs
   * do not offer), and `conflict:chat` while a reply streams.
   */
  async sendChoice(actor: Actor, rawInput: unknown): Promise<SendMessageResult> {
    await this.ready();
    const input = parseChatInput(SendChoiceInputSchema, rawInput);
    const lookup = this.modelFor(input.modelId);
    const chat = await authorizedChat(actor, input.chatId, "write");
    return this.startTurn(actor, chat, input.modelId, lookup, async () => {
      const scope = { userId: actor.userId, chatId: chat.id };
      const message = await this.storedReply(scope, input.messageId);
      const block = message.ui?.find((candidate) => candidate.id === input.blockId);
      if (!block) throw new AppError("not_found:message", { message: NO_SUCH_PART_MESSAGE, detail: `block ${input.blockId.slice(0, 200)} of message ${message.id}` });
      const panel = await this.shownPanel(scope, block.id);
      if (panel && panel.messageId !== message.id) {
        throw new AppError("conflict:panel", { message: STALE_PANEL_MESSAGE, detail: `panel ${block.id} is at revision ${panel.revision} in message ${panel.messageId}` });
      }
      const queries = await blockQueryData({ actor, chat, block, values: input.values });
      const chosen = { messageId: message.id, blockId: block.id, choiceId: input.choiceId };
      const turn = choiceTurn({ block, chosen, values: input.values, queries });
      // The same choice of the same stored block, picked again, would send the same turn: spent like a button.
      const thread = (await listMessages({ ...scope, includeSilent: true })).map(toChatMessage);
      if (sentButtonKeys(thread).has(choicePickKey(chosen))) {
        throw new AppError("conflict:panel", { message: BUTTON_ALREADY_SENT_MESSAGE, detail: `choice ${input.choiceId.slice(0, 200)} of block ${block.id.slice(0, 200)} of message ${message.id}` });
      }
      return { text: turn.text, kind: "choice", silent: false, actionPanelId: null, action: turn.summary };
    });
  }

  /**
   * Brings back an earlier version of a panel as its next revision: the host
   * writes a silent `action` turn saying so (the model reads it next turn)
   * and answers it itself with that version's stored part
   * (`restoreTurn`, `restoreReply`), so the panel updates in place, with the
   * person's state carried over, like after a refresh. Refused with
   * `not_found:panel` for a panel the shown thread does not hold,
   * `conflict:panel` when `revision` is no longer the panel's current one (a
   * tab that missed an update), `not_found:message` for a reply holding no
   * version of it, `bad_request:panel` for the current version, and
   * `conflict:chat` while a reply streams.
   */
  async restorePanel(actor: Actor, rawInput: unknown): Promise<SendMessageResult> {
    await this.ready();
    const input = parseChatInput(RestorePanelInputSchema, rawInput);
    const chat = await authorizedChat(actor, input.chatId, "write");
    return this.startTurn(actor, chat, chat.modelId, null, async () => {
      const scope = { userId: actor.userId, chatId: chat.id };
      const panel = await this.shownPanel(scope, input.panelId);
      if (!panel) throw new AppError("not_found:panel", { message: NO_SUCH_PANEL_MESSAGE, detail: `panel ${input.panelId} of chat ${chat.id}` });
      if (input.revision !== panel.revision) {
        throw new AppError("conflict:panel", { message: STALE_PANEL_MESSAGE, detail: `panel ${panel.panelId} is at revision ${panel.revision}, not ${input.revision}` });
      }
      const { rows, activeLeafId } = await listThreadRows(scope);
      const path = activePath(rows, activeLeafId).map(toChatMessage);
      const dialect = panelDialect(path.find((message) => message.id === panel.messageId), panel.panelId);
      if (dialect === null) throw new AppError("not_found:panel", { message: NO_SUCH_PANEL_MESSAGE, detail: `panel ${panel.panelId} has no holder on the shown thread` });
      const turn = restoreTurn({ path, panel: { panelId: panel.panelId, dialect, messageId: panel.messageId }, messageId: input.messageId });
      return { text: turn.text, kind: "action", silent: true, actionPanelId: panel.panelId, action: turn.summary, restore: turn.part };
    });
  }

  /**
   * Writes a stored reply again as a new version of it (regenerate, or retry
   * after an error or a stop): the same prompt, answered by a new reply that
   * takes the old one's place in the thread; the old one stays as an earlier
   * version. The chat's thread is cut back to the prompt while the new reply
   * streams. Refused with `not_found:message` for a reply the chat does not
   * hold, a silent one, or one answering a silent turn (a panel updated in
   * place is retried from its panel), and `conflict:chat` while a reply streams.
   */
  async regenerateReply(actor: Actor, rawInput: unknown): Promise<SendMessageResult> {
    await this.ready();
    const input = parseChatInput(RegenerateReplyInputSchema, rawInput);
    const lookup = this.modelFor(input.modelId);
    const chat = await authorizedChat(actor, input.chatId, "write");
    return this.startTurn(actor, chat, input.modelId, lookup, async () => {
      const scope = { userId: actor.userId, chatId: chat.id };
      const reply = await getMessage({ ...scope, messageId: input.messageId });
      const prompt = reply?.role === "assistant" && !reply.silent && reply.parentId !== null ? await getMessage({ ...scope, messageId: reply.parentId }) : null;
      if (prompt === null || prompt.role !== "user" || prompt.silent) {
        throw new AppError("not_found:message", { message: NO_SUCH_REPLY_MESSAGE, detail: `regenerate of message ${input.messageId} of chat ${chat.id}` });
      }
      return { reuse: prompt, actionPanelId: null };
    });
  }

  /**
   * Sends an edited copy of a typed prompt: a new version of it, following
   * the same message, answered by a new reply. The thread below the original
   * forks off and is kept, reachable as the earlier version. Refused with
   * `not_found:message` for a message that is not a typed prompt of the
   * chat (a button press or a choice is written by the server, not typed),
   * and `conflict:chat` while a reply streams.
   */
  async editMessage(actor: Actor, rawInput: unknown): Promise<SendMessageResult> {
    await this.ready();
    const input = parseChatInput(EditMessageInputSchema, rawInput);
    const lookup = this.modelFor(input.modelId);
    const chat = await authorizedChat(actor, input.chatId, "write");
    return this.startTurn(actor, chat, input.modelId, lookup, async () => {
      const original = await getMessage({ userId: actor.userId, chatId: chat.id, messageId: input.messageId });
      if (original === null || original.role !== "user" || original.kind !== "prompt" || original.silent) {
        throw new AppError("not_found:message", { message: NO_SUCH_PROMPT_MESSAGE, detail: `edit of message ${input.messageId} of chat ${chat.id}` });
      }
      // The edited prompt keeps the images the original carried.
      const attachmentIds = readAttachmentRefs(original.attachments).map((attachment) => attachment.id);
      return { text: input.prompt, kind: "prompt", silent: false, actionPanelId: null, parentId: original.parentId, attachmentIds };
    });
  }

  /**
   * Shows another version of a turn: the chat's thread runs through the
   * message picked and on down its newest turns. Every viewer fetches the
   * thread again. Refused with `not_found:message` for a message the chat
   * does not hold, and `conflict:chat` while a reply streams (the reply
   * belongs to the thread it was asked in).
   */
  async showVersion(actor: Actor, rawInput: unknown): Promise<ShowVersionResult> {
    await this.ready();
    const input = parseChatInput(ShowVersionInputSchema, rawInput);
    const chat = await authorizedChat(actor, input.chatId, "write");
    if (this.hub.isLive(chat.id) || this.generations.has(chat.id)) throw new AppError("conflict:chat", { message: REPLY_IN_PROGRESS_MESSAGE });
    const scope = { userId: actor.userId, chatId: chat.id };
    const { rows } = await listThreadRows(scope);
    const leaf = rows.some((row) => row.id === input.messageId) ? newestLeafUnder(rows, input.messageId) : null;
    if (leaf === null) throw new AppError("not_found:message", { message: NO_SUCH_VERSION_MESSAGE, detail: `version ${input.messageId} of chat ${chat.id}` });
    if (!(await setActiveLeaf({ ...scope, messageId: leaf.id }))) throw new AppError("not_found:chat", { detail: `chat ${chat.id} vanished while showing a version` });
    this.hub.announceThreadChanged(chat.id);
    return { leafMessageId: leaf.id };
  }

  /** A panel of the chat as the thread it shows has it (`pathPanels`), or null. */
  private async shownPanel(scope: { userId: string; chatId: string }, panelId: string): Promise<Panel | null> {
    const panel = await getPanelState({ ...scope, panelId });
    if (!panel) return null;
    const { rows, activeLeafId } = await listThreadRows(scope);
    const path = activePath(rows, activeLeafId).map(toChatMessage);
    return pathPanels([panel], path)[0] ?? null;
  }

  /** The model `modelId` names, or `bad_request:chat`. */
  /** Whether the model reads images (the registry's entry says so per provider). */
  private acceptsImages(modelId: string): boolean {
    const lookup = this.models.getModel(modelId);
    return lookup.ok && "acceptsImages" in lookup.entry && lookup.entry.acceptsImages === true;
  }

  /** Whether the model gets the compact system prompt (its registry entry says so). */
  private compactPrompt(modelId: string): boolean {
    const lookup = this.models.getModel(modelId);
    return lookup.ok && "compactPrompt" in lookup.entry && lookup.entry.compactPrompt === true;
  }

  private modelFor(modelId: string): LanguageModel {
    const lookup = this.models.getModel(modelId);
    if (!lookup.ok) throw new AppError("bad_request:chat", { message: lookup.error.message, detail: lookup.error.code });
    return lookup.model;
  }

  /** A stored reply of the chat, its UI validated on the way out, or `not_found:message`. */
  private async storedReply(scope: { userId: string; chatId: string }, messageId: string): Promise<AssistantMessage> {
    const row = await getMessage({ ...scope, messageId });
    const message = row ? toChatMessage(row) : null;
    if (message?.role !== "assistant") throw new AppError("not_found:message", { message: NO_SUCH_PART_MESSAGE, detail: `message ${messageId} of chat ${scope.chatId}` });
    return message;
  }

  /**
   * The one way a person's turn is stored and answered: takes the chat (the
   * hub's live check, this instance's slot, the reply lease across
   * instances), then `prepare`s the turn — so what it reads cannot change
   * before the turn is stored — stores it and starts the reply. A refusal
   * from `prepare` stores nothing and frees the chat.
   */
  private async startTurn(
    actor: Actor,
    takenChat: Chat,
    modelId: string,
    /** Null only for a turn the host answers itself (a restore). */
    model: LanguageModel | null,
    prepare: () => Promise<PreparedTurn>,
    options: TurnOptions = {},
  ): Promise<SendMessageResult> {
    let chat = takenChat;
    if (this.hub.isLive(chat.id)) throw new AppError("conflict:chat", { message: REPLY_IN_PROGRESS_MESSAGE });
    const slot = this.generations.reserve(chat.id);
    if (!slot) throw new AppError("conflict:chat", { message: REPLY_IN_PROGRESS_MESSAGE });
    const messageId = crypto.randomUUID();
    let lease: ReplyLease | null = null;
    try {
      const leasedChatId = chat.id;
      lease = await ReplyLease.take({
        userId: actor.userId,
        chatId: leasedChatId,
        holder: messageId,
        ...(this.replyLease ? { timing: this.replyLease } : {}),
        // Another reply has the chat now (or it is gone): this one must not go on beside it.
        onLost: () => void this.generations.abort(leasedChatId, "lease-lost"),
      });
      // Another instance's reply holds the chat (its start may not have reached this one's hub yet).
      if (!lease) throw new AppError("conflict:chat", { message: REPLY_IN_PROGRESS_MESSAGE });
      const heldLease = lease;
      const turn = await prepare();
      if (chat.modelId !== modelId) {
        chat = (await setChatModel({ userId: actor.userId, chatId: chat.id, modelId })) ?? chat;
        this.hub.announceChat(actor.userId, toChatSummary(chat));
      }
      const { actionPanelId } = turn;
      let prompt: Message;
      // The sequence the reply will be stored with: the next one of the chat (nothing else is stored while the lease is held).
      let replySequence: number;
      if ("reuse" in turn) {
        // The thread is cut back to the prompt: the old reply is an earlier version now, and the new one streams in its place.
        const moved = await setActiveLeaf({ userId: actor.userId, chatId: chat.id, messageId: turn.reuse.id });
        if (!moved) throw new AppError("not_found:chat", { detail: `chat ${chat.id} vanished before its reply was written again` });
        prompt = turn.reuse;
        replySequence = moved.lastSequence + 1;
      } else {
        const stored = await appendMessage({
          userId: actor.userId,
          chatId: chat.id,
          message: {
            role: "user",
            text: turn.text,
            kind: turn.kind,
            silent: turn.silent,
            ...(turn.action ? { action: turn.action as unknown as JsonValue } : {}),
            ...(turn.parentId !== undefined ? { parentId: turn.parentId } : {}),
            ...(turn.attachmentIds && turn.attachmentIds.length > 0 ? { attachmentIds: turn.attachmentIds } : {}),
          },
        });
        if (!stored) throw new AppError("not_found:chat", { detail: `chat ${chat.id} vanished before its prompt was stored` });
        prompt = stored;
        replySequence = stored.sequence + 1;
        this.hub.announceMessage(actor.userId, toChatMessage(stored));
      }
      // The chat moved to the top of the person's list.
      if (chat.purpose === "chat") this.lists.announce(actor.userId);
      // Several turns started together (a comparison's panes) wait here until all are stored, then start in one go.
      await options.beforeStart?.();
      const latestAttachment = await latestChatAttachmentId({ userId: actor.userId, chatId: chat.id });
      const reply = this.hub.startReply({
        chatId: chat.id,
        userId: actor.userId,
        messageId,
        replyTo: prompt.id,
        model: modelId,
        startedAt: new Date().toISOString(),
        sequence: replySequence,
        ...(latestAttachment !== null ? { latestAttachment } : {}),
      });
      const chatId = chat.id;
      const checkpointer = new ReplyCheckpointer(
        { messageId, chatId, userId: actor.userId, parentId: prompt.id, model: modelId, text: () => reply.text },
        ...(this.checkpointMs !== undefined ? [this.checkpointMs] : []),
      );
      const timeLimit = setTimeout(() => this.generations.abort(chatId, "time-limit"), this.replyTimeLimitMs);
      timeLimit.unref?.();
      const restore = "restore" in turn ? turn.restore : undefined;
      if (restore === undefined && model === null) throw new AppError("internal:chat", { detail: `turn of chat ${chat.id} has no model to answer it` });
      const storeRetry = { boundMs: this.finalStoreRetryMs };
      const answer =
        restore !== undefined || model === null
          ? restoreReply({ reply, part: restore ?? { text: "", cards: [] }, userId: actor.userId, chatId, messageId, replyTo: prompt.id, actionPanelId: actionPanelId ?? "", storeRetry })
          : generateReply({
              reply,
              model,
              ...(this.replyStreamer ? { streamer: this.replyStreamer(modelId) } : {}),
              userId: actor.userId,
              chatId,
              messageId,
              replyTo: prompt.id,
              modelId,
              silentPrompt: prompt.silent,
              actionPanelId,
              acceptsImages: this.acceptsImages(modelId),
              promptDetail: this.compactPrompt(modelId) ? "compact" : "full",
              signal: slot.signal,
              stopReason: slot.reason,
              modelIdleTimeoutMs: this.modelIdleTimeoutMs,
              ...(this.clock ? { clock: this.clock } : {}),
              onModelIdle: () => {
                console.error(`chat: reply ${messageId}: the model sent nothing for ${this.modelIdleTimeoutMs} ms; cutting it off`);
                this.generations.abort(chatId, "model-idle");
              },
              storeRetry,
              settings: readChatSettings(chat.settings),
              ...(this.querySchemas ? { querySchemas: this.querySchemas } : {}),
              // A comparison pane answers blind beside others: it reads, and writes or acts on nothing (lib/compare/run/pane-tools.ts).
              readOnlyTools: chat.purpose === "compare",
            });
      const generation = answer
        .then(async (outcome) => {
          clearTimeout(timeLimit);
          const { stored } = outcome;
          if (outcome.unreachable) {
            // The database is still down: viewers get the reply as it stands (never left spinning), and it is stored as interrupted once the database is back.
            await checkpointer.stop(false);
            heldLease.abandon();
            slot.release();
            this.hub.endReply(reply, null, REPLY_SAVE_DEFERRED_MESSAGE);
            void handOverToRecovery({
              reply: { messageId, chatId, userId: actor.userId, parentId: prompt.id, model: modelId, text: () => reply.text },
              recover: async () => {
                await this.recoverInterrupted();
                this.hub.announceStoredEnd({ chatId, userId: actor.userId, messageId });
              },
            });
            return;
          }
          // Kept when nothing could be stored: the next sweep tries again once the lease is free.
          await checkpointer.stop(stored !== null);
          const repair = stored !== null && model !== null && restore === undefined
            ? planRepairRound({
                stored,
                model,
                userId: actor.userId,
                chatId,
                replyTo: prompt.id,
                modelId,
                actionPanelId,
                chatPurpose: chat.purpose === "chat",
                settings: readChatSettings(chat.settings),
                signal: slot.signal,
                announcer: this.hub,
                ...(this.querySchemas ? { querySchemas: this.querySchemas } : {}),
                ...(latestAttachment !== null ? { latestAttachment } : {}),
              })
            : null;
          if (repair) {
            // Viewers see the reply as written while its broken blocks are rewritten; the chat stays taken until the round ends.
            this.hub.endReply(reply, stored);
            await repair.run();
            await heldLease.release();
            slot.release();
            return;
          }
          // Free the chat before viewers hear the end, so a reply to that event can send at once.
          await heldLease.release();
          slot.release();
          this.hub.endReply(reply, stored);
        })
        .catch((caught: unknown) => {
          // generateReply and restoreReply never throw, the lease's release never does and endReply only emits; should any ever fail, the chat must not stay taken.
          clearTimeout(timeLimit);
          void checkpointer.stop(false);
          void heldLease.release();
          slot.release();
          console.error(`chat: ending reply ${messageId} failed`, caught);
        });
      this.generations.run(chatId, generation);
      return { chat: toChatSummary(chat), userMessageId: prompt.id, replyMessageId: messageId };
    } catch (caught) {
      await lease?.release();
      slot.release();
      throw caught;
    }
  }

  /** Stops the chat's streaming reply wherever it is generated; the partial reply is kept and stored as `stopped`. */
  async stopReply(actor: Actor, rawInput: unknown, options: ChatPurposeOption = {}): Promise<StopReplyResult> {
    await this.ready();
    const input = parseChatInput(ChatReferenceInputSchema, rawInput);
    const chat = await authorizedChat(actor, input.chatId, "write", options.purpose);
    if (this.generations.abort(chat.id, "stop")) return { stopping: true };
    if (this.hub.isLive(chat.id)) {
      this.hub.requestStop(chat.id);
      return { stopping: true };
    }
    return { stopping: false };
  }

  /** Creates an empty chat. */
  async createChat(actor: Actor, rawInput: unknown): Promise<ChatSummary> {
    await this.ready();
    const input = parseChatInput(CreateChatInputSchema, rawInput ?? {});
    const modelId = input.modelId ?? this.models.defaultModelId;
    const lookup = this.models.getModel(modelId);
    if (!lookup.ok) throw new AppError("bad_request:chat", { message: lookup.error.message, detail: lookup.error.code });
    return toChatSummary(await this.newChat(actor, input.title ?? DEFAULT_CHAT_TITLE, modelId));
  }

  /** Renames a chat; every viewer hears of it. */
  async renameChat(actor: Actor, rawInput: unknown): Promise<ChatSummary> {
    await this.ready();
    const input = parseChatInput(RenameChatInputSchema, rawInput);
    await authorizedChat(actor, input.chatId, "write");
    const chat = await renameChatRow({ userId: actor.userId, chatId: input.chatId, title: input.title });
    if (!chat) throw new AppError("not_found:chat", { detail: `rename of chat ${input.chatId}` });
    const summary = toChatSummary(chat);
    this.hub.announceChat(actor.userId, summary);
    this.lists.announce(actor.userId);
    return summary;
  }

  /** Deletes a chat with everything in it, stopping its reply first; its viewers everywhere hear `chat-deleted`. */
  async deleteChat(actor: Actor, rawInput: unknown): Promise<DeleteChatResult> {
    await this.ready();
    const input = parseChatInput(ChatReferenceInputSchema, rawInput);
    const chat = await authorizedChat(actor, input.chatId, "delete");
    if (this.generations.abort(chat.id, "delete")) {
      await Promise.race([this.generations.done(chat.id), new Promise((resolve) => setTimeout(resolve, DELETE_STOP_WAIT_MS).unref?.())]);
    } else if (this.hub.isLive(chat.id)) {
      this.hub.requestStop(chat.id);
    }
    if (!(await deleteChatRow({ userId: actor.userId, chatId: chat.id }))) throw new AppError("not_found:chat", { detail: `delete of chat ${chat.id}` });
    this.hub.announceDeleted(chat.id);
    this.lists.announce(actor.userId);
    return { deleted: true };
  }

  /**
   * Stores a panel's interaction state (field values, tab, folds; a ```ui
   * block's state variables) so a reload restores it: a whole state replaces
   * the stored one; a patch (what one tab changed) is merged into it under
   * the panel row's lock, so each entry keeps its last write whichever tab
   * made it. The result must fit the panel's dialect and `PANEL_STATE_MAX_BYTES`.
   */
  async savePanelState(actor: Actor, rawInput: unknown): Promise<SavePanelStateResult> {
    await this.ready();
    const input = parseChatInput(SavePanelStateInputSchema, rawInput);
    const chat = await authorizedChat(actor, input.chatId, "write");
    const scope = { userId: actor.userId, chatId: chat.id };
    // The panel as the shown thread has it: a state written there moves the panel to the shown version.
    const panel = await this.shownPanel(scope, input.panelId);
    if (!panel) throw new AppError("not_found:panel", { detail: `panel ${input.panelId} of chat ${chat.id}` });
    if (input.revision !== undefined && input.revision !== panel.revision) return { applied: false, revision: panel.revision };
    const holder = await getMessage({ ...scope, messageId: panel.messageId });
    const dialect = (holder ? panelDialect(toChatMessage(holder), panel.panelId) : null) ?? panelStateDialect(panel.state);
    const target = { ...scope, panelId: panel.panelId, revision: panel.revision, messageId: panel.messageId };
    const { patch } = input;
    const checked = (outcome: ReturnType<typeof parsePanelState>): JsonValue => {
      if (!outcome.ok) throw new AppError("bad_request:panel", { message: outcome.problem });
      return outcome.state as JsonValue;
    };
    let result: PanelUpsertResult | null;
    if (patch === undefined) {
      result = await upsertPanelState({ ...target, state: checked(parsePanelState(dialect, input.state)) });
    } else {
      // Checked on the state read above first: a change that cannot fit is refused before the row is locked.
      checked(applyPanelStatePatch(dialect, panel.state, patch));
      // A row held by another version of the panel merges into the state the shown version starts with.
      result = await updatePanelState({ ...target, change: (stored) => checked(applyPanelStatePatch(dialect, stored ?? panel.state, patch)) });
    }
    if (!result) throw new AppError("not_found:panel", { detail: `panel ${input.panelId} of chat ${chat.id} vanished` });
    return { applied: result.applied, revision: result.panel.revision };
  }

  /** What a chat page renders first: the thread, the panels, and the live reply while one streams. */
  async getChatSnapshot(actor: Actor, chatId: string, options: ChatPurposeOption = {}): Promise<ChatSnapshot> {
    await this.ready();
    const chat = await authorizedChat(actor, chatId, "read", options.purpose);
    return this.snapshotOf(actor, chat);
  }

  /** The actor's chats, most recently active first. */
  async listChats(actor: Actor): Promise<ChatSummary[]> {
    return (await listChatRows({ userId: actor.userId })).map(toChatSummary);
  }

  /**
   * Follows a chat: `viewer` first gets a `snapshot` event, then every later
   * event, none of them already reflected in the snapshot. Returns the way to
   * stop following. Throws (before any event) when the chat is not the actor's.
   */
  async watchChat(actor: Actor, chatId: string, viewer: ChatViewer, options: ChatPurposeOption = {}): Promise<() => void> {
    await this.ready();
    const chat = await authorizedChat(actor, chatId, "read", options.purpose);
    // Subscribe first and hold what arrives while the snapshot is read, so nothing falls between the two.
    const held: ChatEvent[] = [];
    let deliver: ChatViewer | null = null;
    const unsubscribe = this.hub.subscribe(chat.id, (event) => (deliver ? deliver(event) : held.push(event)));
    try {
      const snapshot = await this.snapshotOf(actor, chat);
      viewer({ type: "snapshot", snapshot });
      const filter = snapshotFilter(snapshot);
      for (const event of held) {
        const kept = filter(event);
        if (kept) viewer(kept);
      }
      deliver = viewer;
      return unsubscribe;
    } catch (caught) {
      unsubscribe();
      throw caught;
    }
  }

  /** Resolves when every reply generated here has been stored and every signal heard has been handled. */
  async idle(): Promise<void> {
    await this.generations.idle();
    await this.bus.flush();
    await this.hub.settle();
  }

  /** Stops every reply generated here (each is stored as stopped), the recovery sweep, then the hub and the bus. */
  async close(): Promise<void> {
    await this.idle();
    if (this.recovery !== null) clearInterval(this.recovery);
    this.recovery = null;
    this.stopResuming();
    this.hub.close();
    this.lists.close();
    await this.bus.close();
  }

  private async newChat(actor: Actor, title: string, modelId: string, settings?: ChatSettingsChange): Promise<Chat> {
    const chosen = settings ? applyChatSettingsChange({}, { ...settings, ...(settings.systemAddition !== undefined ? { systemAddition: toStorableText(settings.systemAddition) } : {}) }) : {};
    const chat = await createChatRow({ userId: actor.userId, title, modelId, ...(Object.keys(chosen).length > 0 ? { settings: chosen as JsonValue } : {}) });
    this.lists.announce(actor.userId);
    return chat;
  }

  private async snapshotOf(actor: Actor, chat: Chat): Promise<ChatSnapshot> {
    const scope = { userId: actor.userId, chatId: chat.id };
    const { rows, activeLeafId } = await listThreadRows(scope);
    const panelRows = await listPanelStates(scope);
    // Read after the thread: a reply that ended meanwhile is then in the thread, not lost between the two.
    const liveNow = this.hub.liveReply(chat.id);
    const live = liveNow && !rows.some((row) => row.id === liveNow.messageId) ? liveNow : null;
    let path = activePath(rows, activeLeafId);
    // A reply written again streams after its prompt: the version it replaces is not drawn beside it.
    const promptAt = live ? path.findIndex((row) => row.id === live.replyTo) : -1;
    if (promptAt !== -1) path = path.slice(0, promptAt + 1);
    const messages = path.map(toChatMessage);
    const versions = versionGroups(rows, path, (row) => !row.silent);
    if (live && promptAt !== -1) {
      const replies = rows.filter((row) => row.parentId === live.replyTo && !row.silent).map((row) => row.id);
      if (replies.length > 0) versions.push({ parentId: live.replyTo, messageIds: [...replies, live.messageId] });
    }
    return {
      chat: toChatSummary(chat),
      messages,
      panels: toPanelRecords(pathPanels(panelRows, messages), messages),
      live,
      ...(versions.length > 0 ? { versions } : {}),
    };
  }
}

/**
 * The chat through the policy, when it is of `purpose` too: a comparison
 * pane's chat is not found through the chat's own operations (its page, its
 * channel, its sends), so it is never answered twice or seen unmasked, and a
 * chat of the chat list is not a pane.
 */
async function authorizedChat(actor: Actor, chatId: string, action: ChatAction, purpose: ChatPurpose = "chat"): Promise<Chat> {
  const chat = await authorizeChat(actor, chatId, action);
  if (chat.purpose !== purpose) throw new AppError("not_found:chat", { detail: `${action} of ${chat.purpose} chat ${chat.id} as a ${purpose} chat` });
  return chat;
}

/** How the hub loads what other instances stored. */
const storedRowLoader: ChatHubLoader = {
  loadReply: loadStoredReply,
  async loadMessage({ userId, chatId, messageId }) {
    const row = await getMessage({ userId, chatId, messageId });
    return row ? toChatMessage(row) : null;
  },
  async loadChat({ userId, chatId }) {
    const chat = await getChat({ userId, chatId });
    return chat ? toChatSummary(chat) : null;
  },
};
