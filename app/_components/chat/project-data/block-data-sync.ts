/**
 * Keeps one stored ```ui block supplied with its project data: the rows of
 * each `@Query` it declares, fed to its `UiState` (`state.setQuery`), and the
 * host's answer for its link chips. Both are fetched when the block is first
 * shown, and again — after the person pauses — when what they depend on
 * changes: a query when the arguments its stored definition evaluates to
 * change (state the arguments read), the chips when the values of the
 * visible inputs change (they decide which chips are shown). A newer request
 * cancels an older one; an answer for a replaced definition is refused by
 * the state, never shown. Plain TypeScript, so it is tested without a DOM;
 * `useBlockData` binds it to React.
 */
import { uiInputValues } from "@/lib/ui/choice/input-values";
import type { UiBlock, UiNode } from "@/lib/ui/envelope/schema";
import type { UiRecord } from "@/lib/ui/expression/value";
import { isUiFailure } from "@/lib/ui/failure";
import type { UiLinkResolution } from "@/lib/ui/link/resolution";
import { uiNodesNameLinks } from "@/lib/ui/link/cell-targets";
import { uiQueryArguments } from "@/lib/ui/query/query-arguments";
import { uiQueryKey } from "@/lib/ui/query/query-key";
import type { UiState } from "@/lib/ui/state/ui-state";
import { ProjectDataError, type ProjectDataClient } from "./project-data-client";

/**
 * Milliseconds of quiet after a state change before arguments are evaluated
 * again: a slider drag or typing changes the state many times a second, and
 * one request after the person pauses is what they wait for.
 */
export const BLOCK_DATA_DEBOUNCE_MS = 300;

/** What a query answer for a replaced definition tells the person. */
export const REPLACED_DEFINITION_MESSAGE = "This block changed since it was drawn. Reload the chat to see its data.";

/** Where one declared query stands. */
export type BlockQueryStatus = {
  /** The declared name without `$`. */
  name: string;
  /** `loading` until the first answer and while a newer one is on its way; `error` keeps the last rows shown. */
  phase: "loading" | "ready" | "error";
  /** Why it failed, in words safe to show. */
  message?: string;
  /** True when the source had more rows than it returned. */
  truncated: boolean;
  /** When the rows shown were read (ms since the epoch): set by each answer, kept while a newer one loads or fails. */
  readAt?: number;
};

/** What a block's data is at one moment; a new object after every change. */
export type BlockDataSnapshot = {
  queries: readonly BlockQueryStatus[];
  /** The host's answer for each visible link chip, by evaluated node id. */
  links: ReadonlyMap<string, UiLinkResolution>;
};

/** Options of `BlockDataSync`. */
export type BlockDataSyncOptions = {
  client: ProjectDataClient;
  /** The stored reply that holds the block (a panel's latest revision lives in its own message). */
  messageId: string;
  block: UiBlock;
  state: UiState;
  /** Overrides `BLOCK_DATA_DEBOUNCE_MS`. */
  debounceMs?: number;
};

/** True when any node of the block is a host-link element or a table column of chips. */
export function hasLinkElements(nodes: readonly UiNode[]): boolean {
  return uiNodesNameLinks(nodes);
}

/** True when a block has anything for the host to supply: a query or a link chip. */
export function blockNeedsData(block: UiBlock): boolean {
  return block.declarations.some((declaration) => declaration.kind === "query") || hasLinkElements(block.nodes);
}

/** See the file comment. */
export class BlockDataSync {
  private readonly client: ProjectDataClient;
  private readonly messageId: string;
  private readonly block: UiBlock;
  private readonly state: UiState;
  private readonly debounceMs: number;
  private readonly queryNames: string[];
  private readonly definitionKeys = new Map<string, string>();
  private readonly wantsLinks: boolean;
  private readonly listeners = new Set<() => void>();
  private current: BlockDataSnapshot;
  private statuses = new Map<string, BlockQueryStatus>();
  private readonly argumentKeys = new Map<string, string>();
  private linksKey: string | null = null;
  private readonly controllers = new Map<string, AbortController>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribe: (() => void) | undefined;
  private running = false;

  /** A sync for one block; nothing is fetched before `start`. */
  constructor(options: BlockDataSyncOptions) {
    this.client = options.client;
    this.messageId = options.messageId;
    this.block = options.block;
    this.state = options.state;
    this.debounceMs = options.debounceMs ?? BLOCK_DATA_DEBOUNCE_MS;
    this.queryNames = [];
    for (const declaration of options.block.declarations) {
      if (declaration.kind !== "query") continue;
      this.queryNames.push(declaration.name);
      this.definitionKeys.set(declaration.name, uiQueryKey(declaration));
      this.statuses.set(declaration.name, { name: declaration.name, phase: "loading", truncated: false });
    }
    this.wantsLinks = hasLinkElements(options.block.nodes);
    this.current = { queries: this.queryStatuses(), links: new Map() };
  }

  /** Fetches what the block needs now and follows its state from here on. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.argumentKeys.clear();
    this.linksKey = null;
    this.unsubscribe = this.state.subscribe(() => this.schedule());
    this.sync();
  }

  /** Stops following the state and cancels every request in flight. */
  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const controller of this.controllers.values()) controller.abort();
    this.controllers.clear();
  }

  /** The current snapshot (the same object until something changes). */
  readonly snapshot = (): BlockDataSnapshot => this.current;

  /** Registers a listener for new snapshots; returns the function that removes it. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Fetches one query again with the current values (after an error, or on demand). */
  readonly retry = (name: string): void => {
    if (!this.running || !this.statuses.has(name)) return;
    this.fetchQuery(name, this.inputValues());
  };

  private schedule(): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sync();
    }, this.debounceMs);
  }

  /** The values of the visible inputs: what the routes check and evaluate the stored block with. */
  private inputValues(): UiRecord {
    try {
      return uiInputValues(this.block, this.state);
    } catch {
      return {};
    }
  }

  /** Fetches every query whose arguments changed, and the chips when the visible values changed. */
  private sync(): void {
    if (!this.running) return;
    const values = this.inputValues();
    for (const name of this.queryNames) {
      let key: string;
      try {
        key = JSON.stringify(uiQueryArguments(this.block, name, values).arguments);
      } catch (caught) {
        // The server refuses these values too; asking it gets the refusal in words the person can read.
        key = `refused:${isUiFailure(caught) ? caught.code : "internal"}:${JSON.stringify(values)}`;
      }
      if (this.argumentKeys.get(name) === key) continue;
      this.argumentKeys.set(name, key);
      this.fetchQuery(name, values);
    }
    if (!this.wantsLinks) return;
    const linksKey = JSON.stringify(values);
    if (linksKey === this.linksKey) return;
    this.linksKey = linksKey;
    this.fetchLinks(values);
  }

  private fetchQuery(name: string, values: UiRecord): void {
    const controller = this.replaceController(`query:${name}`);
    this.setStatus(name, { phase: "loading", message: undefined });
    this.client
      .query({ messageId: this.messageId, blockId: this.block.id, name, values, key: this.definitionKeys.get(name) ?? "" }, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        this.controllers.delete(`query:${name}`);
        try {
          this.state.setQuery(name, answer.rows, answer);
        } catch (caught) {
          const replaced = isUiFailure(caught) && caught.code === "replaced_query";
          this.setStatus(name, { phase: "error", message: replaced ? REPLACED_DEFINITION_MESSAGE : "The data did not fit this block." });
          return;
        }
        this.setStatus(name, { phase: "ready", message: undefined, truncated: answer.truncated, readAt: Date.now() });
      })
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return;
        this.controllers.delete(`query:${name}`);
        const message = caught instanceof ProjectDataError ? caught.message : "The data could not be loaded.";
        this.setStatus(name, { phase: "error", message });
      });
  }

  private fetchLinks(values: UiRecord): void {
    const controller = this.replaceController("links");
    this.client
      .links({ messageId: this.messageId, blockId: this.block.id, values }, controller.signal)
      .then((resolutions) => {
        if (controller.signal.aborted) return;
        this.controllers.delete("links");
        this.current = { ...this.current, links: new Map(resolutions.map((resolution) => [resolution.nodeId, resolution])) };
        this.emit();
      })
      .catch(() => {
        // Chips stay as they were (plain text until the host says otherwise); the next change asks again.
        if (controller.signal.aborted) return;
        this.controllers.delete("links");
        this.linksKey = null;
      });
  }

  private replaceController(slot: string): AbortController {
    this.controllers.get(slot)?.abort();
    const controller = new AbortController();
    this.controllers.set(slot, controller);
    return controller;
  }

  private setStatus(name: string, change: Partial<BlockQueryStatus>): void {
    const previous = this.statuses.get(name);
    if (!previous) return;
    const next: BlockQueryStatus = { ...previous, ...change };
    if (next.message === undefined) delete next.message;
    this.statuses = new Map(this.statuses).set(name, next);
    this.current = { ...this.current, queries: this.queryStatuses() };
    this.emit();
  }

  private queryStatuses(): BlockQueryStatus[] {
    return this.queryNames.map((name) => this.statuses.get(name)).filter((status): status is BlockQueryStatus => status !== undefined);
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
