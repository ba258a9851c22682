"use client";

import type { ReactNode } from "react";
import type { UiViewNode } from "@/lib/ui/evaluate";
import { Fallback } from "../widgets/fallback/fallback";
import { hostDataLabel, HostValue } from "./host-data-mark";
import { drawsOwnWaiting, LiveDataPart } from "./live-data-part";
import { NodePlaceholder } from "./node-placeholder";
import { textProp } from "./node-props";
import { useUiRenderContext } from "./render-context";
import styles from "./ui-block.module.css";

/** True for an element still arriving that holds nothing yet: drawn as its placeholder. */
function arrivingEmpty(streaming: boolean, node: UiViewNode): boolean {
  return streaming && !node.complete && node.children.length === 0 && node.type !== "#text";
}

/** The component a placeholder stands for (a fallback names the element it stands in for). */
function placeholderType(node: UiViewNode): string {
  return node.type === "#fallback" ? (textProp(node, "type") ?? "element") : node.type;
}

/** True when an element child of `node` is itself still arriving (then the mark belongs to that child). */
function hasIncompleteElementChild(node: UiViewNode): boolean {
  return node.children.some((child) => !child.type.startsWith("#") && !child.complete);
}

/** A subtle mark after the innermost element still arriving. */
export function StreamingMark() {
  return (
    <span className={styles.streamingMark} data-streaming="">
      <span aria-hidden="true">●●●</span>
      <span className="visually-hidden">still arriving</span>
    </span>
  );
}

/**
 * One node of the view tree: `#text` as text, `#fallback` as the Fallback
 * widget with its diagnostics, a catalog component through its renderer (an
 * unknown one as a fallback), and the streaming mark on the innermost
 * incomplete element while the reply arrives.
 */
export function UiNodeView({ node, inline = false }: { node: UiViewNode; inline?: boolean }): ReactNode {
  const context = useUiRenderContext();
  // Values computed before their query answered are not facts: the part is drawn from where its data stands.
  if (node.type === "#pending" || (node.pending !== undefined && node.pending.length > 0 && !drawsOwnWaiting(node))) {
    return <LiveDataPart node={node} inline={inline} context={context} />;
  }
  if (node.type === "#text") {
    const text = textProp(node, "text") ?? "";
    const names = node.hostData?.text;
    return names && context.hostSources ? <HostValue label={hostDataLabel(names, context.hostSources)}>{text}</HostValue> : text;
  }
  // Still arriving with nothing inside yet, an element may be in the middle of its opening tag: its props are not all there (and may not be valid yet), so it is drawn as its placeholder.
  if (arrivingEmpty(context.streaming, node)) return <NodePlaceholder type={placeholderType(node)} inline={inline} />;
  if (node.type === "#fallback") {
    return <Fallback inline={inline} text={textProp(node, "text")} diagnostics={context.diagnosticsOf(node)} />;
  }
  const Renderer = Object.hasOwn(context.renderers, node.type) ? context.renderers[node.type] : undefined;
  if (!Renderer) {
    return (
      <Fallback
        inline={inline}
        text={textProp(node, "text")}
        diagnostics={[`<${node.type}> has no renderer here`, ...context.diagnosticsOf(node)]}
      />
    );
  }
  const marked = context.streaming && !node.complete && !hasIncompleteElementChild(node);
  return (
    <>
      <Renderer node={node} />
      {marked ? <StreamingMark /> : null}
    </>
  );
}

/** The children of a node, in order; `inline` when they stand inside a line of text (fallbacks then stay in the line). */
export function UiChildren({ nodes, inline = false }: { nodes: readonly UiViewNode[]; inline?: boolean }): ReactNode {
  return nodes.map((child) => <UiNodeView key={child.id} node={child} inline={inline} />);
}

/**
 * Children of a list (`ol`/`ul`): nodes of `itemType` draw their own `<li>`;
 * anything else (a fallback, text) is wrapped in one, so the list stays valid HTML.
 */
export function UiListChildren({ nodes, itemType }: { nodes: readonly UiViewNode[]; itemType: string }): ReactNode {
  const { streaming } = useUiRenderContext();
  return nodes.map((child) =>
    // An item still arriving stands in an entry of its own that goes when the item comes.
    arrivingEmpty(streaming, child) ? (
      <li key={child.id} className={styles.plainItem} data-placeholder="">
        <NodePlaceholder type={placeholderType(child)} inline={false} />
      </li>
    ) : child.type === itemType ? (
      <UiNodeView key={child.id} node={child} />
    ) : (
      <li key={child.id} className={styles.plainItem}>
        <UiNodeView node={child} />
      </li>
    ),
  );
}
