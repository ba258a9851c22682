"use client";

import type { ReactNode } from "react";
import type { UiViewNode } from "@/lib/ui/evaluate";
import { Fallback } from "../widgets/fallback/fallback";
import { textProp } from "./node-props";
import { useUiRenderContext } from "./render-context";
import styles from "./ui-block.module.css";

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
  if (node.type === "#text") return textProp(node, "text") ?? "";
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
  return nodes.map((child) =>
    child.type === itemType ? (
      <UiNodeView key={child.id} node={child} />
    ) : (
      <li key={child.id} className={styles.plainItem}>
        <UiNodeView node={child} />
      </li>
    ),
  );
}
