"use client";
/**
 * One part of a reply: prose, a ```ui block, an octo-ui fence, a
 * `render_ui` card, an artifact tool's chip or a host action's record. A part carrying an addressable panel's id is drawn from
 * the panel's latest revision with its stored state — or, where the panel was
 * re-presented further down, as a short note pointing there. A stored ```ui
 * block gets its project data — query rows and link chips — from the chat's
 * routes (`useBlockData`); a block still streaming waits for its final form.
 */
import { memo, useMemo, useRef, type ReactNode } from "react";
import { buttonPressKey, choicePickKey } from "@/lib/chat/panels/sent-buttons";
import { isHostActionCard } from "@/lib/chat/wire";
import { forEachGenuiNode, genuiFallbackText, GenuiPanelStateSchema, type GenuiSpec, type UiAction } from "@/lib/genui";
import type { UiBlock, UiNode } from "@/lib/ui/envelope/schema";
import { UiState, type UiStateSnapshot } from "@/lib/ui/state";
import { blockHostSources } from "../project-data/block-host-sources";
import { useBlockData } from "../project-data/use-block-data";
import { PanelHistory } from "../panels/panel-history";
import { isPanelFragment } from "../panels/place-panels";
import type { ReplySegment } from "../reply/reply-segments";
import { ArtifactChip } from "../../artifacts/artifact-chip";
import { HostActionRecord } from "../../host-actions/host-action-record";
import { GenuiPanelView, type GenuiActionSource } from "../../genui/genui-panel-view";
import { UiBlockView } from "../../ui-block/ui-block-view";
import { Fallback } from "../../widgets/fallback/fallback";
import { Markdown } from "../../widgets/markdown/markdown";
import type { InterruptedUpdate } from "../chat-state/interrupted-updates";
import { CopyButton } from "./message-actions";
import { useThread, type PanelPress } from "./thread-context";
import styles from "./thread.module.css";

/** Props of `ReplyPart`. */
export type ReplyPartProps = {
  segment: ReplySegment;
  /** The stored message the part belongs to; absent for a live reply. */
  messageId?: string;
  /** True while the reply is still arriving. */
  streaming: boolean;
  /** Offset in the reply's text before which its prose is formatted later (`defer-markdown.ts`). */
  deferBefore?: number;
};

/**
 * A panel with its "updating…" mark while a silent turn is replacing it, or a
 * note when its last one stopped or failed; in a chat, a stored one can be
 * copied as its plain-text fallback (`copyText`).
 */
function PanelFrame({ panelId, children, copyText }: { panelId: string | undefined; children: ReactNode; copyText?: (() => string) | undefined }) {
  const { updatingPanelId, interruptedUpdates, sendAction, messageActions, panelHistory, panelNotices, placement } = useThread();
  const updating = panelId !== undefined && panelId === updatingPanelId;
  const interrupted = panelId === undefined || updating ? undefined : interruptedUpdates.get(panelId);
  const notice = panelId === undefined ? undefined : panelNotices?.get(panelId);
  const currentMessageId = panelId === undefined ? undefined : placement.records.get(panelId)?.messageId;
  const versions = panelId !== undefined && panelHistory !== undefined ? panelHistory.versionsOf(panelId) : [];
  const restore = panelHistory?.restore;
  return (
    <div className={styles.panelFrame} data-panel={panelId} aria-busy={updating || undefined}>
      {updating ? (
        <p className={styles.updating} role="status">
          Updating…
        </p>
      ) : null}
      {children}
      {notice !== undefined ? (
        <p className={styles.panelNotice} role="alert">
          {notice}
        </p>
      ) : null}
      {copyText !== undefined && messageActions !== undefined ? (
        <div className={styles.panelActions}>
          {panelId !== undefined && currentMessageId !== undefined ? (
            <PanelHistory
              versions={versions}
              currentMessageId={currentMessageId}
              onRestore={restore === undefined ? undefined : (messageId) => restore(panelId, messageId)}
            />
          ) : null}
          <CopyButton text={copyText} label="Copy panel as text" visibleLabel="Copy panel" />
        </div>
      ) : null}
      {interrupted !== undefined ? <InterruptedNote update={interrupted} sendAction={sendAction} /> : null}
    </div>
  );
}

/** Says the panel's refresh did not finish (the panel is the version it had); a failed one can be sent again. */
function InterruptedNote({ update, sendAction }: { update: InterruptedUpdate; sendAction: ((press: PanelPress) => void) | undefined }) {
  const { retry } = update;
  return (
    <p className={styles.interrupted} role="status">
      {update.status === "stopped" ? "Refresh stopped" : "Refresh failed"}
      {update.status === "error" && retry !== null ? (
        <>
          {" — "}
          <button type="button" className="button button-secondary button-small" disabled={sendAction === undefined} onClick={() => sendAction?.(retry)}>
            Retry
          </button>
        </>
      ) : null}
    </p>
  );
}

/** Where an older copy of a re-presented panel stood. */
function MovedPanelNote() {
  return <p className={styles.movedPanel}>This panel was shown again further down; its latest version is there.</p>;
}

/** A block's state, restored from what the panel stored; a new one for each revision (the server carried the state over). */
function useRestoredUiState(block: UiBlock, stored: () => unknown, enabled: boolean): UiState | undefined {
  const storedRef = useRef(stored);
  storedRef.current = stored;
  return useMemo(() => {
    if (!enabled) return undefined;
    try {
      const state = new UiState(block);
      state.restore(storedRef.current());
      return state;
    } catch {
      // A block no state can be built for draws with the view's own (and shows its diagnostics).
      return undefined;
    }
  }, [block, enabled]);
}

/**
 * A state of its own for a stored block that is not a panel, so the host can
 * supply its query data. Kept while the block id stays the same: a fresh
 * snapshot (the one after the first render, or after a reconnect) brings a
 * new object for the same block, and the person's edits must survive it, as
 * they did when the view kept the state (`UiBlockView` syncs it to the block).
 */
function useStoredBlockState(block: UiBlock, enabled: boolean): UiState | undefined {
  const kept = useRef<UiState | undefined>(undefined);
  return useMemo(() => {
    if (!enabled) return undefined;
    if (kept.current !== undefined && kept.current.blockId === String(block.id)) return kept.current;
    try {
      kept.current = new UiState(block);
    } catch {
      kept.current = undefined;
    }
    return kept.current;
  }, [block, enabled]);
}

function UiBlockPart({ segment, messageId, streaming }: ReplyPartProps & { segment: Extract<ReplySegment, { kind: "ui" }> }) {
  const { placement, panelStates, choose, sentKeys } = useThread();
  const panelId = segment.block.id;
  const record = messageId === undefined || isPanelFragment(placement, messageId, panelId) ? undefined : placement.records.get(panelId);
  const isPanel = record !== undefined && record.dialect === "ui";
  const source = isPanel ? placement.sources.get(panelId) : undefined;
  const block = source?.dialect === "ui" ? source.block : segment.block;
  const panelState = useRestoredUiState(block, () => panelStates.stateOf(panelId), isPanel);
  const ownState = useStoredBlockState(block, !isPanel && messageId !== undefined);
  const state = isPanel ? panelState : ownState;
  // The variables as restored, defaults included: what the first edit in this tab is measured against.
  const restored = useMemo(() => panelState?.snapshot(), [panelState]);
  // A panel's latest revision is stored in the message its record names, which may be a silent one.
  const blockMessageId = isPanel && source?.dialect === "ui" ? record.messageId : messageId;
  const moved = isPanel && placement.homes.get(panelId) !== messageId;
  // Nothing is fetched for a block still streaming, nor for a panel drawn further down instead of here.
  const data = useBlockData({ messageId: streaming || moved ? undefined : blockMessageId, block, state });
  const sentChoices = useMemo(() => (blockMessageId === undefined ? undefined : sentChoicesOf(sentKeys, blockMessageId, block)), [sentKeys, blockMessageId, block]);
  const hostSources = useMemo(() => blockHostSources(block, data.queries), [block, data.queries]);
  if (moved) return <MovedPanelNote />;
  return (
    <PanelFrame panelId={isPanel ? panelId : undefined} copyText={streaming ? undefined : () => block.fallback}>
      <UiBlockView
        block={block}
        streaming={streaming && !block.complete}
        {...(state !== undefined ? { state } : {})}
        {...(isPanel && state !== undefined ? { onStateChange: (next: UiStateSnapshot) => panelStates.change(panelId, next, restored) } : {})}
        {...(data.resolveLink !== undefined ? { resolveLink: data.resolveLink } : {})}
        {...(hostSources !== undefined ? { hostSources } : {})}
        {...(data.queries.length > 0 ? { queries: data.queries, onRetryQuery: data.retry } : {})}
        {...(sentChoices !== undefined ? { sentChoices } : {})}
        {...(blockMessageId !== undefined && choose !== undefined
          ? { onChoice: (choiceId: string, blockState: UiState | undefined) => choose({ messageId: blockMessageId, block, choiceId, state: blockState }) }
          : {})}
      />
    </PanelFrame>
  );
}

function GenuiFencePart({ segment, messageId, streaming }: ReplyPartProps & { segment: Extract<ReplySegment, { kind: "genui" }> }) {
  const { placement, panelStates, sendAction, sentKeys } = useThread();
  const panelId = segment.fence.spec?.id;
  const record = messageId === undefined || panelId === undefined || isPanelFragment(placement, messageId, panelId) ? undefined : placement.records.get(panelId);
  const isPanel = panelId !== undefined && record !== undefined && record.dialect === "octo-ui";
  if (isPanel && placement.homes.get(panelId) !== messageId) return <MovedPanelNote />;
  const source = isPanel ? placement.sources.get(panelId) : undefined;
  const fence = source?.dialect === "octo-ui" ? source.fence : segment.fence;
  if (fence.spec === null) {
    if (streaming && !segment.fence.closed) return <p className={styles.arriving}>A panel is arriving…</p>;
    return <Fallback title="This panel could not be shown." diagnostics={fence.diagnostics.map((diagnostic) => diagnostic.message)} />;
  }
  const stored = isPanel ? GenuiPanelStateSchema.safeParse(panelStates.stateOf(panelId)) : undefined;
  // A panel's latest revision is stored in the message its record names, which may be a silent one.
  const fenceMessageId = isPanel && source?.dialect === "octo-ui" ? record.messageId : messageId;
  const sentButtons = fenceMessageId === undefined ? undefined : sentButtonsOf(sentKeys, fenceMessageId, fence.index, fence.spec);
  const onAction =
    fenceMessageId !== undefined && sendAction !== undefined
      ? (action: UiAction, { button }: GenuiActionSource) =>
          sendAction({ messageId: fenceMessageId, fenceIndex: fence.index, button, fields: action.fields, ...(isPanel ? { revision: record.revision } : {}) })
      : undefined;
  return (
    <PanelFrame panelId={isPanel ? panelId : undefined} copyText={streaming ? undefined : () => genuiFallbackText(fence.spec)}>
      <GenuiPanelView
        spec={fence.spec}
        surface="fence"
        streaming={streaming && !segment.fence.closed}
        {...(isPanel ? { state: stored?.success ? stored.data : { fields: {}, tabs: {}, folds: {} }, onStateChange: (next: unknown) => panelStates.change(panelId, next) } : {})}
        {...(onAction !== undefined ? { onAction } : {})}
        {...(sentButtons !== undefined ? { sentButtons } : {})}
      />
    </PanelFrame>
  );
}

/** The paths of the buttons of fence `fenceIndex` in reply `messageId` that the thread has spent. */
function sentButtonsOf(sentKeys: ReadonlySet<string>, messageId: string, fenceIndex: number, spec: GenuiSpec): ReadonlySet<string> | undefined {
  if (sentKeys.size === 0) return undefined;
  const paths = new Set<string>();
  forEachGenuiNode(spec.items, (node, path) => {
    if (node.type === "button" && sentKeys.has(buttonPressKey({ messageId, fenceIndex, button: path }))) paths.add(path);
  });
  return paths.size === 0 ? undefined : paths;
}

/** The ids of the choices of `block` in reply `messageId` that the thread has spent. */
function sentChoicesOf(sentKeys: ReadonlySet<string>, messageId: string, block: UiBlock): ReadonlySet<string> | undefined {
  if (sentKeys.size === 0) return undefined;
  const ids = new Set<string>();
  const pending: UiNode[] = [...block.nodes];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const id = node.type === "Choice" ? node.props.id : undefined;
    if (typeof id === "string" && sentKeys.has(choicePickKey({ messageId, blockId: block.id, choiceId: id }))) ids.add(id);
    pending.push(...node.children);
  }
  return ids.size === 0 ? undefined : ids;
}

function ToolCardPart({ segment, messageId }: { segment: Extract<ReplySegment, { kind: "tool" }>; messageId: string | undefined }) {
  const { card } = segment;
  const { hostActionChatId } = useThread();
  if (isHostActionCard(card)) return <HostActionRecord card={card} settle={hostActionChatId !== undefined && messageId !== undefined ? { chatId: hostActionChatId, messageId } : undefined} />;
  if (card.name !== "render_ui") return <ArtifactChip card={card} />;
  if (card.spec === null) {
    return <Fallback title="This card could not be shown." text={card.error} diagnostics={card.diagnostics.map((diagnostic) => diagnostic.message)} />;
  }
  return <GenuiPanelView spec={card.spec} surface="tool" />;
}

/** What a part draws from: its text, block, fence or card (segments are rebuilt on every update; these are not). */
function payloadOf(segment: ReplySegment): unknown {
  switch (segment.kind) {
    case "text":
      return segment.text;
    case "ui":
      return segment.block;
    case "genui":
      return segment.fence;
    case "tool":
      return segment.card;
  }
}

/** Draws one part of a reply; see the module comment. A part whose payload did not change is not drawn again. */
export const ReplyPart = memo(ReplyPartView, (previous, next) => {
  return (
    previous.messageId === next.messageId &&
    previous.streaming === next.streaming &&
    previous.deferBefore === next.deferBefore &&
    previous.segment.kind === next.segment.kind &&
    payloadOf(previous.segment) === payloadOf(next.segment)
  );
});

function ReplyPartView(props: ReplyPartProps) {
  const { segment } = props;
  switch (segment.kind) {
    case "text":
      return <Markdown text={segment.text} streaming={props.streaming} deferBefore={(props.deferBefore ?? 0) - segment.start} />;
    case "ui":
      return <UiBlockPart {...props} segment={segment} />;
    case "genui":
      return <GenuiFencePart {...props} segment={segment} />;
    case "tool":
      return <ToolCardPart segment={segment} messageId={props.messageId} />;
  }
}
