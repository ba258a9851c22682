"use client";

/** Renderers of the catalog's Content group: CodeBlock, Diagram, Graph, Image, Sources, Source. */
import type { UiComponentName } from "@/lib/ui/catalog";
import { uiGraph } from "@/lib/ui/catalog/graph-items";
import { useMemo } from "react";
import { CodeView } from "../../widgets/code-view/code-view";
import { GraphDiagram } from "../../widgets/graph/graph-diagram";
import { MermaidDiagram } from "../../widgets/mermaid-diagram/mermaid-diagram";
import { ExternalLink } from "../../widgets/safe-link/external-link";
import { useAttachmentSources } from "../attachments-context";
import { HostDataNote, useHostDataLabel } from "../host-data-mark";
import { textProp } from "../node-props";
import { useUiRenderContext, type UiRenderer, type UiRendererProps } from "../render-context";
import { UiChildren, UiListChildren } from "../ui-node-view";
import styles from "./renderers.module.css";

/** Code, highlighted by its language. */
function CodeBlock({ node }: UiRendererProps) {
  return <CodeView code={textProp(node, "code") ?? ""} language={textProp(node, "lang")} title={textProp(node, "title")} />;
}

/** A mermaid diagram, drawn once its element is complete. */
function Diagram({ node }: UiRendererProps) {
  return <MermaidDiagram source={textProp(node, "code") ?? ""} complete={node.complete} title={textProp(node, "title")} />;
}

/** A graph laid out from its node and edge rows (graph-items.ts reads them, so `nodes` query rows work as they are). */
function Graph({ node }: UiRendererProps) {
  const { streaming } = useUiRenderContext();
  const { nodes, edges } = node.props;
  const graph = useMemo(() => uiGraph(nodes, edges), [nodes, edges]);
  const hostNodes = useHostDataLabel(node, "nodes");
  return (
    <>
      <GraphDiagram
        nodes={graph.nodes}
        edges={graph.edges}
        title={textProp(node, "title")}
        direction={textProp(node, "direction") === "down" ? "down" : "right"}
        arriving={streaming && !node.complete}
      />
      <HostDataNote label={hostNodes} />
    </>
  );
}

/**
 * An image of the conversation: drawn when its attachment id is one the host
 * listed for this conversation (`attachments-context.ts`), from the URL the
 * host built; otherwise a labelled placeholder naming it. Nothing is ever
 * loaded from a URL or an id the model made up.
 */
function Image({ node }: UiRendererProps) {
  const attachment = textProp(node, "attachment");
  const alt = textProp(node, "alt");
  const caption = textProp(node, "caption");
  const source = useAttachmentSources().get(attachment ?? "");
  if (attachment && source) {
    return (
      <figure className={styles.image} data-attachment={attachment}>
        <img
          className={styles.imageShown}
          src={source.url}
          alt={alt ?? source.name}
          {...(source.width !== undefined && source.height !== undefined ? { width: source.width, height: source.height } : {})}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
        />
        {caption ? <figcaption className={styles.imageCaption}>{caption}</figcaption> : null}
      </figure>
    );
  }
  const what = attachment ? `Attachment ${attachment}, not part of this conversation` : "The latest image (none is attached yet)";
  return (
    <figure className={styles.image}>
      <div className={styles.imagePlaceholder} role="img" aria-label={alt ? `${alt} (${what})` : what}>
        <span aria-hidden="true" className={styles.imageIcon}>
          🖼
        </span>
        <span aria-hidden="true">{alt ?? "Image"}</span>
        <span aria-hidden="true" className={styles.imageId}>
          {attachment ? <code>{attachment}</code> : what}
        </span>
      </div>
      {caption ? <figcaption className={styles.imageCaption}>{caption}</figcaption> : null}
    </figure>
  );
}

/** The sources an answer relies on. */
function Sources({ node }: UiRendererProps) {
  return (
    <div className={styles.sources}>
      <div className={styles.groupTitle}>Sources</div>
      <ol className={styles.sourceList}>
        <UiListChildren nodes={node.children} itemType="Source" />
      </ol>
    </div>
  );
}

/** One source: its title as a link when its href passes the safe-link rule, and its note. */
function Source({ node }: UiRendererProps) {
  const title = textProp(node, "title") ?? "Source";
  return (
    <li className={styles.source}>
      <ExternalLink href={textProp(node, "href")} className={styles.sourceTitle}>
        {title}
      </ExternalLink>
      {node.children.length > 0 ? (
        <span className={styles.sourceNote}>
          {" — "}
          <UiChildren nodes={node.children} inline />
        </span>
      ) : null}
    </li>
  );
}

/** The Content group's renderers. */
export const CONTENT_RENDERERS = { CodeBlock, Diagram, Graph, Image, Sources, Source } satisfies Partial<Record<UiComponentName, UiRenderer>>;
