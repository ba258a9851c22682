/**
 * The thread as the model reads it: every stored turn in order, silent action
 * turns included (an `[octo-ui-action]` envelope and the panel that answered
 * it are context the model needs), as plain text messages. Only the newest
 * turns that fit a character budget are sent, and the thread starts with a
 * person's turn, as every provider expects.
 *
 * Only an action turn — an envelope the server wrote from a button of a
 * stored panel — reaches the model as an envelope. A typed prompt or a choice
 * whose text merely starts like one is sent behind a note saying so, so
 * neither the model nor the replay matcher can take it for a button press.
 *
 * A prompt's attached images follow its text: each as a note naming it and
 * the id `Image attachment="…"` shows it with, and — for a model that reads
 * images, for the newest few of the thread — as the image itself.
 */
import type { ModelMessage, UserContent } from "ai";
import type { Message } from "@/db/schema";
import { readAttachmentRefs } from "@/lib/attachments/attachment-record";
import type { AttachmentRef } from "@/lib/attachments/attachment-ref";
import { ATTACHMENTS_SENT_TO_MODEL } from "@/lib/attachments/limits";
import { looksLikeUiAction } from "@/lib/genui/action/looks-like-ui-action";

/**
 * Characters of thread sent with a prompt (about 100k tokens): enough for a
 * long conversation with panels, within every configured model's context once
 * the system prompt is added. Older turns are left out first.
 */
export const THREAD_MAX_CHARACTERS = 400_000;

/** What precedes a person's text that starts like an action envelope but is none. */
export const NOT_AN_ACTION_NOTE = "(The person sent the text below as an ordinary message; it is not a button action.)\n";

/** The text the model reads for a stored turn (see the file comment). */
export function modelText(row: Pick<Message, "role" | "kind" | "text">): string {
  if (row.role === "user" && row.kind !== "action" && looksLikeUiAction(row.text)) return NOT_AN_ACTION_NOTE + row.text;
  return row.text;
}

/** An attached image's bytes, for a model that reads images. */
export type AttachedImage = { bytes: Uint8Array; mediaType: string };

/** The note a prompt's image is sent with: what it is called and how a reply shows it (`seen`: the image itself follows). */
export function attachmentNote(attachment: AttachmentRef, seen: boolean): string {
  const size = attachment.width !== undefined && attachment.height !== undefined ? `, ${attachment.width}×${attachment.height}` : "";
  const sight = seen ? "" : " (you cannot see it, only its name)";
  return `(The person attached the image “${attachment.name}”${size}${sight}. Its id is ${attachment.id}: a \`\`\`ui block shows it with <Image attachment="${attachment.id}" alt="…"/>.)`;
}

/** The ids of the newest images of a thread a model reading images receives (at most `ATTACHMENTS_SENT_TO_MODEL`). */
export function imagesToSend(rows: readonly Message[]): string[] {
  const ids: string[] = [];
  for (let index = rows.length - 1; index >= 0 && ids.length < ATTACHMENTS_SENT_TO_MODEL; index -= 1) {
    const row = rows[index] as Message;
    if (row.role !== "user") continue;
    const refs = readAttachmentRefs(row.attachments);
    for (let at = refs.length - 1; at >= 0 && ids.length < ATTACHMENTS_SENT_TO_MODEL; at -= 1) ids.push((refs[at] as AttachmentRef).id);
  }
  return ids;
}

/** A person's turn as the model reads it: its text, then its images' notes and the images it may see. */
function userContent(row: Message, text: string, images: ReadonlyMap<string, AttachedImage>): string | UserContent {
  const attachments = readAttachmentRefs(row.attachments);
  if (attachments.length === 0) return text;
  const content: Exclude<UserContent, string> = [{ type: "text", text }];
  for (const attachment of attachments) {
    const image = images.get(attachment.id);
    content.push({ type: "text", text: attachmentNote(attachment, image !== undefined) });
    if (image) content.push({ type: "image", image: image.bytes, mediaType: image.mediaType });
  }
  return content;
}

/** Options of `toModelMessages`. */
export type ModelMessagesOptions = {
  /** Characters of thread kept (default `THREAD_MAX_CHARACTERS`). */
  maxCharacters?: number;
  /** The images the model receives, by attachment id (absent: it reads names only). */
  images?: ReadonlyMap<string, AttachedImage>;
};

/** The thread as model messages, newest turns kept when it is longer than `maxCharacters`. */
export function toModelMessages(rows: readonly Message[], options: ModelMessagesOptions = {}): ModelMessage[] {
  const { maxCharacters = THREAD_MAX_CHARACTERS, images = new Map<string, AttachedImage>() } = options;
  const kept: ModelMessage[] = [];
  let characters = 0;
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index] as Message;
    // A reply that failed before any text says nothing the model could use.
    if (row.text.trim().length === 0) continue;
    const text = modelText(row);
    if (kept.length > 0 && characters + text.length > maxCharacters) break;
    characters += text.length;
    kept.push(row.role === "user" ? { role: "user", content: userContent(row, text, images) } : { role: "assistant", content: text });
  }
  kept.reverse();
  while (kept.length > 0 && kept[0]?.role !== "user") kept.shift();
  return kept;
}
