"use client";

import { useCallback, useMemo } from "react";
import { UiBlockSchema, type UiBlock, type UiDiagnostic } from "@/lib/ui/envelope/schema";
import { evaluateUiBlock, type UiViewNode } from "@/lib/ui/evaluate";
import type { UiState, UiStateSnapshot } from "@/lib/ui/state";
import { useReportBlockDiagnostics } from "../inspector/inspector-scope";
import { Fallback } from "../widgets/fallback/fallback";
import { mergeDiagnostics } from "./merge-diagnostics";
import { UI_RENDERERS } from "./registry";
import {
  UiRenderContextValue,
  type UiChoiceHandler,
  type UiHostSource,
  type UiQueryStatus,
  type UiRenderContext,
  type UiResolveLink,
} from "./render-context";
import { saysFailureInWords } from "./live-data-part";
import { LiveDataStatus } from "./live-data-status";
import { UiChildren } from "./ui-node-view";
import { useUiBlockState } from "./use-ui-block-state";
import styles from "./ui-block.module.css";

/** Props of `UiBlockView`. */
export type UiBlockViewProps = {
  /** A compiled block as it came over the wire; validated with `UiBlockSchema` before anything is drawn. */
  block: unknown;
  /** The block's state, when the host keeps it (e.g. to restore or store it); otherwise the view keeps its own. */
  state?: UiState;
  /** Called with the state's snapshot after an input or a local action changed it. */
  onStateChange?: (snapshot: UiStateSnapshot) => void;
  /** Sends a non-local choice (with the block's state, for `uiInputValues`); without it such choices are disabled. */
  onChoice?: UiChoiceHandler;
  /** The ids of the choices already sent from this block: drawn as chosen and disabled. */
  sentChoices?: ReadonlySet<string>;
  /** The host's authorized answer for a host-link node, by evaluated node id; without it links are plain text. */
  resolveLink?: UiResolveLink;
  /** True while the reply is still arriving (default: the block is not complete). */
  streaming?: boolean;
  /** The block's `@Query` variables the host supplies: values read from them are marked as host data. */
  hostSources?: ReadonlyMap<string, UiHostSource>;
  /** Where the block's queries stand (the host's data sync): parts waiting on one draw loading, empty or failed from it. */
  queries?: readonly UiQueryStatus[];
  /** Fetches a failed query again. */
  onRetryQuery?: (name: string) => void;
};

/**
 * The queries some node of the tree waits on that show a failure in words
 * (a Stat or a value in a sentence says only that it is not loaded): a
 * failure none of them shows is an alert at the block's top.
 */
function waitedOn(nodes: readonly UiViewNode[], names = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (saysFailureInWords(node)) for (const name of node.pending ?? []) names.add(name);
    waitedOn(node.children, names);
  }
  return names;
}

/** Zod issues of an invalid block, as lines a developer can act on. */
const INVALID_BLOCK_ISSUES_SHOWN = 3;

/** Diagnostic lines by node id, for the fallbacks that stand in for those nodes. */
function diagnosticsByNode(diagnostics: readonly UiDiagnostic[]): Map<string, string[]> {
  const byNode = new Map<string, string[]>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.nodeId === undefined) continue;
    const lines = byNode.get(diagnostic.nodeId) ?? [];
    lines.push(`${diagnostic.code}: ${diagnostic.message}`);
    byNode.set(diagnostic.nodeId, lines);
  }
  return byNode;
}

/**
 * One compiled UI block, drawn from its evaluated view tree: validated first
 * (the browser never trusts the wire), evaluated against its `UiState`, and
 * drawn through the catalog's renderer registry. Its diagnostics (compile
 * and evaluation) go to the reply's inspector, once the block is whole.
 */
export function UiBlockView({
  block,
  state: external,
  onStateChange,
  onChoice,
  sentChoices,
  resolveLink,
  streaming,
  hostSources,
  queries,
  onRetryQuery,
}: UiBlockViewProps) {
  const parsed = useMemo(() => UiBlockSchema.safeParse(block), [block]);
  const valid: UiBlock | undefined = parsed.success ? parsed.data : undefined;
  const { state, snapshot } = useUiBlockState(valid, external);
  const evaluation = useMemo(
    () => (valid ? evaluateUiBlock(valid, state) : undefined),
    // The snapshot changes with every change of the state: evaluate again then.
    [valid, state, snapshot],
  );
  const diagnostics = useMemo(
    () => (valid && evaluation ? mergeDiagnostics(valid.diagnostics, evaluation.diagnostics) : []),
    [valid, evaluation],
  );
  const shownFailures = useMemo(() => (evaluation && queries !== undefined ? waitedOn(evaluation.nodes) : undefined), [evaluation, queries]);
  const changed = useCallback(() => {
    if (state && onStateChange) onStateChange(state.snapshot());
  }, [state, onStateChange]);

  const blockComplete = valid?.complete === true;
  const isStreaming = streaming ?? !blockComplete;
  // Findings are for what has arrived whole: a block still arriving reports none (its elements stand as placeholders).
  useReportBlockDiagnostics(valid?.id, isStreaming && !blockComplete ? undefined : diagnostics);
  const context = useMemo<UiRenderContext>(() => {
    const byNode = diagnosticsByNode(diagnostics);
    return {
      renderers: UI_RENDERERS,
      state,
      streaming: isStreaming,
      blockComplete,
      onChoice,
      sentChoices,
      resolveLink,
      changed,
      diagnosticsOf: (node: UiViewNode) => [
        ...(byNode.get(node.id) ?? []),
        ...(node.sourceId !== undefined && node.sourceId !== node.id ? (byNode.get(node.sourceId) ?? []) : []),
      ],
      hostSources,
      queries: queries === undefined ? undefined : new Map(queries.map((query) => [query.name, query])),
      retryQuery: onRetryQuery,
    };
  }, [diagnostics, state, isStreaming, blockComplete, onChoice, sentChoices, resolveLink, changed, hostSources, queries, onRetryQuery]);

  if (!valid || !evaluation) {
    const raw = typeof block === "object" && block !== null ? (block as { fallback?: unknown }).fallback : undefined;
    const issues = parsed.success
      ? []
      : parsed.error.issues.slice(0, INVALID_BLOCK_ISSUES_SHOWN).map((issue) => `${issue.path.join(".") || "block"}: ${issue.message}`);
    return (
      <div className={styles.block} data-ui-block="invalid">
        <Fallback text={typeof raw === "string" ? raw : undefined} diagnostics={["The block is not valid UI.", ...issues]} />
      </div>
    );
  }

  return (
    <UiRenderContextValue.Provider value={context}>
      <div
        className={styles.block}
        data-ui-block={valid.id}
        data-complete={blockComplete}
        aria-busy={isStreaming || undefined}
      >
        {queries !== undefined && onRetryQuery !== undefined ? <LiveDataStatus queries={queries} onRetry={onRetryQuery} shownFailures={shownFailures} /> : null}
        {/* Until the block is complete nothing in it can be used: a control whose element is still arriving would act on half a block. */}
        <fieldset className={styles.controls} disabled={isStreaming && !blockComplete}>
          <UiChildren nodes={evaluation.nodes} />
        </fieldset>
      </div>
    </UiRenderContextValue.Provider>
  );
}
