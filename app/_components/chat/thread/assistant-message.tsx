"use client";
/**
 * A reply as the thread draws it, stored or still arriving: its parts in
 * reading order, a typing indicator while it streams, how it ended when it
 * did not end well (stopped, or an error — the text that arrived stays), and,
 * once stored, its inspector (every finding of its parts and its receipt). In a chat, each reply names the model that wrote
 * it, with its token counts and compile time in a details disclosure (and a
 * tooltip); a blind comparison's panes name none. A chat's reply can be
 * seen as IM or the terminal would show it (its actions' Web / IM /
 * Terminal switch).
 */
import { memo, useMemo, useRef } from "react";
import type { ReplyUsage } from "@/lib/chat/records/reply-usage";
import type { AssistantMessage, GenuiFenceRecord, LiveReply, ToolCard } from "@/lib/chat/wire";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { liveFences } from "../reply/live-fences";
import { replySegments, type GenuiFencePart } from "../reply/reply-segments";
import { InspectorScope } from "../../inspector/inspector-scope";
import { ReplyInspector } from "../../inspector/reply-inspector";
import { TransportPanel, TransportTabs, useTransport } from "../../transport/transport-preview";
import { ReplyActions } from "./message-actions";
import { useModelName } from "./model-names-context";
import { replyDetails, replyDetailsText } from "./reply-details";
import { ReplyPart } from "./reply-part";
import { useThread } from "./thread-context";
import styles from "./thread.module.css";

const NO_BLOCKS: readonly UiBlock[] = [];
const NO_FENCES: readonly GenuiFenceRecord[] = [];
const NO_TOOLS: readonly ToolCard[] = [];

/** Words of a reply that ended with an error but said nothing about it. */
const UNSPECIFIED_ERROR = "The reply ended with an error.";

/** The fences of a stored reply, as the parts splitter takes them. */
function storedFences(message: AssistantMessage): GenuiFencePart[] {
  return (message.genui ?? []).map((record) => ({
    index: record.index,
    range: record.range,
    spec: record.spec,
    diagnostics: record.diagnostics,
    closed: true,
  }));
}

/**
 * The author line: "Assistant" (the reply's accessible name starts with it),
 * then the model's name where the thread names models, and its details.
 */
function ModelName({ id, modelId, usage }: { id: string; modelId: string; usage: ReplyUsage | undefined }) {
  const modelName = useModelName(modelId);
  if (modelName === null) {
    return (
      <p className={styles.author} id={id}>
        Assistant
      </p>
    );
  }
  const details = replyDetails({ modelName, modelId, usage });
  return (
    <div className={styles.authorLine}>
      <p className={styles.author} id={id}>
        <span className="visually-hidden">Assistant, </span>
        {modelName}
      </p>
      <details className={styles.replyDetails}>
        <summary title={replyDetailsText(details)}>Details</summary>
        <dl className={styles.replyDetailsList}>
          {details.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}

/**
 * What `AssistantReply` draws: a stored reply (its prose before `deferBefore`,
 * an offset in its text, is formatted later: `defer-markdown.ts`), or one still
 * being written.
 */
export type AssistantReplyProps = { message: AssistantMessage; deferBefore?: number; live?: undefined } | { live: LiveReply; message?: undefined; deferBefore?: undefined };

/**
 * A reply, stored or still arriving, as one component: when the reply ends,
 * the thread draws the stored message where the live one stood (same key,
 * same element tree), so React updates the parts in place — a part whose
 * payload is the same is not drawn again — instead of throwing away and
 * rebuilding a long reply's whole tree in one task.
 */
export const AssistantReply = memo(function AssistantReply(props: AssistantReplyProps) {
  const { message, live } = props;
  const previousFences = useRef<GenuiFencePart[]>([]);
  const liveText = live?.text;
  const fences = useMemo(() => {
    if (liveText === undefined) return null;
    previousFences.current = liveFences(liveText, previousFences.current);
    return previousFences.current;
  }, [liveText]);
  const segments = useMemo(
    () =>
      live !== undefined
        ? replySegments({ text: live.text, blocks: live.ui, blocksTextLength: live.textLength, genuiFences: fences ?? [], tools: live.tools, streaming: true })
        : replySegments({
            text: message.text,
            blocks: message.ui ?? [],
            blocksTextLength: message.text.length,
            genuiFences: storedFences(message),
            tools: message.tools ?? [],
            streaming: false,
          }),
    [message, live, fences],
  );
  const id = live !== undefined ? live.messageId : message.id;
  const authorId = `author-${id}`;
  // A chat's replies each switch between transports; a comparison pane has one switch over the whole pane.
  const { messageActions } = useThread();
  const { transport, setTransport, ids } = useTransport();
  const streaming = live !== undefined;
  const parts = (
    <div className={styles.parts} data-reply-parts="">
      {segments.map((segment) => (
        <ReplyPart key={segment.key} segment={segment} streaming={streaming} {...(message !== undefined ? { messageId: message.id, deferBefore: props.deferBefore ?? 0 } : {})} />
      ))}
    </div>
  );
  return (
    <InspectorScope>
      <article className={styles.reply} aria-labelledby={authorId} aria-busy={streaming || undefined} data-status={message?.status ?? "streaming"} data-message-id={id} tabIndex={-1}>
        <ModelName id={authorId} modelId={live !== undefined ? live.model : message.model} usage={message?.usage} />
        {messageActions === undefined ? (
          parts
        ) : (
          // While the reply arrives there is nothing to switch: the panel holds the web view alone.
          <TransportPanel transport={message === undefined ? "web" : transport} ids={ids} reply={message ?? null} label="This reply" switchable={message !== undefined}>
            {parts}
          </TransportPanel>
        )}
        {message?.status === "stopped" ? <p className={styles.stopped}>Stopped — the reply was cut short here.</p> : null}
        {message?.status === "error" ? (
          <p className={styles.error}>
            <strong>Error:</strong> {message.error ?? UNSPECIFIED_ERROR}
          </p>
        ) : null}
        {live !== undefined ? (
          <p className={styles.typing}>
            <span className={styles.typingDots} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span className="visually-hidden">{live.text === "" ? "Thinking…" : "Writing…"}</span>
          </p>
        ) : null}
        {message !== undefined ? (
          <ReplyInspector text={message.text} blocks={message.ui ?? NO_BLOCKS} fences={message.genui ?? NO_FENCES} tools={message.tools ?? NO_TOOLS} receipt={message.receipt} {...(message.repair ? { repair: message.repair } : {})} />
        ) : null}
        {message !== undefined ? (
          <ReplyActions message={message} transportSwitch={<TransportTabs transport={transport} onChange={setTransport} ids={ids} label="This reply" compact />} />
        ) : null}
      </article>
    </InspectorScope>
  );
});
