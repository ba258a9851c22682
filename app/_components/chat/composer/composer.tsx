"use client";
/**
 * Where a person writes. Enter sends, Shift+Enter makes a newline, Esc
 * stops a streaming reply. While a reply streams, sending waits (one reply
 * per chat) and Stop is offered instead. A failed send keeps the prompt and
 * says why right under it. Nothing typed or pasted is cut: near the server's
 * limit a counter shows, and past it sending is refused with a message.
 */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { composerKeyAction } from "./composer-key-action";
import styles from "./composer.module.css";
import { promptLimit } from "./prompt-limit";

/** What a send reports back: nothing when it went through, the words to show when it did not. */
export type SendOutcome = { error?: string };

/** Props of `Composer`. */
export type ComposerProps = {
  /** Sends a prompt; the composer is cleared only when this reports no error. */
  onSend: (prompt: string) => Promise<SendOutcome>;
  /** True while a reply streams: sending waits, Stop is shown. */
  streaming: boolean;
  /** Stops the streaming reply. */
  onStop?: () => void;
  /** True while a stop was asked and the reply has not ended yet. */
  stopping?: boolean;
  /** Anything shown next to the buttons (the model picker). */
  tools?: ReactNode;
  autoFocus?: boolean;
};

/** The prompt box with Send and Stop; see the module comment. */
export function Composer({ onSend, streaming, onStop, stopping = false, tools, autoFocus = false }: ComposerProps) {
  const [prompt, setPrompt] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const inputId = useId();
  const counterId = useId();
  const limitId = useId();
  const limit = promptLimit(prompt.length);
  const canSend = !streaming && !sending && !limit.over && prompt.trim() !== "";
  const describedBy = [error !== null ? errorId : null, limit.over ? limitId : null, limit.showCounter ? counterId : null].filter((id) => id !== null).join(" ");

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setError(null);
    try {
      const outcome = await onSend(prompt);
      if (outcome.error !== undefined) setError(outcome.error);
      else setPrompt("");
    } catch {
      setError("The message could not be sent. Check your connection and try again.");
    } finally {
      setSending(false);
      textarea.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = composerKeyAction(
      {
        key: event.key,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        isComposing: event.nativeEvent.isComposing,
      },
      streaming,
    );
    if (action === "send") {
      event.preventDefault();
      void send();
    } else if (action === "stop") {
      event.preventDefault();
      onStop?.();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form className={styles.composer} onSubmit={onSubmit} aria-label="Send a message">
      <label htmlFor={inputId} className="visually-hidden">
        Message
      </label>
      <textarea
        id={inputId}
        ref={textarea}
        className={styles.input}
        value={prompt}
        onChange={(event) => setPrompt(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={streaming ? "A reply is being written… (Esc stops it)" : "Ask for a dashboard, a form, a diagram… (Enter sends, Shift+Enter adds a line)"}
        rows={2}
        aria-invalid={error !== null || limit.over || undefined}
        aria-describedby={describedBy === "" ? undefined : describedBy}
        autoFocus={autoFocus}
      />
      {limit.showCounter ? (
        <p id={counterId} className={styles.counter} data-over={limit.over || undefined}>
          <span className="visually-hidden">Characters: </span>
          {limit.counter}
        </p>
      ) : null}
      {limit.over ? (
        <p id={limitId} role="alert" className={styles.error}>
          {limit.problem}
        </p>
      ) : null}
      {error !== null ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.bar}>
        <div className={styles.tools}>{tools}</div>
        {streaming ? (
          <button type="button" className="button button-secondary" onClick={onStop} disabled={stopping}>
            {stopping ? "Stopping…" : "Stop"}
          </button>
        ) : null}
        <button type="submit" className="button button-primary" disabled={!canSend}>
          {sending ? "Sending…" : "Send"}
        </button>
      </div>
    </form>
  );
}
