"use client";

import { memo } from "react";
import type { UserMessage } from "@/lib/chat/wire";
import styles from "./thread.module.css";

/** A person's message, as they typed it (plain text: a prompt is never read as Markdown or HTML). */
export const UserMessageView = memo(function UserMessageView({ message }: { message: UserMessage }) {
  const authorId = `author-${message.id}`;
  return (
    <article className={styles.prompt} aria-labelledby={authorId} data-message-id={message.id}>
      <p className={styles.author} id={authorId}>
        You
      </p>
      <p className={styles.promptText}>{message.text}</p>
    </article>
  );
});
