"use client";
/**
 * The person's chats, newest first, under date headings (Today, Yesterday,
 * Previous 7 days, …, in the browser's time zone), the open one marked as the
 * current page. Titles wrap to two lines and show whole on hover and focus.
 * Each chat can be renamed in place or deleted (after a confirmation in
 * place); focus then moves to the chat, or to the next one (New chat when none
 * is left). The list follows the person's chats live (GET /api/chats/events):
 * a chat created, renamed or deleted in another tab or on another device shows
 * here at once. Above it, a search over titles and message text.
 * "New chat" goes to the start page; a chat exists once its first message is
 * sent.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { CHAT_TITLE_INPUT_MAX_LENGTH } from "@/lib/chat/core/chat-inputs";
import { groupChatsByDate, type ChatDateGroup } from "@/lib/chat/list/chat-date-groups";
import type { ChatSummary } from "@/lib/chat/wire";
import { ChatSearch } from "./chat-search";
import styles from "./thread-list.module.css";
import { useChatListChannel } from "./use-chat-list-channel";
import { useNow } from "./use-now";

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

/** Where focus goes once the list has drawn: a chat's link, or the New chat button. */
type FocusTarget = { chatId: string } | "new-chat";

/**
 * Focus to restore after leaving a deleted chat for the start page: the list
 * there is a new one (another page), so it is handed over here.
 */
let focusAfterNavigation: FocusTarget | null = null;

function ThreadItem({ chat, current, actions, nextFocus, onRenamed, onDeleted }: {
  chat: ChatSummary;
  current: boolean;
  actions: ThreadListActions;
  /** Where focus goes if this chat is deleted. */
  nextFocus: FocusTarget;
  onRenamed: (title: string) => void;
  onDeleted: (nextFocus: FocusTarget) => void;
}) {
  const [mode, setMode] = useState<Mode>("view");
  const [title, setTitle] = useState(chat.title);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const link = useRef<HTMLAnchorElement>(null);
  // Which control gets focus once the mode's controls have drawn (they replace the ones focus was on).
  const [focusNext, setFocusNext] = useState<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    focusNext.current?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const leave = (next: RefObject<HTMLElement | null>) => {
    setMode("view");
    setFocusNext(next);
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (next === "" || next === chat.title) {
      setTitle(chat.title);
      leave(link);
      return;
    }
    setBusy(true);
    const problem = await actions.rename(chat.id, next);
    setBusy(false);
    if (problem !== null) setError(problem);
    else {
      setError(null);
      onRenamed(next);
      leave(link);
    }
  };

  const remove = async () => {
    setBusy(true);
    const problem = await actions.remove(chat.id);
    setBusy(false);
    if (problem !== null) setError(problem);
    else onDeleted(nextFocus);
  };

  return (
    <li className={styles.item} data-current={current || undefined} data-chat-id={chat.id}>
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
                event.preventDefault();
                event.stopPropagation();
                setTitle(chat.title);
                leave(renameButton);
              }
            }}
            autoFocus
          />
          <button type="submit" className="button button-primary button-small" disabled={busy}>
            Save
          </button>
        </form>
      ) : (
        <Link ref={link} href={`/chat/${encodeURIComponent(chat.id)}`} className={styles.link} aria-current={current ? "page" : undefined} title={chat.title}>
          <span className={styles.title}>{chat.title}</span>
        </Link>
      )}
      {mode === "view" ? (
        <div className={styles.itemActions}>
          <button ref={renameButton} type="button" className={styles.iconButton} aria-label={`Rename “${chat.title}”`} title="Rename"
            onClick={() => {
              // Another tab may have renamed it since.
              setTitle(chat.title);
              setMode("rename");
            }}
          >
            ✎
          </button>
          <button ref={deleteButton} type="button" className={styles.iconButton} aria-label={`Delete “${chat.title}”`} title="Delete" onClick={() => setMode("confirm-delete")}>
            ✕
          </button>
        </div>
      ) : null}
      {mode === "confirm-delete" ? (
        <div
          className={styles.confirm}
          role="group"
          aria-label={`Delete “${chat.title}”?`}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              event.stopPropagation();
              leave(deleteButton);
            }
          }}
        >
          <span>Delete this chat?</span>
          <button type="button" className="button button-small button-secondary" onClick={remove} disabled={busy}>
            Delete
          </button>
          {/* Focus starts on Cancel: a second Enter must not delete. */}
          <button type="button" className="button button-small button-ghost" onClick={() => leave(deleteButton)} autoFocus>
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
  // The live list: the server sends it whole on connecting and after every change.
  useChatListChannel((live) => setItems(live));
  const [searching, setSearching] = useState(false);
  const now = useNow();
  const navigation = useRef<HTMLElement>(null);
  const newChat = useRef<HTMLAnchorElement>(null);
  // Read in the first render, cleared once mounted: a render React throws away
  // (an interrupted navigation) must not use up the handover.
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(() => focusAfterNavigation);
  useEffect(() => {
    focusAfterNavigation = null;
  }, []);

  useEffect(() => {
    if (focusTarget === null) return;
    const link = focusTarget === "new-chat" ? null : navigation.current?.querySelector<HTMLElement>(`[data-chat-id="${CSS.escape(focusTarget.chatId)}"] a`);
    (link ?? newChat.current)?.focus();
    setFocusTarget(null);
  }, [focusTarget, items]);

  // Headings need the browser's clock and time zone: none in the server's HTML or the first render, so both agree.
  const groups: ChatDateGroup<ChatSummary>[] =
    now === null ? [{ label: "", items: [...items] }] : groupChatsByDate({ items, now, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });

  const itemFor = (chat: ChatSummary, index: number) => {
    const neighbour = items[index + 1] ?? items[index - 1];
    const nextFocus: FocusTarget = neighbour ? { chatId: neighbour.id } : "new-chat";
    return (
        <ThreadItem
          key={chat.id}
          chat={chat}
          current={chat.id === currentChatId}
          actions={actions}
          nextFocus={nextFocus}
          onRenamed={(title) => {
            setItems((previous) => previous.map((item) => (item.id === chat.id ? { ...item, title } : item)));
            router.refresh();
          }}
          onDeleted={(next) => {
            setItems((previous) => previous.filter((item) => item.id !== chat.id));
            if (chat.id === currentChatId) {
              focusAfterNavigation = next;
              router.push("/");
            } else {
              setFocusTarget(next);
              router.refresh();
            }
          }}
        />
    );
  };

  let position = 0;
  return (
    <nav ref={navigation} aria-label="Chats" className={styles.sidebar}>
      <Link ref={newChat} href="/" className="button button-primary">
        New chat
      </Link>
      <ChatSearch onSearchingChange={setSearching} />
      {searching ? null : items.length === 0 ? (
        <p className={styles.empty}>No chats yet.</p>
      ) : (
        groups.map((group) => {
          const headingId = `chat-group-${group.label.replace(/\W+/g, "-")}`;
          const list = (
            <ul className={styles.list} aria-labelledby={group.label ? headingId : undefined}>
              {group.items.map((chat) => {
                const index = position;
                position += 1;
                return itemFor(chat, index);
              })}
            </ul>
          );
          return group.label ? (
            <section key={group.label} className={styles.group}>
              <h2 id={headingId} className={styles.groupHeading}>
                {group.label}
              </h2>
              {list}
            </section>
          ) : (
            <div key="all">{list}</div>
          );
        })
      )}
    </nav>
  );
}
