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
import { useUiRenderContext, type UiRenderContext } from "./render-context";
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

/**
 * Components that draw their own waiting state (their frame — a stat's
 * label, a table's or chart's title — is known before the rows are), by
 * the prop that frame is written in. Every other part that waits is drawn
 * whole by `LiveDataPart`.
 */
const DRAWS_OWN_WAITING: Readonly<Record<string, string>> = { Stat: "label", Table: "title", Chart: "title" };

/** True when a prop's value came from a query the host has not answered. */
export function isPendingProp(node: UiViewNode, prop: string): boolean {
  const names = node.hostData?.[prop];
  return names !== undefined && names.some((name) => node.pending?.includes(name) === true);
}

/** True when `node` waits for data and its renderer draws that itself (its frame does not wait). */
export function drawsOwnWaiting(node: UiViewNode): boolean {
  const frame = Object.hasOwn(DRAWS_OWN_WAITING, node.type) ? DRAWS_OWN_WAITING[node.type] : undefined;
  return frame !== undefined && !isPendingProp(node, frame);
}

/** Where the data a component's values wait on stands; null when they wait on nothing. */
export function useLiveDataState(node: UiViewNode): LiveDataState | null {
  const context = useUiRenderContext();
  if (node.pending === undefined || node.pending.length === 0) return null;
  return liveDataState(node.pending, context);
}

/** A failed query in words, with Retry where the host can fetch it again. */
export function LiveFailure({ state, inline, retry }: { state: Extract<LiveDataState, { kind: "failed" }>; inline: boolean; retry: ((name: string) => void) | undefined }) {
  const Element = inline ? "span" : "div";
  return (
    <Element className={styles.liveFailure} data-live-state="failed">
      <span>
        Could not load <code>${state.name}</code>: {state.message}
      </span>{" "}
      {retry ? (
        <button type="button" className="button button-secondary button-small" onClick={() => retry(state.name)}>
          Retry
        </button>
      ) : null}
    </Element>
  );
}

/** True when a waiting node, once its query failed, says why in words (a figure or a value in a sentence says only that it is not loaded). */
export function saysFailureInWords(node: UiViewNode): boolean {
  const type = waitingType(node);
  return type !== "Stat" && type !== "#text";
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
    // A value inside a sentence cannot hold the refusal: it is a dash there, and the refusal is said once elsewhere.
    if (textLike) {
      return (
        <span data-live-state="failed" title={`Could not load $${state.name}: ${state.message}`}>
          —<span className="visually-hidden"> (not loaded)</span>
        </span>
      );
    }
    return <LiveFailure state={state} inline={inline} retry={context.retryQuery} />;
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
