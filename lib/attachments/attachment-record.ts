/** A stored attachment as the thread lists it, and a message's stored list read back. */
import { AttachmentRefsSchema, type AttachmentRef } from "./attachment-ref";

/** The thread's view of a stored attachment: no bytes, no owner, no chat. */
export function attachmentRefOf(row: {
  id: string;
  name: string;
  mediaType: AttachmentRef["mediaType"];
  sizeBytes: number;
  width: number | null;
  height: number | null;
}): AttachmentRef {
  return {
    id: row.id,
    name: row.name,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
  };
}

/** A message's `attachments` column as refs; empty when it has none or holds anything else. */
export function readAttachmentRefs(stored: unknown): AttachmentRef[] {
  if (stored === null || stored === undefined) return [];
  const parsed = AttachmentRefsSchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
}
