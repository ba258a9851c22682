"use client";
/**
 * One reply of the gallery, drawn as the chat draws it — prose as Markdown,
 * each block with `UiBlockView` — with the host's side made visible: the
 * choice the chat would send, and a replay that streams the reply again.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { resolveUiChoice, uiInputValues, type UiChoiceSelection } from "@/lib/ui/choice";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { toUiFailure } from "@/lib/ui/failure";
import { UiState } from "@/lib/ui/state";
import { UiBlockView } from "../../_components/ui-block/ui-block-view";
import { Markdown } from "../../_components/widgets/markdown/markdown";
import { GALLERY_LATEST_ATTACHMENT, GALLERY_QUERY_SCHEMAS, galleryQueryValues, supplyGalleryQueries } from "./gallery-queries";
import type { GalleryReply } from "./load-gallery-replies";
import { replySegments, type ReplySegment } from "./reply-segments";
import styles from "./gallery.module.css";

/** Replay pace: about 400 characters a second, a model's typical speed. */
const REPLAY_CHARACTERS_PER_TICK = 24;
/** Milliseconds between replay steps. */
const REPLAY_TICK_MS = 60;

/** What the last picked choice would send, or why it would not. */
type ChoiceOutcome = { blockId: string; selection: UiChoiceSelection } | { blockId: string; refused: string };

/** A block with a state from the gallery's keeping, fed the demo query data. */
function GalleryBlock(props: {
  block: UiBlock;
  state: UiState;
  streaming: boolean;
  onChoice: (block: UiBlock, choiceId: string, state: UiState | undefined) => void;
}) {
  const { block, state, streaming, onChoice } = props;
  // Queries declared by a later prefix get their data once the view has synced the state to it.
  useEffect(() => supplyGalleryQueries(state, block), [state, block]);
  const choose = useCallback((choiceId: string, blockState: UiState | undefined) => onChoice(block, choiceId, blockState), [block, onChoice]);
  return (
    <div className={styles.block}>
      <UiBlockView block={block} state={state} streaming={streaming} onChoice={choose} />
      <details className={styles.fallback}>
        <summary>Fallback text of this block</summary>
        <pre>{block.fallback}</pre>
      </details>
    </div>
  );
}

/** Props of `GalleryReplyView`. */
export type GalleryReplyViewProps = { reply: GalleryReply };

/** One reply with its developer controls. */
export function GalleryReplyView({ reply }: GalleryReplyViewProps) {
  const states = useRef(new Map<string, UiState>());
  const [replayed, setReplayed] = useState<number | undefined>(undefined);
  const [outcome, setOutcome] = useState<ChoiceOutcome | undefined>(undefined);
  // Browser specs wait for this before they interact: before hydration a click does nothing.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const stateOf = (block: UiBlock): UiState => {
    let state = states.current.get(block.id);
    if (state === undefined) {
      state = new UiState(block);
      supplyGalleryQueries(state, block);
      states.current.set(block.id, state);
    }
    return state;
  };

  useEffect(() => {
    if (replayed === undefined) return;
    const timer = setTimeout(() => {
      const next = replayed + REPLAY_CHARACTERS_PER_TICK;
      setReplayed(next >= reply.text.length ? undefined : next);
    }, REPLAY_TICK_MS);
    return () => clearTimeout(timer);
  }, [replayed, reply.text.length]);

  const replay = () => {
    states.current.clear();
    setOutcome(undefined);
    setReplayed(0);
  };

  const choose = useCallback((block: UiBlock, choiceId: string, state: UiState | undefined) => {
    try {
      const values = state ? uiInputValues(block, state) : {};
      setOutcome({ blockId: block.id, selection: resolveUiChoice(block, choiceId, values, galleryQueryValues(block)) });
    } catch (caught) {
      setOutcome({ blockId: block.id, refused: toUiFailure(caught).code });
    }
  }, []);

  let segments: ReplySegment[] = reply.segments;
  if (replayed !== undefined) {
    const prefix = reply.text.slice(0, replayed);
    segments = replySegments(prefix, compileUi(prefix, { id: reply.id, querySchemas: GALLERY_QUERY_SCHEMAS, latestAttachment: GALLERY_LATEST_ATTACHMENT }));
  }
  const streaming = replayed !== undefined;
  const headingId = `${reply.id}-heading`;

  return (
    <section id={reply.id} className={styles.reply} aria-labelledby={headingId} data-replaying={streaming} data-hydrated={hydrated}>
      <header className={styles.replyHeader}>
        <h2 id={headingId}>{reply.title}</h2>
        <button type="button" className="button button-secondary button-small" onClick={replay} disabled={streaming}>
          {streaming ? "Streaming…" : "Replay as a stream"}
        </button>
      </header>
      <div className={styles.message}>
        {segments.map((segment, index) =>
          segment.kind === "prose" ? (
            <Markdown key={`prose-${index}`} text={segment.text} streaming={streaming} />
          ) : (
            <GalleryBlock
              key={segment.block.id}
              block={segment.block}
              state={stateOf(segment.block)}
              streaming={streaming && !segment.block.complete}
              onChoice={choose}
            />
          ),
        )}
      </div>
      <div className={styles.hostSide} role="status" aria-label={`Last choice in ${reply.title}`}>
        {outcome === undefined ? (
          <p className="muted">Pick a choice that is not local to see what the chat would send.</p>
        ) : "selection" in outcome ? (
          <>
            <p className="muted">{`The chat would send this for ${outcome.blockId}:`}</p>
            <pre data-choice-sent={outcome.selection.id}>{JSON.stringify(outcome.selection, null, 2)}</pre>
          </>
        ) : (
          <p className="muted">{`The choice would be refused: ${outcome.refused}`}</p>
        )}
      </div>
    </section>
  );
}
