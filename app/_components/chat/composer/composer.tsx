"use client";
/**
 * Where a person writes. Enter sends, Shift+Enter makes a newline, Esc
 * stops a streaming reply. While a reply streams, sending waits (one reply
 * per chat) and Stop is offered instead. A failed send keeps the prompt and
 * says why right under it. Nothing typed or pasted is cut: near the server's
 * limit a counter shows, and past it sending is refused with a message.
 * Images are attached by the picker, by pasting or by dropping them on the
 * box; each uploads at once, and Send waits until they are all attached.
 */
import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { AttachmentTray } from "./attachment-tray";
import { composerKeyAction } from "./composer-key-action";
import styles from "./composer.module.css";
import { promptLimit } from "./prompt-limit";
import { ATTACHMENT_ACCEPT, useAttachmentDrafts } from "./use-attachment-drafts";

/** What a send reports back: nothing when it went through, the words to show when it did not. */
export type SendOutcome = { error?: string };

/** Props of `Composer`. */
export type ComposerProps = {
  /** Sends a prompt with the ids of its attached images; the composer is cleared only when this reports no error. */
  onSend: (prompt: string, attachmentIds: string[]) => Promise<SendOutcome>;
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
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const images = useAttachmentDrafts();
  const imagesId = useId();
  const limit = promptLimit(prompt.length);
  const imagesWait = images.uploading || images.failed;
  const canSend = !streaming && !sending && !limit.over && !imagesWait && prompt.trim() !== "";
  const imagesProblem = images.notice ?? (images.failed ? "Remove the images that could not be attached to send." : null);
  const describedBy = [error !== null ? errorId : null, limit.over ? limitId : null, limit.showCounter ? counterId : null, imagesProblem !== null ? imagesId : null]
    .filter((id) => id !== null)
    .join(" ");

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setError(null);
    try {
      const outcome = await onSend(prompt, images.attachmentIds);
      if (outcome.error !== undefined) setError(outcome.error);
      else {
        setPrompt("");
        images.clear();
      }
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

  // A pasted image is attached; pasted text is typed as usual.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    images.add(files);
  };

  const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes("Files");
  const onDragOver = (event: DragEvent<HTMLFormElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    images.add([...event.dataTransfer.files]);
    textarea.current?.focus();
  };

  return (
    <form
      className={styles.composer}
      onSubmit={onSubmit}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
      aria-label="Send a message"
    >
      <AttachmentTray drafts={images.drafts} onRemove={images.remove} />
      <div className={styles.entry}>
        <input
          ref={picker}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            images.add([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
          data-attachment-picker
        />
        <button type="button" className={styles.attach} onClick={() => picker.current?.click()} aria-label="Attach images" title="Attach images (or paste or drop them here)">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M21 11.5 12.5 20a5.5 5.5 0 0 1-7.8-7.8l9-9a3.7 3.7 0 0 1 5.2 5.2l-9 9a1.8 1.8 0 0 1-2.6-2.6l8.3-8.3" />
          </svg>
        </button>
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
          onPaste={onPaste}
          placeholder={streaming ? "A reply is being written… (Esc stops it)" : "Ask for a dashboard, a form, a diagram… (Enter sends, Shift+Enter adds a line)"}
          rows={2}
          aria-invalid={error !== null || limit.over || undefined}
          aria-describedby={describedBy === "" ? undefined : describedBy}
          autoFocus={autoFocus}
        />
      </div>
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
      {imagesProblem !== null ? (
        <p id={imagesId} role="alert" className={styles.error}>
          {imagesProblem}
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
