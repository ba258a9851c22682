/**
 * The name an attachment is shown and downloaded under, from whatever the
 * browser sent: no folders, no control or bidirectional characters, no
 * quotes (it goes into `Content-Disposition`), at most
 * `ATTACHMENT_NAME_MAX_LENGTH` characters with the extension kept.
 */
import { ATTACHMENT_NAME_MAX_LENGTH } from "./limits";

/** What an attachment is called when the browser gave no usable name. */
export const DEFAULT_ATTACHMENT_NAME = "image";

/** A cleaned file name (see the file comment). */
export function attachmentName(raw: string | null | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  // Controls, bidi overrides and quotes go; runs of spaces become one.
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"';]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (cleaned === "" || cleaned === "." || cleaned === "..") return DEFAULT_ATTACHMENT_NAME;
  if (cleaned.length <= ATTACHMENT_NAME_MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, ATTACHMENT_NAME_MAX_LENGTH - extension.length) + extension;
}
