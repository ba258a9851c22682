"use client";

/**
 * Renderers of the catalog's Choices group. A choice with a local action
 * (`run`) changes the panel only; any other is handed to the host's
 * `onChoice`, which resolves and sends it — only once the block is
 * complete, and never without a host to send it (then it is disabled).
 * One the chat already sent (`sentChoices`) is drawn as chosen, with a
 * check mark, and disabled: a second pick would send the same turn again.
 */
import type { UiComponentName } from "@/lib/ui/catalog";
import { flagProp, textProp } from "../node-props";
import { useUiRenderContext, type UiRenderer, type UiRendererProps } from "../render-context";
import { UiChildren } from "../ui-node-view";
import styles from "./renderers.module.css";

/** What a chosen choice says as its tooltip and description: the same words as a sent GenUI button's. */
export const CHOICE_SENT = "Sent — the answer is in the chat";

/** Buttons offering the next step. */
function Choices({ node }: UiRendererProps) {
  const title = textProp(node, "title");
  return (
    <div className={styles.choices} role="group" aria-label={title ?? "Choices"}>
      {title ? <div className={styles.groupTitle}>{title}</div> : null}
      <div className={styles.choiceButtons}>
        <UiChildren nodes={node.children} />
      </div>
    </div>
  );
}

/** One choice button. */
function Choice({ node }: UiRendererProps) {
  const context = useUiRenderContext();
  const label = textProp(node, "label") ?? "";
  const choiceId = textProp(node, "id");
  const action = Object.hasOwn(node.actions, "run") ? node.actions.run : undefined;
  const disabled = flagProp(node, "disabled");

  if (action) {
    return (
      <button
        type="button"
        className={`button button-secondary ${styles.choice}`}
        data-choice="local"
        disabled={disabled || !node.complete}
        onClick={() => {
          if (action.run()) context.changed();
        }}
      >
        {label}
      </button>
    );
  }

  const onChoice = context.onChoice;
  const sent = choiceId !== undefined && context.sentChoices?.has(choiceId) === true;
  const unavailable = sent
    ? CHOICE_SENT
    : !onChoice
      ? "Choices are sent from the chat"
      : context.streaming
        ? "Available when the reply is complete"
        : !context.blockComplete
          ? "This block did not finish, so its choices cannot be sent"
          : undefined;
  return (
    <button
      type="button"
      className={`button button-primary ${styles.choice}`}
      data-choice="send"
      data-sent={sent || undefined}
      disabled={disabled || unavailable !== undefined || choiceId === undefined}
      title={unavailable ?? textProp(node, "context")}
      aria-description={sent ? CHOICE_SENT : undefined}
      onClick={() => {
        if (choiceId !== undefined && !sent) onChoice?.(choiceId, context.state);
      }}
    >
      {sent ? (
        <span className={styles.choiceSentMark} aria-hidden="true">
          ✓{" "}
        </span>
      ) : null}
      {label}
    </button>
  );
}

/** The Choices group's renderers. */
export const CHOICE_RENDERERS = { Choices, Choice } satisfies Partial<Record<UiComponentName, UiRenderer>>;
