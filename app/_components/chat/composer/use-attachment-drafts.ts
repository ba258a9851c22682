"use client";
/**
 * The images a person is attaching to the prompt they are writing. Each is
 * checked here first (type and size, so a wrong file is refused at once, in
 * words), then uploaded at once (`POST /api/attachments`), so Send only
 * names ids the server already holds. The server checks again, from the
 * bytes. A preview is the person's own file (a `blob:` URL), never a fetch.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ATTACHMENT_SIZE_MESSAGE, ATTACHMENT_TYPE_MESSAGE } from "@/lib/attachments/attachment-messages";
import { ATTACHMENT_MEDIA_TYPE_VALUES, ATTACHMENT_NAME_HEADER, AttachmentRefSchema, type AttachmentRef } from "@/lib/attachments/attachment-ref";
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_PROMPT } from "@/lib/attachments/limits";

/** One image being attached. */
export type AttachmentDraft = {
  key: string;
  name: string;
  sizeBytes: number;
  /** The person's own file, to preview (revoked when the draft goes). */
  previewUrl: string | null;
  status: "uploading" | "ready" | "failed";
  /** The server's record, once uploaded. */
  attachment?: AttachmentRef;
  /** Why it could not be attached. */
  error?: string;
};

/** What a prompt says when it already carries as many images as it can. */
export const TOO_MANY_IMAGES_MESSAGE = `A message can carry at most ${ATTACHMENTS_PER_PROMPT} images.`;

const ACCEPTED: ReadonlySet<string> = new Set(ATTACHMENT_MEDIA_TYPE_VALUES);

/** The `accept` of the file picker. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_MEDIA_TYPE_VALUES.join(",");

/** Why a file is refused before it is uploaded, or null. */
function refusal(file: File): string | null {
  if (!ACCEPTED.has(file.type)) return ATTACHMENT_TYPE_MESSAGE;
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_SIZE_MESSAGE;
  if (file.size === 0) return "The file is empty.";
  return null;
}

async function upload(file: File, signal: AbortSignal): Promise<{ attachment: AttachmentRef } | { error: string }> {
  try {
    const response = await fetch("/api/attachments", {
      method: "POST",
      body: file,
      headers: { "content-type": file.type || "application/octet-stream", [ATTACHMENT_NAME_HEADER]: encodeURIComponent(file.name) },
      signal,
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const parsed = AttachmentRefSchema.safeParse((body as { attachment?: unknown } | null)?.attachment);
      if (parsed.success) return { attachment: parsed.data };
    }
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    return { error: typeof message === "string" ? message : "The image could not be attached. Try again." };
  } catch {
    return { error: "The image could not be attached. Check your connection and try again." };
  }
}

/** The drafts, and what the composer does with them. */
export function useAttachmentDrafts() {
  const [drafts, setDrafts] = useState<AttachmentDraft[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;

  const update = (key: string, change: Partial<AttachmentDraft>) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));

  const add = useCallback((files: readonly File[]) => {
    setNotice(null);
    const room = ATTACHMENTS_PER_PROMPT - draftsRef.current.filter((draft) => draft.status !== "failed").length;
    if (files.length > room) setNotice(TOO_MANY_IMAGES_MESSAGE);
    const added: AttachmentDraft[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = crypto.randomUUID();
      const refused = refusal(file);
      const base = { key, name: file.name || "image", sizeBytes: file.size };
      if (refused !== null) {
        added.push({ ...base, previewUrl: null, status: "failed", error: refused });
        continue;
      }
      added.push({ ...base, previewUrl: URL.createObjectURL(file), status: "uploading" });
      const controller = new AbortController();
      controllers.current.set(key, controller);
      void upload(file, controller.signal).then((outcome) => {
        if (controller.signal.aborted) return;
        controllers.current.delete(key);
        update(key, "attachment" in outcome ? { status: "ready", attachment: outcome.attachment } : { status: "failed", error: outcome.error });
      });
    }
    if (added.length > 0) setDrafts((current) => [...current, ...added]);
  }, []);

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setNotice(null);
    const gone = draftsRef.current.find((draft) => draft.key === key);
    if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
    // The server forgets an uploaded image that will not be sent (best effort: one left behind goes after a day).
    if (gone?.attachment) void fetch(`/api/attachments/${encodeURIComponent(gone.attachment.id)}`, { method: "DELETE" }).catch(() => {});
    setDrafts((current) => current.filter((draft) => draft.key !== key));
  }, []);

  /** After a send went through: the images are the thread's now. */
  const clear = useCallback(() => {
    for (const draft of draftsRef.current) if (draft.previewUrl) URL.revokeObjectURL(draft.previewUrl);
    setNotice(null);
    setDrafts([]);
  }, []);

  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
      for (const draft of draftsRef.current) if (draft.previewUrl) URL.revokeObjectURL(draft.previewUrl);
    },
    [],
  );

  const uploading = drafts.some((draft) => draft.status === "uploading");
  const failed = drafts.some((draft) => draft.status === "failed");
  const attachmentIds = drafts.flatMap((draft) => (draft.attachment ? [draft.attachment.id] : []));
  return { drafts, notice, add, remove, clear, uploading, failed, attachmentIds };
}
