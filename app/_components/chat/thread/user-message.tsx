"use client";

import { memo } from "react";
import type { ActionSummary, UserMessage } from "@/lib/chat/wire";
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

/** A person's message: as they typed or chose it (plain text: a prompt is never read as Markdown or HTML), or the button they pressed. */
export const UserMessageView = memo(function UserMessageView({ message }: { message: UserMessage }) {
  const authorId = `author-${message.id}`;
  return (
    <article className={styles.prompt} aria-labelledby={authorId} data-message-id={message.id}>
      <p className={styles.author} id={authorId}>
        You
      </p>
      {message.kind === "action" ? (
        <ActionTurn summary={message.action} />
      ) : message.kind === "choice" && message.action !== undefined ? (
        <ChoiceTurn summary={message.action} />
      ) : (
        <p className={styles.promptText}>{message.text}</p>
      )}
    </article>
  );
});
