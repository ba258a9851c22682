"use client";
/** `button`: the one node that reaches the model, with every field of its fence. */
import type { GenuiButtonNode, GenuiMissingField } from "@/lib/genui";
import styles from "../genui.module.css";
import { useGenuiPanel } from "../panel-context";

/** Why a button does nothing right now, shown as its tooltip and read with it. */
export const BUTTON_UNAVAILABLE = {
  streaming: "Available when the reply has finished",
  noHandler: "Actions are not sent from this view",
  sent: "Sent — the answer is in the chat",
} as const;

/** "Fill in Summary first", "Fill in Summary and Details first", "Fill in A, B and C first". */
export function missingFieldsReason(missing: readonly GenuiMissingField[]): string {
  const labels = missing.map((entry) => entry.label);
  const listed = labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
  return `Fill in ${listed} first`;
}

/**
 * A button that sends the `[octo-ui-action]` envelope through the host's
 * `onAction`. While the fence is still streaming (its fields are not all
 * there yet), when the host gave no `onAction`, once it was sent (a second
 * press would file the same thing again), or while a `required` field of
 * its fence is empty, it is marked unavailable with the reason — as its
 * tooltip and description, and written under it for the last two —
 * `aria-disabled` rather than `disabled`, so it stays focusable and the
 * reason can still be read.
 */
export function ButtonNode({ node, path }: { node: GenuiButtonNode; /** The node's JSON path, which names the button to the host. */ path: string }) {
  const { sendAction, streaming, sentButtons, missingRequired, elementId } = useGenuiPanel();
  const sent = sentButtons.has(path);
  const reason = streaming
    ? BUTTON_UNAVAILABLE.streaming
    : sendAction === undefined && !sent
      ? BUTTON_UNAVAILABLE.noHandler
      : sent
        ? BUTTON_UNAVAILABLE.sent
        : missingRequired.length > 0
          ? missingFieldsReason(missingRequired)
          : undefined;
  const shown = !streaming && (sent || (sendAction !== undefined && missingRequired.length > 0));
  const noteId = elementId(path, "reason");
  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-disabled={reason !== undefined || undefined}
        title={reason}
        aria-description={shown ? undefined : reason}
        aria-describedby={shown ? noteId : undefined}
        data-sent={sent || undefined}
        onClick={() => {
          if (reason === undefined) sendAction?.(node, path);
        }}
      >
        {sent ? (
          <span className={styles.buttonSentMark} aria-hidden="true">
            ✓{" "}
          </span>
        ) : null}
        {node.label}
      </button>
      {shown ? (
        <p id={noteId} className={styles.buttonNote}>
          {reason}
        </p>
      ) : null}
    </>
  );
}
