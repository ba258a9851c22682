"use client";

import { memo, useRef, useState } from "react";
import { attachmentUrl, formatAttachmentSize } from "@/lib/attachments/attachment-ref";
import type { ActionSummary, UserMessage } from "@/lib/chat/wire";
import { EditMessageForm, UserActions } from "./message-actions";
import { useThread } from "./thread-context";
import styles from "./thread.module.css";

/** What an action turn says when its summary is missing (a turn stored before summaries existed). */
const UNNAMED_ACTION = "Pressed a button in a panel";

/** The values a turn sent, each by its control's label, as the control showed it. */
function SentFields({ fields }: { fields: ActionSummary["fields"] }) {
  if (fields.length === 0) return null;
  return (
    <ul className={styles.actionFields} aria-label="Values sent">
      {fields.map((field, index) => (
        <li key={index}>
          {field.label}: {field.value}
        </li>
      ))}
    </ul>
  );
}

/** A button press as the person made it: the button's label and the values they sent, by their labels — never the envelope's JSON. */
function ActionTurn({ summary }: { summary: ActionSummary | undefined }) {
  if (summary === undefined) return <p className={styles.promptText}>{UNNAMED_ACTION}</p>;
  return (
    <>
      <p className={styles.promptText}>Pressed “{summary.label}”</p>
      <SentFields fields={summary.fields} />
    </>
  );
}

/** A ```ui choice as the person picked it: its label, its context, and the values they sent by their controls' labels — never the variable names the model reads. */
function ChoiceTurn({ summary }: { summary: ActionSummary }) {
  return (
    <>
      <p className={styles.promptText}>{summary.label}</p>
      {summary.context !== undefined ? <p className={styles.promptText}>{summary.context}</p> : null}
      <SentFields fields={summary.fields} />
    </>
  );
}

/** The images a prompt carries, each opening full size in a new tab (the chat's own URL for it). */
function AttachedImages({ message }: { message: UserMessage }) {
  const attachments = message.attachments ?? [];
  if (attachments.length === 0) return null;
  return (
    <ul className={styles.attachments} aria-label="Attached images">
      {attachments.map((attachment) => {
        const url = attachmentUrl(message.chatId, attachment.id);
        return (
          <li key={attachment.id}>
            <a href={url} target="_blank" rel="noopener noreferrer" className={styles.attachment} title={`${attachment.name} · ${formatAttachmentSize(attachment.sizeBytes)}`}>
              <img
                src={url}
                alt={attachment.name}
                loading="lazy"
                decoding="async"
                referrerPolicy="no-referrer"
                {...(attachment.width !== undefined && attachment.height !== undefined ? { width: attachment.width, height: attachment.height } : {})}
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A person's message: as they typed or chose it (plain text: a prompt is
 * never read as Markdown or HTML), or the button they pressed; a typed one
 * can be edited in place and sent again as a new version.
 */
export const UserMessageView = memo(function UserMessageView({ message }: { message: UserMessage }) {
  const authorId = `author-${message.id}`;
  const { messageActions } = useThread();
  const [editing, setEditing] = useState(false);
  const article = useRef<HTMLElement>(null);
  const editable = messageActions !== undefined && message.kind === "prompt";
  const done = (sent: boolean) => {
    setEditing(false);
    // Cancelled, focus goes back to the Edit button; sent, the conversation moves it to the composer.
    if (!sent) requestAnimationFrame(() => article.current?.querySelector<HTMLButtonElement>("[data-edit-button]")?.focus());
  };
  return (
    <article className={styles.prompt} aria-labelledby={authorId} data-message-id={message.id} ref={article} tabIndex={-1}>
      <p className={styles.author} id={authorId}>
        You
      </p>
      {editing ? (
        <EditMessageForm message={message} onDone={done} />
      ) : message.kind === "action" ? (
        <ActionTurn summary={message.action} />
      ) : message.kind === "choice" && message.action !== undefined ? (
        <ChoiceTurn summary={message.action} />
      ) : (
        <p className={styles.promptText}>{message.text}</p>
      )}
      {editing ? null : <AttachedImages message={message} />}
      {editing ? null : <UserActions message={message} onEdit={editable ? () => setEditing(true) : undefined} />}
    </article>
  );
});
