/**
 * What the chat's server actions accept. Inputs come from the browser, so
 * every action parses its input here before it does anything; a chat id is
 * only checked to be a string, because the policy answers any id that is
 * not the caller's chat — malformed ones included — as not found. What a
 * person sends to be stored (a prompt, a title, a panel's field values) has
 * the characters the database refuses replaced with U+FFFD, as a model's
 * text has (`storable-text.ts`): a pasted NUL is shown, not a failed send.
 */
import { z } from "zod";
import { ATTACHMENTS_PER_PROMPT } from "@/lib/attachments/limits";
import { AppError } from "@/lib/errors";
import { GENUI_BUDGETS, GENUI_LIMITS } from "@/lib/genui/limits";
import { GenuiFieldNameSchema } from "@/lib/genui/schema/condition";
import { GenuiPanelIdSchema } from "@/lib/genui/schema/spec";
import { PanelStatePatchSchema } from "../panels/panel-state-patch";
import { storableJson, toStorableText } from "../turn/storable-text";
import { ChatSettingsChangeSchema } from "./chat-settings";
import { PROMPT_MAX_LENGTH, type ChatSummary } from "../wire";

/** Longest chat title a person may type (the lists cut it further when they draw it). */
export const CHAT_TITLE_INPUT_MAX_LENGTH = 200;

/** Longest attachment id accepted (ids are `att_` and 24 letters; the database checks the rest). */
const ATTACHMENT_ID_MAX_LENGTH = 100;

/** Longest model id accepted (ids are `<provider>:<model>`; the registry checks the rest). */
const MODEL_ID_MAX_LENGTH = 200;

/** `sendMessage`'s input: a prompt for a chat (a new one when `chatId` is absent) and the model to answer it. */
export const SendMessageInputSchema = z.object({
  chatId: z.string().optional(),
  prompt: z
    .string()
    .max(PROMPT_MAX_LENGTH, `A message can be at most ${PROMPT_MAX_LENGTH} characters long.`)
    .refine((prompt) => prompt.trim().length > 0, "Write a message first.")
    .transform(toStorableText),
  modelId: z.string().min(1, "Pick a model.").max(MODEL_ID_MAX_LENGTH),
  /** The settings a new chat starts with (chosen before its first send); ignored for an existing chat, whose settings are changed on their own. */
  settings: ChatSettingsChangeSchema.optional(),
  /** Images the person uploaded for this prompt (`POST /api/attachments`); each must be theirs and not sent in another chat. */
  attachmentIds: z
    .array(z.string().max(ATTACHMENT_ID_MAX_LENGTH))
    .max(ATTACHMENTS_PER_PROMPT, `A message can carry at most ${ATTACHMENTS_PER_PROMPT} images.`)
    .optional(),
});
/** `sendMessage`'s input. */
export type SendMessageInput = z.infer<typeof SendMessageInputSchema>;

/** `sendMessage`'s result: the ids to follow, returned as soon as the reply has started. */
export type SendMessageResult = {
  chat: ChatSummary;
  userMessageId: string;
  /** The reply's message id (it streams as the live reply until it is stored under this id). */
  replyMessageId: string;
};

/** Longest message id accepted (ids are UUIDs). */
const MESSAGE_ID_MAX_LENGTH = 200;

/** Longest node path accepted (`items[0].tabs[1].children[2]` at the deepest nesting a spec allows). */
const NODE_PATH_MAX_LENGTH = 500;

/**
 * `sendPanelAction`'s input: a press of the button at node path `button`
 * (`items[2].children[0]`) of octo-ui fence `fenceIndex` in the stored reply
 * `messageId`, with the values of the fence's fields. Nothing else: the
 * action, the payload and the panel id are read from the stored fence.
 * `revision`, when given, is the panel revision the browser shows; a press on
 * an older one is refused.
 */
export const SendPanelActionInputSchema = z.strictObject({
  chatId: z.string(),
  messageId: z.string().min(1).max(MESSAGE_ID_MAX_LENGTH),
  fenceIndex: z.number().int().nonnegative().max(GENUI_BUDGETS.fencesPerReply),
  button: z.string().min(1).max(NODE_PATH_MAX_LENGTH),
  fields: z.record(GenuiFieldNameSchema, z.union([z.string().max(GENUI_BUDGETS.actionEnvelopeLength), z.number(), z.boolean()])).refine(
    (fields) => Object.keys(fields).length <= GENUI_LIMITS.nodes,
    "A panel has fewer fields than that.",
  ),
  modelId: z.string().min(1, "Pick a model.").max(MODEL_ID_MAX_LENGTH),
  revision: z.number().int().nonnegative().optional(),
});
/** `sendPanelAction`'s input. */
export type SendPanelActionInput = z.infer<typeof SendPanelActionInputSchema>;

/**
 * `sendChoice`'s input: a pick of choice `choiceId` in the stored ```ui block
 * `blockId` of reply `messageId`, with the values the person set through the
 * block's visible inputs (`uiInputValues`). The message is written by the
 * server from the stored block.
 */
export const SendChoiceInputSchema = z.strictObject({
  chatId: z.string(),
  messageId: z.string().min(1).max(MESSAGE_ID_MAX_LENGTH),
  blockId: z.string().min(1).max(400),
  choiceId: z.string().min(1).max(200),
  /** Checked by `resolveUiChoice` against the block's visible inputs. */
  values: z.unknown().optional(),
  modelId: z.string().min(1, "Pick a model.").max(MODEL_ID_MAX_LENGTH),
});
/** `sendChoice`'s input. */
export type SendChoiceInput = z.infer<typeof SendChoiceInputSchema>;

/** Input naming one chat (`stopReply`, `deleteChat`). */
export const ChatReferenceInputSchema = z.object({ chatId: z.string() });
/** Input naming one chat. */
export type ChatReferenceInput = z.infer<typeof ChatReferenceInputSchema>;

/** `stopReply`'s result: whether a reply was streaming and is being stopped. */
export type StopReplyResult = { stopping: boolean };

const TitleSchema = z
  .string()
  .trim()
  .min(1, "Give the chat a title.")
  .max(CHAT_TITLE_INPUT_MAX_LENGTH, `A title can be at most ${CHAT_TITLE_INPUT_MAX_LENGTH} characters long.`)
  .transform(toStorableText);

/** `createChat`'s input: an empty chat, optionally titled and with a model. */
export const CreateChatInputSchema = z.object({
  title: TitleSchema.optional(),
  modelId: z.string().min(1).max(MODEL_ID_MAX_LENGTH).optional(),
});
/** `createChat`'s input. */
export type CreateChatInput = z.infer<typeof CreateChatInputSchema>;

/** `renameChat`'s input. */
export const RenameChatInputSchema = z.object({ chatId: z.string(), title: TitleSchema });
/** `renameChat`'s input. */
export type RenameChatInput = z.infer<typeof RenameChatInputSchema>;

/** `deleteChat`'s result. */
export type DeleteChatResult = { deleted: true };

/**
 * `savePanelState`'s input: a panel's interaction state — either `state`,
 * the whole state, which replaces the stored one, or `patch`, what one tab
 * changed, merged into the stored state entry by entry (the browser sends
 * patches, so two tabs do not undo each other's edits). `revision`, when
 * given, is the revision the browser shows: a state saved for an older one
 * (a stale tab) is not applied.
 */
export const SavePanelStateInputSchema = z
  .object({
    chatId: z.string(),
    panelId: GenuiPanelIdSchema,
    state: z
      .unknown()
      .transform((state) => storableJson(state).value)
      .optional(),
    patch: z
      .unknown()
      .transform((patch) => storableJson(patch).value)
      .pipe(PanelStatePatchSchema)
      .optional(),
    revision: z.number().int().nonnegative().optional(),
  })
  .refine((input) => (input.state === undefined) !== (input.patch === undefined), "Send the panel's state or a change to it, not both.");
/** `savePanelState`'s input. */
export type SavePanelStateInput = z.infer<typeof SavePanelStateInputSchema>;

/** `savePanelState`'s result: whether the state was stored, and the panel's current revision. */
export type SavePanelStateResult = { applied: boolean; revision: number };

/** Parses an action's input, or throws `bad_request:chat` with the first problem's wording. */
export function parseChatInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message;
  throw new AppError("bad_request:chat", {
    ...(message && !message.startsWith("Invalid") ? { message } : {}),
    detail: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ").slice(0, 500),
  });
}

/** A new version of a stored reply: the same prompt answered again (regenerate, or retry after an error or a stop). */
export const RegenerateReplyInputSchema = z.strictObject({
  chatId: z.string(),
  /** The reply to write again; it stays as an earlier version. */
  messageId: z.string().min(1).max(MESSAGE_ID_MAX_LENGTH),
  modelId: z.string().min(1, "Pick a model.").max(MODEL_ID_MAX_LENGTH),
});
/** A new version of a stored reply. */
export type RegenerateReplyInput = z.infer<typeof RegenerateReplyInputSchema>;

/** A new version of a typed prompt: the thread below it forks, and the old branch is kept. */
export const EditMessageInputSchema = z.strictObject({
  chatId: z.string(),
  /** The prompt edited; it stays as an earlier version, with the replies that followed it. */
  messageId: z.string().min(1).max(MESSAGE_ID_MAX_LENGTH),
  prompt: z
    .string()
    .max(PROMPT_MAX_LENGTH, `A message can be at most ${PROMPT_MAX_LENGTH} characters long.`)
    .refine((prompt) => prompt.trim().length > 0, "Write a message first.")
    .transform(toStorableText),
  modelId: z.string().min(1, "Pick a model.").max(MODEL_ID_MAX_LENGTH),
});
/** A new version of a typed prompt. */
export type EditMessageInput = z.infer<typeof EditMessageInputSchema>;

/** Which version of a turn the chat shows: the message picked (the thread continues from it with its newest turns). */
export const ShowVersionInputSchema = z.strictObject({
  chatId: z.string(),
  messageId: z.string().min(1).max(MESSAGE_ID_MAX_LENGTH),
});
/** Which version of a turn the chat shows. */
export type ShowVersionInput = z.infer<typeof ShowVersionInputSchema>;

/** What showing a version returns: the message the chat's thread now ends with. */
export type ShowVersionResult = { leafMessageId: string };

/**
 * `restorePanel`'s input: bring back the version of panel `panelId` that the
 * stored reply `messageId` holds, as the panel's next revision. `revision`
 * is the revision the browser shows: a restore from a tab that missed an
 * update is refused, like a press there.
 */
export const RestorePanelInputSchema = z.strictObject({
  chatId: z.string(),
  panelId: GenuiPanelIdSchema,
  messageId: z.string().min(1).max(MESSAGE_ID_MAX_LENGTH),
  revision: z.number().int().nonnegative(),
});
/** `restorePanel`'s input. */
export type RestorePanelInput = z.infer<typeof RestorePanelInputSchema>;
