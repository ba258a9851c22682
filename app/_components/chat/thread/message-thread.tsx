"use client";
/**
 * The thread: an accessible live region (`role="log"`, polite) holding the
 * visible messages and the reply being written. Messages are keyed by id and
 * memoized, so an update adds what is new and never re-announces the
 * thread; the streaming reply is `aria-busy` until it is stored, and is then
 * announced once, whole.
 */
import type { ChatSnapshot } from "@/lib/chat/wire";
import type { SilentTurn } from "../chat-state/silent-turn";
import { LiveReplyView, StoredReply } from "./assistant-message";
import styles from "./thread.module.css";
import { UserMessageView } from "./user-message";

/** Props of `MessageThread`. */
export type MessageThreadProps = {
  snapshot: ChatSnapshot;
  silentTurn: SilentTurn;
};

/** Draws the visible thread of a snapshot; silent messages are never drawn. */
export function MessageThread({ snapshot, silentTurn }: MessageThreadProps) {
  const live = snapshot.live;
  return (
    <div role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages" className={styles.thread}>
      {snapshot.messages.map((message) => {
        if (message.silent) return null;
        return message.role === "user" ? <UserMessageView key={message.id} message={message} /> : <StoredReply key={message.id} message={message} />;
      })}
      {live !== null && !silentTurn.hideLive ? <LiveReplyView key={`live-${live.messageId}`} live={live} /> : null}
    </div>
  );
}
