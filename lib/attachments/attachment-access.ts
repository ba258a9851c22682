/**
 * Uploading and reading attachments, for the route handlers. An upload is
 * checked here, whatever the browser checked: its size, and its type read
 * from the bytes (`image-type.ts`). A read authorizes the chat through the
 * policy (`authorizeChat`: another user's chat is not found) and then looks
 * the image up within that chat, so an id from another chat — even the same
 * person's — is not found either.
 */
import "server-only";
import { deletePendingAttachment, getChatAttachment, storePendingAttachment } from "@/db/queries/attachments";
import type { Attachment } from "@/db/schema";
import { authorizeChat, type Actor } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import { attachmentName } from "./attachment-name";
import { ATTACHMENT_SIZE_MESSAGE, ATTACHMENT_TYPE_MESSAGE } from "./attachment-messages";
import { AttachmentIdSchema, type AttachmentRef } from "./attachment-ref";
import { attachmentRefOf } from "./attachment-record";
import { imageTypeOf } from "./image-type";
import { ATTACHMENT_MAX_BYTES, PENDING_ATTACHMENTS_PER_USER } from "./limits";

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A fresh attachment id: `att_` and 24 random letters and digits (about 143 bits). */
export function newAttachmentId(): string {
  const random = crypto.getRandomValues(new Uint8Array(24));
  return `att_${[...random].map((value) => ID_ALPHABET[value % ID_ALPHABET.length]).join("")}`;
}

/** Stores an uploaded image as the actor's, waiting for the prompt that sends it; refused with `bad_request:attachment` (or `rate_limit:attachment`) and words to show. */
export async function uploadAttachment(input: { actor: Actor; bytes: Uint8Array; name: string | null }): Promise<AttachmentRef> {
  if (input.bytes.byteLength === 0) throw new AppError("bad_request:attachment", { message: "The file is empty." });
  if (input.bytes.byteLength > ATTACHMENT_MAX_BYTES) throw new AppError("bad_request:attachment", { message: ATTACHMENT_SIZE_MESSAGE });
  const type = imageTypeOf(input.bytes);
  if (type === null) throw new AppError("bad_request:attachment", { message: ATTACHMENT_TYPE_MESSAGE });
  const result = await storePendingAttachment({
    userId: input.actor.userId,
    attachment: { id: newAttachmentId(), name: attachmentName(input.name), bytes: input.bytes, ...type },
    maxPending: PENDING_ATTACHMENTS_PER_USER,
  });
  if (result.kind === "too-many-pending") {
    throw new AppError("rate_limit:attachment", { message: `You have ${result.count} images waiting to be sent. Send or remove some first.` });
  }
  return attachmentRefOf(result.attachment);
}

/** Deletes one of the actor's images that no prompt carries yet; an image already sent (or another person's) is not found. */
export async function discardAttachment(input: { actor: Actor; attachmentId: string }): Promise<void> {
  const id = AttachmentIdSchema.safeParse(input.attachmentId);
  const deleted = id.success && (await deletePendingAttachment({ userId: input.actor.userId, attachmentId: id.data }));
  if (!deleted) throw new AppError("not_found:attachment", { detail: `pending attachment ${String(input.attachmentId).slice(0, 60)}` });
}

/** One image of the actor's chat, bytes included. */
export async function readChatAttachment(input: { actor: Actor; chatId: string; attachmentId: string }): Promise<Attachment> {
  const chat = await authorizeChat(input.actor, input.chatId, "read");
  const id = AttachmentIdSchema.safeParse(input.attachmentId);
  if (!id.success) throw new AppError("not_found:attachment", { detail: "malformed attachment id" });
  const row = await getChatAttachment({ userId: input.actor.userId, chatId: chat.id, attachmentId: id.data });
  if (!row) throw new AppError("not_found:attachment", { detail: `attachment ${id.data} of chat ${chat.id}` });
  return row;
}
