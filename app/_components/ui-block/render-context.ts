"use client";

import { createContext, useContext, type ComponentType } from "react";
import type { UiViewNode } from "@/lib/ui/evaluate";
import type { UiLinkResolution } from "@/lib/ui/link";
import type { UiState } from "@/lib/ui/state";

/** Props of every component renderer: the evaluated node it draws. */
export type UiRendererProps = { node: UiViewNode };

/** A component renderer. */
export type UiRenderer = ComponentType<UiRendererProps>;

/** Finds the host's answer for a host-link node (`File`, `Diff`, `Commit`, `Node`) by its evaluated id. */
export type UiResolveLink = (nodeId: string) => UiLinkResolution | undefined;

/** Called when a person picks a choice that is not local; the chat resolves and sends it. */
export type UiChoiceHandler = (choiceId: string, state: UiState | undefined) => void;

/** One `@Query` variable of a block as the host supplied it: its source and when its rows arrived. */
export type UiHostSource = {
  /** The source's name (`tests`). */
  source: string;
  /** When the current rows were read (ms since the epoch); absent while the first answer is on its way. */
  readAt?: number;
};

/** Where one of a block's `@Query` variables stands, as the host's data sync reports it. */
export type UiQueryStatus = {
  /** The variable's name, without `$`. */
  name: string;
  phase: "loading" | "ready" | "error";
  /** Why it failed, in plain words (with `error`). */
  message?: string;
};

/** What every renderer of one block may read. */
export type UiRenderContext = {
  /** Renderers by component name. */
  renderers: Readonly<Record<string, UiRenderer>>;
  /** The block's state, when it has one (inputs and local actions change it). */
  state: UiState | undefined;
  /** True while the reply is still arriving: incomplete nodes show a streaming mark. */
  streaming: boolean;
  /** The block is complete (fence closed, every element closed): only then, and not while streaming, can a choice be sent. */
  blockComplete: boolean;
  /** Sends a choice; undefined when this view cannot send one. */
  onChoice: UiChoiceHandler | undefined;
  /** The ids of the choices already sent from this block (their answer is in the chat): drawn as chosen, they send nothing. */
  sentChoices: ReadonlySet<string> | undefined;
  /** Host link resolutions; undefined draws every link as plain text. */
  resolveLink: UiResolveLink | undefined;
  /** Tells the host that an input or a local action changed the state. */
  changed: () => void;
  /** Diagnostic lines about a node, by its id (and `Each`-free source id). */
  diagnosticsOf: (node: UiViewNode) => readonly string[];
  /**
   * The block's `@Query` variables the host supplies, by name; undefined
   * where no host answers (a gallery, an admin page): values are then not
   * marked as host data, nor typed ones as unverified.
   */
  hostSources: ReadonlyMap<string, UiHostSource> | undefined;
  /**
   * The block's queries as the host's data sync reports them, by name;
   * undefined where no host fetches them (a gallery, an admin page): a part
   * waiting on one is then drawn as data that is not loaded here.
   */
  queries: ReadonlyMap<string, UiQueryStatus> | undefined;
  /** Fetches a failed query again; undefined where nothing can. */
  retryQuery: ((name: string) => void) | undefined;
};

/** The context of the block being drawn. */
export const UiRenderContextValue = createContext<UiRenderContext | null>(null);

/** The context of the block being drawn; renderers only ever run inside `UiBlockView`. */
export function useUiRenderContext(): UiRenderContext {
  const context = useContext(UiRenderContextValue);
  if (!context) throw new Error("UI renderers draw inside UiBlockView");
  return context;
}
