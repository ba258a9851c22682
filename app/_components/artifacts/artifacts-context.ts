"use client";
/**
 * What the Artifacts panel shares with the page around it: which artifact
 * (and version) is in front, the chat's artifacts as last read, and the means
 * to open, switch and close the panel — for the toggle in the conversation's
 * header and the chips in replies. Outside a conversation (no provider) a
 * chip is drawn as plain text.
 */
import { createContext, useContext, type RefObject } from "react";
import type { ArtifactSummary } from "@/lib/artifacts/artifact-listing";

/** An artifact to bring to the front, at a version (absent: its newest). */
export type ArtifactTarget = { artifactId: string; version?: number };

/** How `show` was asked for. */
export type ShowOptions = {
  /** Where focus returns when the panel closes (default the toggle). */
  opener?: HTMLElement | null;
  /** Move focus into the panel (default true; false when a reply brings an artifact forward while the person types). */
  focus?: boolean;
};

/** The panel's state and controls. */
export type ArtifactsContextValue = {
  chatId: string;
  open: boolean;
  /** The artifact in front; null shows the list. */
  target: ArtifactTarget | null;
  /** The chat's artifacts; null until first read. */
  artifacts: readonly ArtifactSummary[] | null;
  /** Why the list could not be read, if it could not. */
  listError: string | null;
  /** Changes whenever a reply wrote something, so open views read again. */
  revision: string;
  /** Bumps when focus should move into the panel. */
  focusRequest: number;
  /** True at phone width: the panel is a full-screen sheet. */
  sheet: boolean;
  show: (target: ArtifactTarget | null, options?: ShowOptions) => void;
  close: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** Reads the list again (after a failure). */
  reload: () => void;
};

/** The panel's context; null outside a conversation. */
export const ArtifactsContext = createContext<ArtifactsContextValue | null>(null);

/** The panel's context, or null outside a conversation. */
export function useArtifacts(): ArtifactsContextValue | null {
  return useContext(ArtifactsContext);
}
