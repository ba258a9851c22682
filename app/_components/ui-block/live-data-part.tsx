"use client";
/**
 * A part of a block whose values depend on query data the host has not
 * answered (the evaluator marks it `pending`, or stands a `#pending` node
 * for it): drawn from where those queries stand, never from a value
 * evaluated before the rows arrived — a count of zero or a tone chosen
 * from nothing would state a false fact.
 *
 * - loading: a quiet shape of the part (a stat's box, a table's rows, a
 *   line of text), `data-live-state="loading"`;
 * - failed: the refusal in plain words and a Retry, `data-live-state="failed"`;
 * - unavailable: where no host fetches data (a gallery, an admin page), the
 *   same shape, saying the data is not loaded here.
 */
import type { UiViewNode } from "@/lib/ui/evaluate";
import type { UiRenderContext } from "./render-context";
import { textProp } from "./node-props";
import { NodePlaceholder } from "./node-placeholder";
import styles from "./ui-block.module.css";

/** Where the queries a part waits on stand, as one state. */
export type LiveDataState =
  | { kind: "loading" }
  | { kind: "failed"; name: string; message: string }
  | { kind: "unavailable" };

/** What a failed query says when its refusal came without words. */
const FAILED_WITHOUT_MESSAGE = "the data could not be loaded.";

/** The state of the queries `names`: the first failed one wins, then loading; with no host, unavailable. */
export function liveDataState(names: readonly string[], context: Pick<UiRenderContext, "queries" | "streaming">): LiveDataState {
  const queries = context.queries;
  if (queries === undefined || queries.size === 0) return context.streaming ? { kind: "loading" } : { kind: "unavailable" };
  for (const name of names) {
    const query = queries.get(name);
    if (query?.phase === "error") return { kind: "failed", name, message: query.message ?? FAILED_WITHOUT_MESSAGE };
  }
  return { kind: "loading" };
}

/** The component a waiting node will be: `props.type` of a `#pending` node, else its own type. */
function waitingType(node: UiViewNode): string {
  return node.type === "#pending" ? (textProp(node, "type") ?? "element") : node.type;
}

/** A part waiting on query data, drawn for its state. */
export function LiveDataPart({ node, inline, context }: { node: UiViewNode; inline: boolean; context: UiRenderContext }) {
  const names = node.pending ?? [];
  const state = liveDataState(names, context);
  const type = waitingType(node);
  const textLike = type === "#text";
  if (state.kind === "failed") {
    const Element = inline || textLike ? "span" : "div";
    return (
      <Element className={styles.liveFailure} data-live-state="failed">
        <span>
          Could not load <code>${state.name}</code>: {state.message}
        </span>{" "}
        {context.retryQuery ? (
          <button type="button" className="button button-secondary button-small" onClick={() => context.retryQuery?.(state.name)}>
            Retry
          </button>
        ) : null}
      </Element>
    );
  }
  return (
    <NodePlaceholder
      type={textLike ? "value" : type}
      inline={inline || textLike}
      liveState={state.kind}
      label={state.kind === "loading" ? "Loading" : "Live data is not loaded here"}
    />
  );
}
