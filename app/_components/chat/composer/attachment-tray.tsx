"use client";
/** The images attached to the prompt being written: a preview, the name, how it is going, and Remove. */
import { formatAttachmentSize } from "@/lib/attachments/attachment-ref";
import styles from "./composer.module.css";
import type { AttachmentDraft } from "./use-attachment-drafts";

/** Props of `AttachmentTray`. */
export type AttachmentTrayProps = {
  drafts: readonly AttachmentDraft[];
  onRemove: (key: string) => void;
};

/** The attached images; nothing when there are none. */
export function AttachmentTray({ drafts, onRemove }: AttachmentTrayProps) {
  if (drafts.length === 0) return null;
  return (
    <ul className={styles.tray} aria-label="Attached images">
      {drafts.map((draft) => (
        <li key={draft.key} className={styles.draft} data-status={draft.status}>
          {draft.previewUrl ? <img className={styles.draftPreview} src={draft.previewUrl} alt="" /> : <span className={styles.draftPreview} aria-hidden="true" />}
          <span className={styles.draftText}>
            <span className={styles.draftName}>{draft.name}</span>
            <span className={styles.draftStatus} role={draft.status === "failed" ? "alert" : undefined}>
              {draft.status === "uploading" ? "Attaching…" : draft.status === "failed" ? draft.error : formatAttachmentSize(draft.sizeBytes)}
            </span>
          </span>
          <button type="button" className={styles.draftRemove} onClick={() => onRemove(draft.key)} aria-label={`Remove ${draft.name}`}>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
