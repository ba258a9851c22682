"use client";
/**
 * What every node of one panel shares: the surface, whether the fence is
 * still streaming, the interaction state with its setters, and how a button
 * sends its action. Provided by `GenuiPanelView`.
 */
import { createContext, useContext } from "react";
import type { GenuiButtonNode, GenuiMissingField, GenuiNode, GenuiSurface } from "@/lib/genui";
import type { PanelStateHandle } from "./use-panel-state";

/** The shared context of one panel's nodes. */
export type GenuiPanelContextValue = PanelStateHandle & {
  /** Where the spec came from; the tool surface is read-only. */
  surface: GenuiSurface;
  /** True while the fence is still arriving: diagrams wait and buttons stay off. */
  streaming: boolean;
  /** Sends the action of the button at `path` with every field of the fence; `undefined` when the host gave no `onAction`. */
  sendAction: ((button: GenuiButtonNode, path: string) => void) | undefined;
  /** Paths of the buttons already sent from this version of the panel: spent, they send nothing more. */
  sentButtons: ReadonlySet<string>;
  /** The `required` fields showing and still empty: the fence's buttons wait for them. */
  missingRequired: readonly GenuiMissingField[];
  /** The id of element `part` of the node at `path`, unique to this panel instance. */
  elementId: (path: string, part: string) => string;
  /** While streaming, the paths of the nodes still being written (`arrivingNodePaths`); empty once the fence is closed. */
  arriving: ReadonlySet<string>;
};

/**
 * The nodes of a spec still being written while its fence streams: the JSON
 * reader closes what is open at the end of the text, so the open objects are
 * the last node of `items`, then the last child (or the last tab's last
 * child) of that one, and so on down. Every other node has been read whole.
 */
export function arrivingNodePaths(items: readonly GenuiNode[]): Set<string> {
  const paths = new Set<string>();
  let nodes: readonly GenuiNode[] = items;
  let path = "items";
  for (;;) {
    const last = nodes.length - 1;
    const node = nodes[last];
    if (node === undefined) return paths;
    const nodePath = `${path}[${last}]`;
    paths.add(nodePath);
    if ("children" in node && Array.isArray(node.children)) {
      nodes = node.children;
      path = `${nodePath}.children`;
    } else if (node.type === "tabs" && node.tabs.length > 0) {
      const tab = node.tabs.length - 1;
      nodes = node.tabs[tab]?.children ?? [];
      path = `${nodePath}.tabs[${tab}].children`;
    } else return paths;
  }
}

/** True for a node drawn around other nodes (its children come in as they arrive). */
export function holdsNodes(node: GenuiNode): boolean {
  return ("children" in node && Array.isArray(node.children)) || node.type === "tabs";
}

/** The context; `null` outside a panel. */
export const GenuiPanelContext = createContext<GenuiPanelContextValue | null>(null);

/** The enclosing panel's context; a node rendered outside a panel is a programming error. */
export function useGenuiPanel(): GenuiPanelContextValue {
  const value = useContext(GenuiPanelContext);
  if (value === null) throw new Error("A GenUI node was rendered outside GenuiPanelView");
  return value;
}
