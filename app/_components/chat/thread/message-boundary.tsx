"use client";
/**
 * One message's guard: whatever a message holds, a failure while drawing it
 * stays inside it, and the thread and the composer around it go on. In the
 * browser a class component catches the failure and shows the message's
 * text as written (React escapes it: nothing in it is read as Markdown or
 * HTML) with a short note. On the server error boundaries do not run; a
 * `<Suspense>` boundary does the same there: React sends its fallback in
 * the page instead of failing the page, and draws the message again in the
 * browser, where the class component takes over if it fails again.
 *
 * The Suspense fallback is kept small on purpose: React's server renderer
 * also sends it for every large boundary once the page has passed a few
 * kilobytes (it streams such a boundary's content after the rest and swaps
 * it in), so a fallback holding the message's text sent every long reply
 * twice.
 */
import { Component, Suspense, type ErrorInfo, type ReactNode } from "react";
import styles from "./thread.module.css";

/** Props of `MessageBoundary`. */
export type MessageBoundaryProps = {
  messageId: string;
  /** Who wrote it, as the message's heading says (`Assistant`, `You`). */
  author: string;
  /** Its text, shown as written when it cannot be drawn. */
  text: string;
  /** Drawing is tried again when this changes (a streaming reply's text); by default, when `text` does. */
  resetKey?: unknown;
  children: ReactNode;
};

/** Shown in a message that failed to draw in the browser. */
const FAILED_NOTE = "This message could not be displayed, so its text is shown as written.";

/** Shown where the server's page has no message yet: it failed to draw there, or its content follows later in the page. */
const PENDING_NOTE = "Loading this message…";

/** The message's place while the server's page has not drawn it. */
function PendingMessage({ messageId, author }: { messageId: string; author: string }) {
  const authorId = `author-${messageId}`;
  return (
    <article className={styles.reply} aria-labelledby={authorId} aria-busy="true" data-message-id={messageId} data-status="pending">
      <p className={styles.author} id={authorId}>
        {author}
      </p>
      <p className={styles.unrendered}>{PENDING_NOTE}</p>
    </article>
  );
}

function MessageAsWritten({ messageId, author, text, note }: { messageId: string; author: string; text: string; note: string }) {
  const authorId = `author-${messageId}`;
  return (
    <article className={styles.reply} aria-labelledby={authorId} data-message-id={messageId} data-status="unrendered">
      <p className={styles.author} id={authorId}>
        {author}
      </p>
      <p className={styles.unrendered} role="note">
        {note}
      </p>
      <pre className={styles.asWritten} tabIndex={0}>
        {text}
      </pre>
    </article>
  );
}

type BoundaryState = { failed: boolean; resetKey: unknown };

class MessageErrorBoundary extends Component<MessageBoundaryProps, BoundaryState> {
  constructor(props: MessageBoundaryProps) {
    super(props);
    this.state = { failed: false, resetKey: props.resetKey ?? props.text };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: MessageBoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    const resetKey = props.resetKey ?? props.text;
    return resetKey === state.resetKey ? null : { failed: false, resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Message ${this.props.messageId} could not be displayed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return <MessageAsWritten {...this.props} note={FAILED_NOTE} />;
    return this.props.children;
  }
}

/** Draws `children` (one message); a failure shows the message's text as written instead. See the module comment. */
export function MessageBoundary(props: MessageBoundaryProps) {
  return (
    <Suspense fallback={<PendingMessage messageId={props.messageId} author={props.author} />}>
      <MessageErrorBoundary {...props} />
    </Suspense>
  );
}
