"use client";
/**
 * What a person can do with one message of the thread: copy it (a reply as
 * its text with every panel as its plain-text fallback; a panel alone the
 * same way), write a reply again (Regenerate; Retry after an error or a
 * Stop), edit a typed message and send it again, and step through a turn's
 * versions (‹ 2/3 ›); a reply also switches between how the web, IM and a
 * terminal show it. Every control is a real button with an accessible
 * name; none is drawn while the thread has no way to act (a comparison
 * pane), and the ones that start a reply wait while one streams.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import type { AssistantMessage, UserMessage } from "@/lib/chat/wire";
import { replyPlainText } from "../../transport/transport-text";
import { useThread } from "./thread-context";
import styles from "./thread.module.css";

/** Milliseconds a "Copied" note stays: long enough to read, short enough not to linger over the next copy. */
const COPIED_NOTE_MS = 2_000;

/** Words shown when the browser refused the clipboard (no permission, an insecure page). */
const COPY_FAILED = "Could not copy. Select the text and copy it yourself.";

/** Copies `text`, saying so next to the button for a moment (and to screen readers). */
export function CopyButton({ text, label, visibleLabel = "Copy" }: { text: () => string; label: string; visibleLabel?: string }) {
  const [note, setNote] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current !== null && clearTimeout(timer.current)), []);
  const copy = async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(text());
      copied = true;
    } catch {
      copied = false;
    }
    setNote(copied ? "Copied" : COPY_FAILED);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => setNote(null), COPIED_NOTE_MS);
  };
  return (
    <>
      <button type="button" className={styles.messageAction} aria-label={label} onClick={() => void copy()}>
        {visibleLabel}
      </button>
      <span role="status" className={styles.copyNote}>
        {note ?? ""}
      </span>
    </>
  );
}

/** The ‹ 2/3 › switcher of a message that has other versions; nothing when it has none. */
export function VersionSwitcher({ messageId, kind }: { messageId: string; kind: "reply" | "message" }) {
  const { messageActions } = useThread();
  const group = messageActions?.versionOf(messageId) ?? null;
  if (messageActions === undefined || group === null) return null;
  const { index, ids } = group;
  const busy = messageActions.busy;
  const show = (at: number, control: "previous" | "next") => {
    const target = ids[at];
    if (target !== undefined) messageActions.showVersion(target, control);
  };
  return (
    <span className={styles.versions} role="group" aria-label={`Versions of this ${kind}`}>
      <button
        type="button"
        className={styles.messageAction}
        data-version-control="previous"
        aria-label={`Previous version of this ${kind}`}
        disabled={busy || index === 0}
        onClick={() => show(index - 1, "previous")}
      >
        ‹
      </button>
      <span className={styles.versionCount} data-testid="version-count">
        <span aria-hidden="true">
          {index + 1}/{ids.length}
        </span>
        <span className="visually-hidden">
          Version {index + 1} of {ids.length}
        </span>
      </span>
      <button
        type="button"
        className={styles.messageAction}
        data-version-control="next"
        aria-label={`Next version of this ${kind}`}
        disabled={busy || index === ids.length - 1}
        onClick={() => show(index + 1, "next")}
      >
        ›
      </button>
    </span>
  );
}

/** The actions under a stored, visible reply; `transportSwitch` (Web / IM / Terminal) goes last. */
export function ReplyActions({ message, transportSwitch }: { message: AssistantMessage; transportSwitch: ReactNode }) {
  const { messageActions } = useThread();
  if (messageActions === undefined) return null;
  const retry = message.status !== "complete";
  return (
    <div className={styles.messageActions} role="group" aria-label="Reply actions">
      <CopyButton text={() => replyPlainText(message)} label="Copy reply" />
      {messageActions.canRegenerate(message.id) ? (
        <button
          type="button"
          className={styles.messageAction}
          disabled={messageActions.busy}
          onClick={() => messageActions.regenerate(message.id)}
          aria-label={retry ? "Retry this reply" : "Regenerate this reply"}
        >
          {retry ? "Retry" : "Regenerate"}
        </button>
      ) : null}
      <VersionSwitcher messageId={message.id} kind="reply" />
      {transportSwitch}
    </div>
  );
}

/** The actions under a person's message; a typed one can be edited and sent again, in place. */
export function UserActions({ message, onEdit }: { message: UserMessage; onEdit: (() => void) | undefined }) {
  const { messageActions } = useThread();
  if (messageActions === undefined) return null;
  return (
    <div className={styles.messageActions} role="group" aria-label="Message actions">
      <CopyButton text={() => message.text} label="Copy message" />
      {onEdit !== undefined ? (
        <button type="button" className={styles.messageAction} data-edit-button disabled={messageActions.busy} onClick={onEdit} aria-label="Edit this message">
          Edit
        </button>
      ) : null}
      <VersionSwitcher messageId={message.id} kind="message" />
    </div>
  );
}

/** Editing a typed message: the text in a box, sent as a new version of the message (Enter sends, Shift+Enter breaks the line, Esc cancels). */
export function EditMessageForm({ message, onDone }: { message: UserMessage; onDone: (sent: boolean) => void }) {
  const { messageActions } = useThread();
  const [text, setText] = useState(message.text);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);
  const send = async () => {
    if (messageActions === undefined || sending) return;
    if (text.trim().length === 0) {
      setError("Write a message first.");
      return;
    }
    setSending(true);
    const problem = await messageActions.edit(message.id, text);
    setSending(false);
    if (problem !== null) setError(problem);
    else onDone(true);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onDone(false);
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  const errorId = `edit-error-${message.id}`;
  return (
    <form className={styles.editForm} onSubmit={onSubmit} aria-label="Edit your message">
      <textarea
        ref={box}
        className={styles.editBox}
        value={text}
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-label="Edited text"
        aria-describedby={error !== null ? errorId : undefined}
        aria-invalid={error !== null || undefined}
      />
      {error !== null ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.editButtons}>
        <button type="button" className="button button-secondary button-small" onClick={() => onDone(false)}>
          Cancel
        </button>
        <button type="submit" className="button button-primary button-small" disabled={sending || messageActions?.busy}>
          {sending ? "Sending…" : "Send edit"}
        </button>
      </div>
    </form>
  );
}
