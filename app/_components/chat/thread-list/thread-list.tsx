"use client";
/**
 * The person's chats, newest first, the open one marked as the current page.
 * Each can be renamed in place or deleted (after a confirmation in place).
 * "New chat" goes to the start page; a chat exists once its first message is
 * sent.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState, type FormEvent } from "react";
import { CHAT_TITLE_INPUT_MAX_LENGTH } from "@/lib/chat/core/chat-inputs";
import type { ChatSummary } from "@/lib/chat/wire";
import styles from "./thread-list.module.css";

/** What the list does to chats; each resolves to an error to show, or null. */
export type ThreadListActions = {
  rename: (chatId: string, title: string) => Promise<string | null>;
  remove: (chatId: string) => Promise<string | null>;
};

/** Props of `ThreadList`. */
export type ThreadListProps = {
  chats: readonly ChatSummary[];
  currentChatId: string | null;
  actions: ThreadListActions;
};

type Mode = "view" | "rename" | "confirm-delete";

function ThreadItem({ chat, current, actions, onRenamed, onDeleted }: {
  chat: ChatSummary;
  current: boolean;
  actions: ThreadListActions;
  onRenamed: (title: string) => void;
  onDeleted: () => void;
}) {
  const [mode, setMode] = useState<Mode>("view");
  const [title, setTitle] = useState(chat.title);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (next === "" || next === chat.title) {
      setMode("view");
      return;
    }
    setBusy(true);
    const problem = await actions.rename(chat.id, next);
    setBusy(false);
    if (problem !== null) setError(problem);
    else {
      setError(null);
      setMode("view");
      onRenamed(next);
    }
  };

  const remove = async () => {
    setBusy(true);
    const problem = await actions.remove(chat.id);
    setBusy(false);
    if (problem !== null) setError(problem);
    else onDeleted();
  };

  return (
    <li className={styles.item} data-current={current || undefined}>
      {mode === "rename" ? (
        <form className={styles.renameForm} onSubmit={rename}>
          <label htmlFor={inputId} className="visually-hidden">
            {`New title for “${chat.title}”`}
          </label>
          <input
            id={inputId}
            className={styles.renameInput}
            value={title}
            maxLength={CHAT_TITLE_INPUT_MAX_LENGTH}
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                setTitle(chat.title);
                setMode("view");
              }
            }}
            autoFocus
          />
          <button type="submit" className="button button-primary button-small" disabled={busy}>
            Save
          </button>
        </form>
      ) : (
        <Link href={`/chat/${encodeURIComponent(chat.id)}`} className={styles.link} aria-current={current ? "page" : undefined}>
          {chat.title}
        </Link>
      )}
      {mode === "view" ? (
        <div className={styles.itemActions}>
          <button type="button" className={styles.iconButton} aria-label={`Rename “${chat.title}”`} title="Rename" onClick={() => setMode("rename")}>
            ✎
          </button>
          <button type="button" className={styles.iconButton} aria-label={`Delete “${chat.title}”`} title="Delete" onClick={() => setMode("confirm-delete")}>
            ✕
          </button>
        </div>
      ) : null}
      {mode === "confirm-delete" ? (
        <div className={styles.confirm} role="group" aria-label={`Delete “${chat.title}”?`}>
          <span>Delete this chat?</span>
          <button type="button" className="button button-small button-secondary" onClick={remove} disabled={busy}>
            Delete
          </button>
          <button type="button" className="button button-small button-ghost" onClick={() => setMode("view")}>
            Cancel
          </button>
        </div>
      ) : null}
      {error !== null ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The sidebar list of chats; see the module comment. */
export function ThreadList({ chats, currentChatId, actions }: ThreadListProps) {
  const router = useRouter();
  const [items, setItems] = useState(chats);
  // A server render (after navigation or a refresh) brings the stored list.
  useEffect(() => setItems(chats), [chats]);

  return (
    <nav aria-label="Chats" className={styles.sidebar}>
      <Link href="/" className="button button-primary">
        New chat
      </Link>
      {items.length === 0 ? (
        <p className={styles.empty}>No chats yet.</p>
      ) : (
        <ul className={styles.list}>
          {items.map((chat) => (
            <ThreadItem
              key={chat.id}
              chat={chat}
              current={chat.id === currentChatId}
              actions={actions}
              onRenamed={(title) => {
                setItems((previous) => previous.map((item) => (item.id === chat.id ? { ...item, title } : item)));
                router.refresh();
              }}
              onDeleted={() => {
                setItems((previous) => previous.filter((item) => item.id !== chat.id));
                if (chat.id === currentChatId) router.push("/");
                else router.refresh();
              }}
            />
          ))}
        </ul>
      )}
    </nav>
  );
}
