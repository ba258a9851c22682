"use client";

import { memo } from "react";
import type { ActionSummary, UserMessage } from "@/lib/chat/wire";
import styles from "./thread.module.css";

/** What an action turn says when its summary is missing (a turn stored before summaries existed). */
const UNNAMED_ACTION = "Pressed a button in a panel";

/** A button press as the person made it: the button's label and the values they sent, by their labels — never the envelope's JSON. */
function ActionTurn({ summary }: { summary: ActionSummary | undefined }) {
  if (summary === undefined) return <p className={styles.promptText}>{UNNAMED_ACTION}</p>;
  return (
    <>
      <p className={styles.promptText}>Pressed “{summary.label}”</p>
      {summary.fields.length > 0 ? (
        <ul className={styles.actionFields} aria-label="Values sent">
          {summary.fields.map((field, index) => (
            <li key={index}>
              {field.label}: {field.value}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A person's message: as they typed or chose it (plain text: a prompt is never read as Markdown or HTML), or the button they pressed. */
export const UserMessageView = memo(function UserMessageView({ message }: { message: UserMessage }) {
  const authorId = `author-${message.id}`;
  return (
    <article className={styles.prompt} aria-labelledby={authorId} data-message-id={message.id}>
      <p className={styles.author} id={authorId}>
        You
      </p>
      {message.kind === "action" ? <ActionTurn summary={message.action} /> : <p className={styles.promptText}>{message.text}</p>}
    </article>
  );
});
