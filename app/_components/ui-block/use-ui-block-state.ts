"use client";

import { useCallback, useRef, useSyncExternalStore } from "react";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { UiState, type UiStateSnapshot } from "@/lib/ui/state";

/** Depth of syncs in progress: a sync made while rendering must not notify the renderer that is making it. */
let quietSyncs = 0;

/** Syncs a state to a block without waking this view's subscription (the view is rendering the new block already). */
function syncQuietly(state: UiState, block: UiBlock): void {
  quietSyncs += 1;
  try {
    state.sync(block);
  } catch {
    // Only a state of another block refuses to sync; the caller never passes one.
  } finally {
    quietSyncs -= 1;
  }
}

/** The state a view draws a block with, and the snapshot that changes whenever the state does. */
export type UiBlockStateHandle = {
  /** The block's state; undefined only when no state can be built for it. */
  state: UiState | undefined;
  /** Changes identity with every change of the state (values, query data, declarations). */
  snapshot: UiStateSnapshot | undefined;
};

const NO_SUBSCRIPTION = () => () => {};
const NO_SNAPSHOT = () => undefined;

/**
 * One `UiState` per block identity: the host's `external` state when it
 * belongs to this block, else one the view keeps (and replaces when the
 * block id changes). A block recompiled while streaming re-syncs the state
 * before it is evaluated, keeping edits whose defaults did not change.
 * The view subscribes with `useSyncExternalStore`.
 */
export function useUiBlockState(block: UiBlock | undefined, external?: UiState): UiBlockStateHandle {
  const own = useRef<UiState | undefined>(undefined);
  let state: UiState | undefined;
  if (block !== undefined) {
    if (external !== undefined && external.blockId === block.id) {
      state = external;
    } else {
      if (own.current === undefined || own.current.blockId !== block.id) {
        try {
          own.current = new UiState(block);
        } catch {
          own.current = undefined;
        }
      }
      state = own.current;
    }
    if (state !== undefined && !state.isSyncedWith(block)) syncQuietly(state, block);
  }

  const subscribe = useCallback(
    (listener: () => void) =>
      state
        ? state.subscribe(() => {
            if (quietSyncs === 0) listener();
          })
        : () => {},
    [state],
  );
  const read = useCallback(() => state?.snapshot(), [state]);
  const snapshot = useSyncExternalStore(state ? subscribe : NO_SUBSCRIPTION, state ? read : NO_SNAPSHOT, state ? read : NO_SNAPSHOT);
  return { state, snapshot };
}
