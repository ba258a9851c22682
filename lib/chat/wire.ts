/**
 * The wire contract between the chat server and every viewer of a chat (zod
 * schemas shared by server and client). The canonical thread holds only final
 * trees; a reply still being generated travels as a live preview that is never
 * stored: text deltas, plus compiled UI previews that carry `ui` and
 * `textLength` and no log sequence. A reload or a new viewer fetches a
 * `ChatSnapshot`, which has the live preview attached while a reply streams.
 *
 * The browser never trusts the wire: it parses every event with these
 * schemas, and UI blocks and GenUI specs are validated again before rendering.
 */
import { z } from "zod";
import { ArtifactCardSchema } from "@/lib/artifacts/artifact-card";
import { AttachmentRefsSchema } from "@/lib/attachments/attachment-ref";
import { GenuiDiagnosticSchema } from "@/lib/genui/diagnostics/diagnostic";
import { GenuiSpecSchema } from "@/lib/genui/schema/spec";
import { HostActionCardSchema, type HostActionCard } from "@/lib/host-actions/host-action-card";
import { isHostActionName } from "@/lib/host-actions/host-action-definitions";
import { UiBlocksSchema, UiRangeSchema } from "@/lib/ui/envelope/schema";
import { DataCheckSchema, ReplyRepairSchema } from "./final/reply-repair";
import { ReplyUsageSchema } from "./records/reply-usage";

/** Longest prompt a person may send, in UTF-16 units: far above any real prompt, far below a memory problem. */
export const PROMPT_MAX_LENGTH = 32_000;

/** ISO 8601 timestamp string. */
const TimestampSchema = z.string().max(40);

/** Which surface a piece of UI came from. */
export const UiDialectSchema = z.enum(["ui", "octo-ui", "render_ui"]);
/** Which surface a piece of UI came from. */
export type UiDialect = z.infer<typeof UiDialectSchema>;

/**
 * One entry of a reply's degradation receipt: something the final compile or
 * the JSON dialect hid, trimmed or dropped, or the model boundary replaced or
 * refused (characters the database cannot store, a tool never offered).
 * Listed in the reply's inspector (app/_components/inspector) and fed, as it
 * is, into the next prompt's preamble
 * (it is a superset of lib/models' `PreambleDiagnostic`).
 */
export const ReceiptEntrySchema = z.object({
  code: z.string().max(64),
  message: z.string().max(2_000),
  /** Human-readable place: `block build, line 4`, `octo-ui fence 2, items[3].text`, `render_ui call 1`. */
  where: z.string().max(300),
  /** The surface of the part it is about; absent for the reply as a whole (characters replaced, a tool call refused). */
  dialect: UiDialectSchema.optional(),
  /** The ui block or GenUI panel the entry belongs to, when known. */
  blockId: z.string().max(200).optional(),
  /** For `ui`: the range in the block body. */
  range: UiRangeSchema.optional(),
  /** For GenUI: the JSON path in the spec. */
  path: z.string().max(500).optional(),
  /** For `ui`: the data check that found it (lib/chat/turn/block-data-check.ts); absent for what compiling found. */
  check: DataCheckSchema.optional(),
});
/** One entry of a reply's degradation receipt. */
export type ReceiptEntry = z.infer<typeof ReceiptEntrySchema>;

/** One octo-ui fence of a final reply, as stored. */
export const GenuiFenceRecordSchema = z.object({
  /** Index of the fence among the reply's octo-ui fences. */
  index: z.number().int().nonnegative(),
  /** The whole fence in the reply text. */
  range: UiRangeSchema,
  /** The spec's panel id, when it has one. */
  panelId: z.string().max(64).optional(),
  spec: GenuiSpecSchema.nullable(),
  diagnostics: z.array(GenuiDiagnosticSchema),
});
/** One octo-ui fence of a final reply, as stored. */
export type GenuiFenceRecord = z.infer<typeof GenuiFenceRecordSchema>;

/** A `render_ui` tool call and its result, drawn as a card where the call happened in the text. */
export const RenderUiCardSchema = z.object({
  /** The tool call id. */
  id: z.string().max(200),
  name: z.literal("render_ui"),
  /** Length of the reply text when the call was made: the card is drawn at that point. */
  textOffset: z.number().int().nonnegative(),
  /** The clamped spec (null when nothing could be rendered). */
  spec: GenuiSpecSchema.nullable(),
  diagnostics: z.array(GenuiDiagnosticSchema),
  /** The error the model was shown, when the spec had nothing renderable. */
  error: z.string().max(4_000).optional(),
});
/** A `render_ui` tool call and its result. */
export type RenderUiCard = z.infer<typeof RenderUiCardSchema>;

/**
 * A tool call of a reply, drawn where the call happened in the text: a
 * `render_ui` card, or an artifact tool's chip (`write_file`, `edit_file`,
 * `show_artifact`: lib/artifacts/artifact-card.ts) naming the version it wrote or showed,
 * or a host action's record (`rerun_tests`, `file_issue`: lib/host-actions/host-action-card.ts).
 */
export const ToolCardSchema = z.discriminatedUnion("name", [RenderUiCardSchema, ArtifactCardSchema, HostActionCardSchema]);
/** A tool call of a reply and its result. */
export type ToolCard = z.infer<typeof ToolCardSchema>;

/** True for a host action's record. */
export function isHostActionCard(card: ToolCard): card is HostActionCard {
  return isHostActionName(card.name);
}

/** True for a `render_ui` card (the only tool card that holds a spec). */
export function isRenderUiCard(card: ToolCard): card is RenderUiCard {
  return card.name === "render_ui";
}

/**
 * How a person's message was sent: typed (`prompt`), by a GenUI button
 * (`action`: an `[octo-ui-action]` envelope the server wrote from the stored
 * panel), or by a ```ui `Choice` (`choice`: written by the server from the
 * stored block). Only an action turn is an envelope, and only one may be silent.
 */
export const UserMessageKindSchema = z.enum(["prompt", "action", "choice"]);
/** How a person's message was sent. */
export type UserMessageKind = z.infer<typeof UserMessageKindSchema>;

/** UTF-16 units of a label or value in an action's summary (a GenUI label is at most 500; a typed value is cut). */
export const ACTION_SUMMARY_TEXT_MAX_LENGTH = 2_000;

/** Which button a press was: its node path in fence `fenceIndex` of the stored reply `messageId`. */
export const ButtonPressSchema = z.object({
  messageId: z.string().max(200),
  fenceIndex: z.number().int().nonnegative(),
  button: z.string().max(500),
});
/** Which button a press was. */
export type ButtonPress = z.infer<typeof ButtonPressSchema>;

/** Which ```ui choice a pick was: choice `choiceId` of block `blockId` in the stored reply `messageId`. */
export const ChoicePickSchema = z.object({
  messageId: z.string().max(200),
  blockId: z.string().max(200),
  choiceId: z.string().max(500),
});
/** Which ```ui choice a pick was. */
export type ChoicePick = z.infer<typeof ChoicePickSchema>;

/**
 * What a person did with a GenUI button or a ```ui choice, as the thread
 * draws their turn instead of its envelope or message: the button's (or
 * choice's) label and the fields they sent, each by its control's label,
 * values as the control showed them.
 */
export const ActionSummarySchema = z.object({
  label: z.string().max(ACTION_SUMMARY_TEXT_MAX_LENGTH),
  /** A choice's context, when it says more than its label. */
  context: z.string().max(ACTION_SUMMARY_TEXT_MAX_LENGTH).optional(),
  fields: z
    .array(z.object({ label: z.string().max(ACTION_SUMMARY_TEXT_MAX_LENGTH), value: z.string().max(ACTION_SUMMARY_TEXT_MAX_LENGTH) }))
    .max(200),
  /** The button pressed (absent on turns stored before presses were recorded): a spent button sends nothing more (lib/chat/panels/sent-buttons.ts). */
  pressed: ButtonPressSchema.optional(),
  /** The choice picked (absent on turns stored before picks were recorded): a spent choice sends nothing more, like a button. */
  chosen: ChoicePickSchema.optional(),
  /** A restore of an earlier version of a panel: the reply holding that version, and its number along the thread (lib/chat/panels/panel-versions.ts). */
  restored: z.object({ messageId: z.string().max(200), version: z.number().int().positive() }).optional(),
});
/** What a person did with a GenUI button. */
export type ActionSummary = z.infer<typeof ActionSummarySchema>;

/**
 * The message a message follows (lib/chat/versions/thread-tree.ts): a reply's
 * prompt, a prompt's previous reply; null for a chat's first message. Absent
 * only where a message is built without its tree (tests, lost replies).
 */
const ParentIdSchema = z.string().max(100).nullable().optional();

/** A person's message. Silent ones are action turns on a panel with an id: kept for the model, never drawn. */
export const UserMessageSchema = z.object({
  id: z.string().max(100),
  chatId: z.string().max(100),
  sequence: z.number().int().positive(),
  parentId: ParentIdSchema,
  role: z.literal("user"),
  /** What the model reads: the typed text, the choice's message, or the action's envelope. */
  text: z.string(),
  silent: z.boolean(),
  kind: UserMessageKindSchema,
  /** An action or choice turn's summary, drawn in place of its envelope or message. */
  action: ActionSummarySchema.optional(),
  /** The images a typed prompt carries (absent: none). */
  attachments: AttachmentRefsSchema.optional(),
  createdAt: TimestampSchema,
});
/** A person's message. */
export type UserMessage = z.infer<typeof UserMessageSchema>;

/** A stored reply: canonical text plus its final UI (never a preview). */
export const AssistantMessageSchema = z.object({
  id: z.string().max(100),
  chatId: z.string().max(100),
  sequence: z.number().int().positive(),
  parentId: ParentIdSchema,
  role: z.literal("assistant"),
  text: z.string(),
  /** The final compiled ```ui blocks, with host-assigned revisions. */
  ui: UiBlocksSchema.optional(),
  /** The final octo-ui fences. */
  genui: z.array(GenuiFenceRecordSchema).optional(),
  /** `render_ui` cards and artifact chips. */
  tools: z.array(ToolCardSchema).optional(),
  /** The degradation receipt. */
  receipt: z.array(ReceiptEntrySchema),
  status: z.enum(["complete", "stopped", "error"]),
  /** Shown on the reply when `status` is `error` (never a provider's raw internals). */
  error: z.string().max(2_000).optional(),
  /** A silent panel update: it replaced a panel in place and is never drawn as a message. */
  silent: z.boolean(),
  model: z.string().max(200),
  /** Token counts and the server's compile time, for replies stored since they were kept. */
  usage: ReplyUsageSchema.optional(),
  /** Its repair round: what a repaired version fixed, or why an original's repair failed (absent: none ran). */
  repair: ReplyRepairSchema.optional(),
  createdAt: TimestampSchema,
});
/** A stored reply. */
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;

/** Any message of the canonical thread. */
export const ChatMessageSchema = z.discriminatedUnion("role", [UserMessageSchema, AssistantMessageSchema]);
/** Any message of the canonical thread. */
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * An addressable panel (either dialect): its current revision, the message
 * whose final tree holds that revision (possibly a silent one), and the
 * person's interaction state, which survives a reload.
 */
export const PanelRecordSchema = z.object({
  panelId: z.string().max(64),
  dialect: UiDialectSchema,
  revision: z.number().int().nonnegative(),
  messageId: z.string().max(100),
  state: z.unknown(),
});
/** An addressable panel. */
export type PanelRecord = z.infer<typeof PanelRecordSchema>;

/** A chat as lists and headers show it. */
export const ChatSummarySchema = z.object({
  id: z.string().max(100),
  title: z.string().max(200),
  modelId: z.string().max(200),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
/** A chat as lists and headers show it. */
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

/** A reply being generated right now, as far as it has come. Never stored. */
export const LiveReplySchema = z.object({
  messageId: z.string().max(100),
  /** The user message it answers. */
  replyTo: z.string().max(100),
  model: z.string().max(200),
  startedAt: TimestampSchema,
  /** The text so far. */
  text: z.string(),
  /** The newest compiled preview of the ```ui blocks, and the text length it was compiled from. */
  ui: UiBlocksSchema,
  textLength: z.number().int().nonnegative(),
  /** `render_ui` cards and artifact chips so far. */
  tools: z.array(ToolCardSchema),
});
/** A reply being generated right now. */
export type LiveReply = z.infer<typeof LiveReplySchema>;

/**
 * Versions of one turn: the children of one message (or of the chat's start,
 * `parentId` null) in the order they were written. The thread shows one of
 * them, with a ‹ 2/3 › switcher to the others.
 */
export const VersionGroupSchema = z.object({
  parentId: z.string().max(100).nullable(),
  messageIds: z.array(z.string().max(100)).min(2),
});
/** Versions of one turn. */
export type VersionGroup = z.infer<typeof VersionGroupSchema>;

/**
 * What a reload or a new viewer fetches: the thread the chat shows (the path
 * to its active version), panels as that thread has them, the live reply if
 * one streams, and the version groups of the thread's turns.
 */
export const ChatSnapshotSchema = z.object({
  chat: ChatSummarySchema,
  messages: z.array(ChatMessageSchema),
  panels: z.array(PanelRecordSchema),
  live: LiveReplySchema.nullable(),
  /** Turns of the thread that have other versions (absent: none). */
  versions: z.array(VersionGroupSchema).optional(),
});
/** What a reload or a new viewer fetches. */
export type ChatSnapshot = z.infer<typeof ChatSnapshotSchema>;

/**
 * One event on a chat's live channel (server-sent events, `data:` is this
 * JSON). A viewer that (re)connects first receives `snapshot`, then deltas.
 */
export const ChatEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("snapshot"), snapshot: ChatSnapshotSchema }),
  /** A message joined the canonical thread (a person's prompt, from any tab). */
  z.object({ type: z.literal("message"), message: ChatMessageSchema }),
  /** A reply started. */
  z.object({
    type: z.literal("reply-start"),
    messageId: z.string().max(100),
    replyTo: z.string().max(100),
    model: z.string().max(200),
    startedAt: TimestampSchema,
  }),
  /** Text appended to the live reply at `start` (a viewer that already has more ignores the overlap). */
  z.object({ type: z.literal("text-delta"), messageId: z.string().max(100), start: z.number().int().nonnegative(), delta: z.string() }),
  /** A compiled preview: `ui` and `textLength`, no log sequence. */
  z.object({ type: z.literal("preview"), messageId: z.string().max(100), ui: UiBlocksSchema, textLength: z.number().int().nonnegative() }),
  /** A `render_ui` card or an artifact chip arrived. */
  z.object({ type: z.literal("tool"), messageId: z.string().max(100), card: ToolCardSchema }),
  /** The reply ended (complete, stopped or error) and was stored; panels it changed come with it. */
  z.object({ type: z.literal("reply-end"), message: AssistantMessageSchema, panels: z.array(PanelRecordSchema) }),
  /** The stored reply's broken blocks are being rewritten by the model (the repair round); the thread is fetched again when it ends. */
  z.object({ type: z.literal("reply-repair"), messageId: z.string().max(100), blocks: z.number().int().positive() }),
  /** The chat's title or model changed. */
  z.object({ type: z.literal("chat"), chat: ChatSummarySchema }),
  /** The chat shows another version of a turn (picked in any tab): viewers fetch the thread again. */
  z.object({ type: z.literal("thread-changed"), chatId: z.string().max(100) }),
  /** The chat was deleted (from any tab, on any instance): nothing more will come, and the chat is gone. */
  z.object({ type: z.literal("chat-deleted"), chatId: z.string().max(100) }),
]);
/** One event on a chat's live channel. */
export type ChatEvent = z.infer<typeof ChatEventSchema>;
