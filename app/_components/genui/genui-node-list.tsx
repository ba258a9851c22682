"use client";
/**
 * Renders a list of nodes of one panel: each node is checked against its
 * `visibleWhen` with the touched fields and drawn by its type. The path of a
 * node (`items[0].tabs[1].children[2]`) is the one `forEachGenuiNode` gives,
 * so tab and fold state stored under it finds its node again after a reload.
 */
import { isVisible, type GenuiNode } from "@/lib/genui";
import styles from "./genui.module.css";
import { CollapsibleNode } from "./nodes/collapsible-node";
import { CardNode, FlexNode } from "./nodes/container-nodes";
import { BadgeNode, CalloutNode, DividerNode, KeyValueNode, ListNode, ProgressNode, StatNode, TextNode } from "./nodes/content-nodes";
import { ButtonNode } from "./nodes/button-node";
import { InputNode, NumberNode, RadioNode, SelectNode, SliderNode, TextareaNode, ToggleNode } from "./nodes/field-controls";
import { LinkNode } from "./nodes/link-node";
import { PlotNode } from "./nodes/plot-node";
import { QuizNode } from "./nodes/quiz-node";
import { CodeNode, MermaidNode } from "./nodes/source-nodes";
import { TableNode } from "./nodes/table-node";
import { TabsNode } from "./nodes/tabs-node";
import { holdsNodes, useGenuiPanel } from "./panel-context";

/** Placeholder heights by node type: about the room the node will take, so little moves when it arrives. */
const PLACEHOLDER_SHAPES: Readonly<Record<string, string>> = { plot: "chart", mermaid: "chart", table: "table", stat: "stat", quiz: "table", code: "table" };

/** Stands where a node still being written will be drawn. */
function GenuiNodePlaceholder({ type }: { type: string }) {
  return (
    <div className={styles.placeholder} data-placeholder="" data-shape={PLACEHOLDER_SHAPES[type] ?? "line"}>
      <span className="visually-hidden">{`A ${type} is still arriving`}</span>
    </div>
  );
}

/** Props of `GenuiNodeList`. */
export type GenuiNodeListProps = {
  /** The nodes, already parsed and clamped. */
  nodes: readonly GenuiNode[];
  /** The JSON path of the array holding them (`items`, `items[0].children`). */
  path: string;
  /** Wrap the nodes in a vertical stack (the default) or render them bare, for a flex parent that lays them out itself. */
  bare?: boolean;
};

/** One node by its type; `path` is its JSON path. */
function GenuiNodeView({ node, path }: { node: GenuiNode; path: string }) {
  switch (node.type) {
    case "row":
    case "col":
      return <FlexNode node={node} path={path} />;
    case "card":
      return <CardNode node={node} path={path} />;
    case "text":
      return <TextNode node={node} />;
    case "stat":
      return <StatNode node={node} />;
    case "badge":
      return <BadgeNode node={node} />;
    case "callout":
      return <CalloutNode node={node} />;
    case "list":
      return <ListNode node={node} />;
    case "keyvalue":
      return <KeyValueNode node={node} />;
    case "progress":
      return <ProgressNode node={node} />;
    case "divider":
      return <DividerNode />;
    case "code":
      return <CodeNode node={node} />;
    case "mermaid":
      return <MermaidNode node={node} />;
    case "link":
      return <LinkNode node={node} />;
    case "collapsible":
      return <CollapsibleNode node={node} path={path} />;
    case "plot":
      return <PlotNode node={node} />;
    case "table":
      return <TableNode node={node} path={path} />;
    case "tabs":
      return <TabsNode node={node} path={path} />;
    case "input":
      return <InputNode node={node} path={path} />;
    case "textarea":
      return <TextareaNode node={node} path={path} />;
    case "number":
      return <NumberNode node={node} path={path} />;
    case "slider":
      return <SliderNode node={node} path={path} />;
    case "select":
      return <SelectNode node={node} path={path} />;
    case "radio":
      return <RadioNode node={node} path={path} />;
    case "checkbox":
    case "switch":
      return <ToggleNode node={node} path={path} />;
    case "quiz":
      return <QuizNode node={node} path={path} />;
    case "button":
      return <ButtonNode node={node} path={path} />;
    default: {
      // Every type of the whitelist is handled above; the parser drops any other.
      const unhandled: never = node;
      void unhandled;
      return null;
    }
  }
}

/**
 * Draws `nodes` whose `visibleWhen` holds for the panel's touched fields. A
 * node still being written (the fence streams) that holds no nodes is drawn
 * as a quiet placeholder until it is whole: half a node would show props it
 * may not keep — a callout whose `visibleWhen` has not arrived, a table
 * whose column names are half typed.
 */
export function GenuiNodeList({ nodes, path, bare = false }: GenuiNodeListProps) {
  const { state, arriving } = useGenuiPanel();
  const drawn = nodes.map((node, index) => {
    const nodePath = `${path}[${index}]`;
    if (arriving.has(nodePath) && !holdsNodes(node)) return <GenuiNodePlaceholder key={index} type={node.type} />;
    return isVisible(node, state.fields) ? <GenuiNodeView key={index} node={node} path={nodePath} /> : null;
  });
  return bare ? <>{drawn}</> : <div className={styles.nodes}>{drawn}</div>;
}
