/**
 * A comparison run as its pages draw it: the run, each pane with its chat's
 * snapshot (masked while blind), its metrics and its start, the vote, and —
 * for the owner — who it is shared with.
 */
import type { ChatSettings } from "@/lib/chat/core/chat-settings";
import type { ChatSnapshot } from "@/lib/chat/wire";
import type { ComparePaneStatus, CompareVoteKind } from "@/db/schema";
import type { PaneMetrics } from "../metrics/pane-metrics";

/** One pane as drawn. */
export type ComparePaneView = {
  id: string;
  label: string;
  slot: number;
  sample: number;
  attempt: number;
  status: ComparePaneStatus;
  /** The model, once names are shown (null while the run is blind and not voted on). */
  modelId: string | null;
  modelName: string | null;
  /** Milliseconds after the run's start at which this attempt started. */
  startOffsetMs: number;
  metrics: PaneMetrics | null;
  /** True when the reply named a model before masking (shown once names are). */
  leaked: boolean;
  snapshot: ChatSnapshot;
};

/** A run's vote as drawn. */
export type CompareVoteView = {
  kind: CompareVoteKind;
  /** Pane ids: the best one, or all best first. */
  ranking: string[];
  flagged: boolean;
  flagReason: string | null;
  createdAt: string;
};

/** A run as drawn. */
export type CompareRunView = {
  id: string;
  prompt: string;
  settings: ChatSettings;
  tag: string | null;
  blind: boolean;
  /** Names are hidden and self-identification masked: blind and not yet voted on. */
  masked: boolean;
  parentRunId: string | null;
  createdAt: string;
  role: "owner" | "viewer";
  panes: ComparePaneView[];
  vote: CompareVoteView | null;
  /** Largest difference between the first attempts' starts, in milliseconds. */
  startSpreadMs: number | null;
  /** The people it is shared with (the owner's view only). */
  shares: { userId: string; name: string; email: string }[];
};
