"use client";
/**
 * What every node of one panel shares: the surface, whether the fence is
 * still streaming, the interaction state with its setters, and how a button
 * sends its action. Provided by `GenuiPanelView`.
 */
import { createContext, useContext } from "react";
import type { GenuiButtonNode, GenuiMissingField, GenuiSurface } from "@/lib/genui";
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
};

/** The context; `null` outside a panel. */
export const GenuiPanelContext = createContext<GenuiPanelContextValue | null>(null);

/** The enclosing panel's context; a node rendered outside a panel is a programming error. */
export function useGenuiPanel(): GenuiPanelContextValue {
  const value = useContext(GenuiPanelContext);
  if (value === null) throw new Error("A GenUI node was rendered outside GenuiPanelView");
  return value;
}
