"use client";
/** `button`: the one node that reaches the model, with every field of its fence. */
import type { GenuiButtonNode } from "@/lib/genui";
import styles from "../genui.module.css";
import { useGenuiPanel } from "../panel-context";

/** Why a button does nothing right now, shown as its tooltip and read with it. */
const BUTTON_UNAVAILABLE = {
  streaming: "Available when the reply has finished",
  noHandler: "Actions are not sent from this view",
} as const;

/**
 * A button that sends the `[octo-ui-action]` envelope through the host's
 * `onAction`. While the fence is still streaming (its fields are not all
 * there yet), or when the host gave no `onAction`, it is marked unavailable
 * with a tooltip — `aria-disabled` rather than `disabled`, so it stays
 * focusable and the reason can still be read.
 */
export function ButtonNode({ node, path }: { node: GenuiButtonNode; /** The node's JSON path, which names the button to the host. */ path: string }) {
  const { sendAction, streaming } = useGenuiPanel();
  const reason = streaming ? BUTTON_UNAVAILABLE.streaming : sendAction === undefined ? BUTTON_UNAVAILABLE.noHandler : undefined;
  return (
    <button
      type="button"
      className={styles.button}
      aria-disabled={reason !== undefined || undefined}
      title={reason}
      aria-description={reason}
      onClick={() => {
        if (reason === undefined) sendAction?.(node, path);
      }}
    >
      {node.label}
    </button>
  );
}
