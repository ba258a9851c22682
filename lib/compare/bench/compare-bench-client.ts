/**
 * The bench's side of the comparison playground on a running production
 * server, over HTTP as its page speaks it: `startCompareRun` called by its
 * id from the build's manifest (through `bench:chat`'s client), the run's
 * view as JSON, and each pane's live channel path. The view is parsed only
 * as far as the bench reads it.
 */
import { z } from "zod";
import { callBenchAction, readActionIds, type BenchSession } from "@/lib/chat/bench/bench-client";

/** The file holding the comparison's server actions. */
export const COMPARE_ACTIONS_FILE = "app/(compare)/compare/actions.ts";

/** The page whose form starts a run: the bench posts the action where the browser does. */
const COMPARE_PAGE_PATH = "/compare";

/** Ids of the comparison actions the bench calls. */
export type CompareActionIds = { startCompareRun: string };

/** The ids of the comparison's actions in the build at `distDir` (only actions a page uses are in a build). */
export function readCompareActionIds(distDir: string): CompareActionIds {
  return readActionIds({ distDir, file: COMPARE_ACTIONS_FILE, names: ["startCompareRun"] });
}

const MillisecondsSchema = z.number().nullable();

/** What the bench reads of a pane of `GET /api/compare/<runId>`. */
export const BenchComparePaneSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(["streaming", "complete", "stopped", "error"]),
  startOffsetMs: z.number(),
  metrics: z.object({ firstTokenMs: MillisecondsSchema, firstBlockMs: MillisecondsSchema, finalMs: MillisecondsSchema }).nullable(),
  snapshot: z.object({
    messages: z.array(z.object({ id: z.string(), role: z.enum(["user", "assistant"]), text: z.string(), createdAt: z.string() })),
  }),
});

/** A pane as the bench reads it. */
export type BenchComparePane = z.infer<typeof BenchComparePaneSchema>;

/** What the bench reads of `GET /api/compare/<runId>`. */
export const BenchCompareViewSchema = z.object({
  id: z.string(),
  startSpreadMs: z.number().nullable(),
  panes: z.array(BenchComparePaneSchema),
});

/** A run's view as the bench reads it. */
export type BenchCompareView = z.infer<typeof BenchCompareViewSchema>;

/** Starts a run of `prompt` on `models` (one sample each); returns its id once every pane has started. */
export async function startBenchCompareRun(input: {
  session: Pick<BenchSession, "baseUrl" | "cookie">;
  actionIds: CompareActionIds;
  prompt: string;
  models: readonly string[];
  blind: boolean;
}): Promise<string> {
  const result = await callBenchAction(input.session, input.actionIds.startCompareRun, { prompt: input.prompt, models: input.models, samples: 1, blind: input.blind }, COMPARE_PAGE_PATH);
  return z.object({ runId: z.string() }).parse(result).runId;
}

/** The run's view as JSON (what its page reads again when a pane ends). */
export async function fetchBenchCompareView(session: Pick<BenchSession, "baseUrl" | "cookie">, runId: string): Promise<BenchCompareView> {
  const response = await fetch(`${session.baseUrl}/api/compare/${encodeURIComponent(runId)}`, { headers: { cookie: session.cookie } });
  if (!response.ok) throw new Error(`the run's view failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return BenchCompareViewSchema.parse(await response.json());
}

/** The path of a pane's live channel (the same frames as a chat's). */
export function paneEventsPath(runId: string, paneId: string): string {
  return `/api/compare/${encodeURIComponent(runId)}/panes/${encodeURIComponent(paneId)}/events`;
}

/** True once every pane has settled (not streaming) and those that completed have their metrics stored. */
export function isRunSettled(view: BenchCompareView): boolean {
  return view.panes.every((pane) => pane.status !== "streaming" && (pane.status !== "complete" || pane.metrics !== null));
}

/** The pane's stored reply: its last assistant message, if one is stored. */
export function storedReplyOf(pane: BenchComparePane): BenchComparePane["snapshot"]["messages"][number] | null {
  return pane.snapshot.messages.findLast((message) => message.role === "assistant") ?? null;
}
