"use client";
/**
 * A stored block's project data in React: a `BlockDataSync` per block, state
 * and message, started while the block is drawn, with its snapshot read
 * through `useSyncExternalStore` and a `resolveLink` for `UiBlockView`.
 */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiLinkResolution } from "@/lib/ui/link/resolution";
import type { UiState } from "@/lib/ui/state/ui-state";
import { BlockDataSync, blockNeedsData, type BlockDataSnapshot, type BlockQueryStatus } from "./block-data-sync";
import type { ProjectDataClient } from "./project-data-client";
import { useProjectDataClient } from "./project-data-context";

/** What a block part draws with. */
export type BlockDataView = {
  /** Each declared query's status (empty when the block has no host data). */
  queries: readonly BlockQueryStatus[];
  /** Fetches a query again. */
  retry: (name: string) => void;
  /** The host's answer for a chip, by evaluated node id; undefined draws every chip as plain text. */
  resolveLink: ((nodeId: string) => UiLinkResolution | undefined) | undefined;
};

const EMPTY: BlockDataSnapshot = { queries: [], links: new Map() };
const NO_SUBSCRIPTION = () => () => {};
const NOTHING = () => {};

/**
 * The project data of one block: only for a complete block of a stored
 * reply (`messageId`) with a state, inside a chat; anything else — a reply
 * still streaming, a gallery — gets none, so queries wait for the final block.
 */
export function useBlockData(input: { messageId: string | undefined; block: UiBlock; state: UiState | undefined }): BlockDataView {
  const client = useProjectDataClient();
  const { messageId, block, state } = input;
  const kept = useRef<{ sync: BlockDataSync; client: ProjectDataClient; messageId: string; blockId: string; state: UiState } | null>(null);
  const sync = useMemo(() => {
    if (client === null || messageId === undefined || state === undefined || block.complete !== true || !blockNeedsData(block)) return null;
    // A stored block never changes under its message and id: the new object a fresh snapshot brings for it keeps its sync, so nothing is fetched twice.
    const previous = kept.current;
    if (previous !== null && previous.client === client && previous.messageId === messageId && previous.blockId === block.id && previous.state === state) return previous.sync;
    kept.current = { sync: new BlockDataSync({ client, messageId, block, state }), client, messageId, blockId: block.id, state };
    return kept.current.sync;
  }, [client, messageId, block, state]);
  useEffect(() => {
    if (!sync) return;
    sync.start();
    return () => sync.stop();
  }, [sync]);
  const snapshot = useSyncExternalStore(
    sync ? sync.subscribe : NO_SUBSCRIPTION,
    sync ? sync.snapshot : () => EMPTY,
    sync ? sync.snapshot : () => EMPTY,
  );
  const links = snapshot.links;
  const lookup = useCallback((nodeId: string) => links.get(nodeId), [links]);
  return { queries: snapshot.queries, retry: sync ? sync.retry : NOTHING, resolveLink: links.size > 0 ? lookup : undefined };
}
