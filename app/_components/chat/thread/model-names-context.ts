"use client";
/**
 * The display names of the models a chat can use, by id, so every reply can
 * name the model that wrote it. Only the chat provides it: a thread drawn
 * without it (the blind comparison's panes) names no model, so a blind vote
 * stays blind.
 */
import { createContext, useContext } from "react";

/** Display names by model id; `null` where replies must not name their model. */
export const ModelNamesContext = createContext<ReadonlyMap<string, string> | null>(null);

/**
 * The name to show for the model `modelId`: its display name, its id when the
 * server no longer offers it, or null where models are not named.
 */
export function useModelName(modelId: string): string | null {
  const names = useContext(ModelNamesContext);
  if (names === null) return null;
  return names.get(modelId) ?? modelId;
}
