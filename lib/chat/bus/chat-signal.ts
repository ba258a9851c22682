/**
 * What server instances tell each other about a chat, over the chat bus
 * (Postgres `LISTEN/NOTIFY` across instances). Signals are small on purpose:
 * text travels as deltas, a stored message or a reply's end travels by id
 * (receivers load what was stored), and previews never travel at all — every
 * instance that mirrors a live reply compiles its own from the text it
 * receives. The wire events viewers get (`./wire.ts`) are built from these.
 */
import { z } from "zod";
import { ToolCardSchema } from "../wire";

/** Ids of chats, messages and users: UUIDs in practice, bounded so a forged signal cannot carry a novel. */
const IdSchema = z.string().min(1).max(100);

/** ISO 8601 timestamp string. */
const TimestampSchema = z.string().max(40);

/** One signal between instances. */
export const ChatSignalSchema = z.discriminatedUnion("type", [
  /** A reply started on the sending instance. */
  z.object({
    type: z.literal("reply-start"),
    chatId: IdSchema,
    /** The chat's owner: receivers load stored rows scoped by it. */
    userId: IdSchema,
    messageId: IdSchema,
    replyTo: IdSchema,
    model: z.string().max(200),
    startedAt: TimestampSchema,
    /** The chat's newest attached image (what `Image generated="latest"` shows in its previews). */
    latestAttachment: z.string().max(100).optional(),
    /** The sequence the reply will be stored with (the prompt's plus one: a chat has one reply streaming at a time). */
    sequence: z.number().int().positive(),
  }),
  /** Text appended to a live reply at `start`. */
  z.object({ type: z.literal("text"), chatId: IdSchema, messageId: IdSchema, start: z.number().int().nonnegative(), delta: z.string() }),
  /** A `render_ui` card of a live reply. */
  z.object({ type: z.literal("tool"), chatId: IdSchema, messageId: IdSchema, card: ToolCardSchema }),
  /** The sender still generates this reply and has this much text; a mirror that has less missed some. */
  z.object({ type: z.literal("alive"), chatId: IdSchema, messageId: IdSchema, textLength: z.number().int().nonnegative() }),
  /** The reply ended; `stored` says whether receivers can load it (false: it was lost, e.g. the chat was deleted). */
  z.object({ type: z.literal("reply-end"), chatId: IdSchema, userId: IdSchema, messageId: IdSchema, stored: z.boolean() }),
  /** A message joined the chat's thread; receivers load it. */
  z.object({ type: z.literal("message"), chatId: IdSchema, userId: IdSchema, messageId: IdSchema }),
  /** A stored reply's repair round started: receivers tell its viewers how many blocks are rewritten. */
  z.object({ type: z.literal("reply-repair"), chatId: IdSchema, messageId: IdSchema, blocks: z.number().int().positive().max(64) }),
  /** The chat's title or model changed; receivers load it. */
  z.object({ type: z.literal("chat"), chatId: IdSchema, userId: IdSchema }),
  /** The chat shows another version of a turn: receivers tell its viewers to fetch the thread again. */
  z.object({ type: z.literal("thread-changed"), chatId: IdSchema }),
  /** The chat was deleted: receivers tell its viewers. */
  z.object({ type: z.literal("chat-deleted"), chatId: IdSchema }),
  /** Stop the reply of this chat, wherever it is generated. */
  z.object({ type: z.literal("stop"), chatId: IdSchema }),
  /** A person's chat list changed (a chat created, renamed, deleted or moved up): their list viewers load it again. */
  z.object({ type: z.literal("chat-list"), userId: IdSchema }),
  /** A mirror missed part of a live reply: its origin sends the reply again from the start. */
  z.object({ type: z.literal("resync"), chatId: IdSchema, messageId: IdSchema }),
]);

/** One signal between instances. */
export type ChatSignal = z.infer<typeof ChatSignalSchema>;
