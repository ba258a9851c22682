"use client";
/**
 * A stored reply drawn read-only, through the chat's own renderers: prose
 * through the Markdown widget, ```ui blocks through `UiBlockView`, GenUI
 * fences and cards through `GenuiPanelView`. Local inputs work (each view
 * keeps its own state), but nothing leaves the page: no choice handler, no
 * action handler, no link resolution and no query is fetched. A block that
 * reads project data shows what the reply stored for it — its fallback —
 * since no reading of the query was stored with it.
 */
import { useMemo } from "react";
import { replySegments, type ReplySegment } from "@/app/_components/chat/reply/reply-segments";
import { GenuiPanelView } from "@/app/_components/genui/genui-panel-view";
import { HostActionRecord } from "@/app/_components/host-actions/host-action-record";
import { UiBlockView } from "@/app/_components/ui-block/ui-block-view";
import { Fallback } from "@/app/_components/widgets/fallback/fallback";
import { Markdown } from "@/app/_components/widgets/markdown/markdown";
import { isHostActionCard, type GenuiFenceRecord, type ToolCard } from "@/lib/chat/wire";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import styles from "./admin.module.css";

/** Props of `ReadOnlyReply`. */
export type ReadOnlyReplyProps = { text: string; ui: UiBlock[]; fences: GenuiFenceRecord[]; tools: ToolCard[] };

function ReadOnlyUiBlock({ block }: { block: UiBlock }) {
  const queries = block.declarations.filter((declaration) => declaration.kind === "query");
  return (
    <div>
      <UiBlockView block={block} streaming={false} />
      {queries.length > 0 ? (
        <details>
          <summary className={styles.readOnlyNote}>
            Reads {queries.map((query) => `$${query.name} (${query.source ?? "?"})`).join(", ")}: not fetched here. What the reply stored for it:
          </summary>
          <Markdown text={block.fallback} />
        </details>
      ) : null}
    </div>
  );
}

function Part({ segment }: { segment: ReplySegment }) {
  switch (segment.kind) {
    case "text":
      return <Markdown text={segment.text} />;
    case "ui":
      return <ReadOnlyUiBlock block={segment.block} />;
    case "genui":
      if (segment.fence.spec === null) return <Fallback title="This panel could not be shown." diagnostics={segment.fence.diagnostics.map((diagnostic) => diagnostic.message)} />;
      return <GenuiPanelView spec={segment.fence.spec} surface="fence" />;
    case "tool":
      if (isHostActionCard(segment.card)) return <HostActionRecord card={segment.card} />;
      // An artifact chip opens the chat's artifacts panel, which is the owner's: here it is named, not opened.
      if (segment.card.name !== "render_ui") return <p>Artifact {segment.card.path}{segment.card.artifact ? `, version ${segment.card.artifact.version}` : ""}</p>;
      if (segment.card.spec === null) return <Fallback title="This card could not be shown." text={segment.card.error} diagnostics={segment.card.diagnostics.map((diagnostic) => diagnostic.message)} />;
      return <GenuiPanelView spec={segment.card.spec} surface="tool" />;
  }
}

/** Draws a stored reply read-only (see the file comment). */
export function ReadOnlyReply({ text, ui, fences, tools }: ReadOnlyReplyProps) {
  const segments = useMemo(
    () =>
      replySegments({
        text,
        blocks: ui,
        blocksTextLength: text.length,
        genuiFences: fences.map((fence) => ({ index: fence.index, range: fence.range, spec: fence.spec, diagnostics: fence.diagnostics, closed: true })),
        tools,
        streaming: false,
      }),
    [text, ui, fences, tools],
  );
  return (
    <div className={styles.rendered} data-read-only="true">
      {segments.map((segment) => (
        <Part key={segment.key} segment={segment} />
      ))}
    </div>
  );
}
