"use client";
/**
 * The thread: an accessible live region (`role="log"`, polite) holding the
 * visible messages and the reply being written. Messages are keyed by id and
 * memoized, so an update adds what is new and never re-announces the
 * thread; the streaming reply is `aria-busy` until it is stored, and is then
 * announced once, whole. Each message draws inside its own boundary, so one
 * that cannot be drawn shows its text as written and the rest of the thread
 * (and the composer under it) stays; the prose of long replies far above
 * the bottom waits to be formatted (`defer-markdown.ts`).
 */
import { useMemo } from "react";
import { attachmentUrl } from "@/lib/attachments/attachment-ref";
import type { ChatMessage, ChatSnapshot } from "@/lib/chat/wire";
import { AttachmentsContext, type AttachmentSource } from "../../ui-block/attachments-context";
import type { SilentTurn } from "../chat-state/silent-turn";
import { AssistantReply } from "./assistant-message";
import { deferredMarkdown } from "./defer-markdown";
import { MessageBoundary } from "./message-boundary";
import styles from "./thread.module.css";
import { UserMessageView } from "./user-message";

/** Props of `MessageThread`. */
export type MessageThreadProps = {
  snapshot: ChatSnapshot;
  silentTurn: SilentTurn;
  /** A stored reply whose broken blocks the server is rewriting (the repair round), and how many. */
  repairing?: { messageId: string; blocks: number } | undefined;
};

/** The images the person attached in this thread, by id, each at the chat's URL for it: all that a reply's `Image` may show. */
function threadAttachments(messages: readonly ChatMessage[]): Map<string, AttachmentSource> {
  const sources = new Map<string, AttachmentSource>();
  for (const message of messages) {
    if (message.role !== "user") continue;
    for (const attachment of message.attachments ?? []) {
      const { id, name, width, height } = attachment;
      sources.set(id, { url: attachmentUrl(message.chatId, id), name, ...(width !== undefined && height !== undefined ? { width, height } : {}) });
    }
  }
  return sources;
}

/** Draws the visible thread of a snapshot; silent messages are never drawn. */
export function MessageThread({ snapshot, silentTurn, repairing }: MessageThreadProps) {
  const live = snapshot.live;
  const deferred = useMemo(() => deferredMarkdown(snapshot.messages), [snapshot.messages]);
  const attachments = useMemo(() => threadAttachments(snapshot.messages), [snapshot.messages]);
  const items = snapshot.messages.map((message) => {
    if (message.silent) return null;
    const author = message.role === "user" ? "You" : "Assistant";
    return (
      <MessageBoundary key={message.id} messageId={message.id} author={author} text={message.text} resetKey={message}>
        {message.role === "user" ? <UserMessageView message={message} /> : <AssistantReply message={message} deferBefore={deferred.get(message.id) ?? 0} />}
        {repairing?.messageId === message.id ? (
          <p role="status" className={styles.repairing} data-repairing="">
            {repairing.blocks === 1 ? "Repairing 1 block…" : `Repairing ${repairing.blocks} blocks…`}
          </p>
        ) : null}
      </MessageBoundary>
    );
  });
  if (live !== null && !silentTurn.hideLive) {
    // In the same list, keyed as the stored message that replaces it will be: the reply is updated in place when it ends, not drawn anew.
    items.push(
      <MessageBoundary key={live.messageId} messageId={live.messageId} author="Assistant" text={live.text}>
        <AssistantReply live={live} />
        {/* The stored message's second child (the repair note) stands here: the same shape of children. */}
        {null}
      </MessageBoundary>,
    );
  }
  return (
    <AttachmentsContext.Provider value={attachments}>
      <div role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages" className={styles.thread}>
        {items}
      </div>
    </AttachmentsContext.Provider>
  );
}
