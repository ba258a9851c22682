/**
 * What the thread knows of an attached image: its host-issued id, its
 * cleaned name, its type and size. A prompt's message carries these; the
 * bytes are served by `attachmentUrl` to the chat's owner only. This module
 * is shared by the server and the browser.
 */
import { z } from "zod";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_NAME_MAX_LENGTH, ATTACHMENTS_PER_PROMPT } from "./limits";

/** The upload's header that carries the file's name (URI-encoded: a header is ASCII). */
export const ATTACHMENT_NAME_HEADER = "x-attachment-name";

/** The image types an attachment may have (the same list as the database's check). */
export const ATTACHMENT_MEDIA_TYPE_VALUES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** An attachment id: `att_` and 24 letters or digits, so it is never a URL or a path (the compiler's `UiAttachmentIdSchema` accepts it). */
export const AttachmentIdSchema = z.string().regex(/^att_[A-Za-z0-9]{24}$/, "not an attachment id");

/** One attached image, as a prompt's message lists it. */
export const AttachmentRefSchema = z.object({
  id: AttachmentIdSchema,
  name: z.string().min(1).max(ATTACHMENT_NAME_MAX_LENGTH),
  mediaType: z.enum(ATTACHMENT_MEDIA_TYPE_VALUES),
  sizeBytes: z.number().int().positive().max(ATTACHMENT_MAX_BYTES),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
/** One attached image, as a prompt's message lists it. */
export type AttachmentRef = z.infer<typeof AttachmentRefSchema>;

/** The images of one prompt. */
export const AttachmentRefsSchema = z.array(AttachmentRefSchema).max(ATTACHMENTS_PER_PROMPT);

/** Where the chat's owner reads an attachment's bytes: built by the host from the chat and a checked id, never from model text. */
export function attachmentUrl(chatId: string, attachmentId: string): string {
  return `/api/chats/${encodeURIComponent(chatId)}/attachments/${encodeURIComponent(attachmentId)}`;
}

/** "2.4 MB", "830 KB": a size as a person reads it. */
export function formatAttachmentSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
