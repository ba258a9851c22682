/**
 * Comparison runs over the chat core: one prompt, several models, each pane
 * a chat of purpose `compare` answered by the same core as any chat (its
 * previews, final compile, stored final tree and receipt) — no second
 * pipeline. All panes are stored first and started together (a
 * `StartBarrier`); each is timed on this server by a `PaneObserver` and its
 * metrics are stored with the pane when its reply is. One pane's failure or
 * stall never waits on another: each runs, stops and retries on its own.
 *
 * Every operation authorizes through the policy (`authorizeCompareRun`):
 * the owner may change a run; a person it is shared with may read it; to
 * anyone else it does not exist. A run's pane chats are its owner's, and are
 * read on the owner's behalf once the asker was authorized.
 */
import "server-only";
import {
  addCompareShare,
  createCompareChat,
  createCompareRun,
  deleteCompareChat,
  getCompareVote,
  insertCompareVote,
  listComparePanes,
  listCompareRuns,
  listCompareRunsForExport,
  listCompareShares,
  listPaneMetrics,
  listPaneReplies,
  listRatedVotes,
  listCompareTags,
  removeCompareShare,
  updateComparePane,
  type CompareRunSummary,
} from "@/db/queries/compare";
import { getUserByEmail } from "@/db/queries/users";
import type { ComparePane, CompareRun, CompareVoteRow, JsonValue } from "@/db/schema";
import { authorizeCompareRun, type Actor } from "@/lib/auth/policy";
import type { ChatCore } from "@/lib/chat/core/chat-core";
import { readChatSettings, type ChatSettings } from "@/lib/chat/core/chat-settings";
import { toChatMessage } from "@/lib/chat/records/message-record";
import type { AssistantMessage, ChatEvent, ChatSnapshot } from "@/lib/chat/wire";
import { AppError } from "@/lib/errors";
import type { ModelEntry } from "@/lib/models/registry";
import { identityNames } from "../masking/identity-names";
import { IdentityMasker, maskJson, maskText } from "../masking/identity-mask";
import { paneMetrics, type PaneTimes } from "./pane-metrics-of";
import { PaneMetricsSchema, type PaneMetrics } from "../metrics/pane-metrics";
import { median } from "../metrics/summary-statistics";
import { buildLeaderboard, type LeaderboardRow } from "../ratings/leaderboard";
import { compareVoteProblem, votesToOutcomes, type CompareVote } from "../ratings/vote-outcomes";
import {
  ComparePaneReferenceSchema,
  CompareRevokeInputSchema,
  CompareRunReferenceSchema,
  CompareShareInputSchema,
  CompareVoteInputSchema,
  LeaderboardInputSchema,
  parseCompareInput,
  StartCompareRunInputSchema,
} from "./compare-inputs";
import type { CompareRunView, ComparePaneView } from "./compare-view";
import { maskedViewer, type Masking } from "./mask-events";
import { PaneObserver } from "./pane-observer";
import { StartBarrier } from "./start-barrier";

/** What a vote on a run that was not blind is flagged with. */
export const NOT_BLIND_FLAG = "The run was not blind: the names were shown before the vote.";
/** What a vote on a reply that named its model is flagged with. */
export const LEAKED_FLAG = "A reply named its model before masking, so the vote could have been swayed.";
/** What voting twice on a run is told. */
export const ALREADY_VOTED_MESSAGE = "This run already has a vote.";
/** What voting while a pane is still writing is told. */
export const STILL_STREAMING_MESSAGE = "Wait until every pane has finished (or stop the ones still writing) before voting.";
/** What retrying a pane that is still writing is told. */
export const PANE_BUSY_MESSAGE = "This pane is still writing. Stop it first, then retry.";

/** The models a comparison may use: the registry's lookup and its entries. */
export type CompareModels = {
  getModel(id: string): { ok: true; entry: ModelEntry } | { ok: false; error: { message: string } };
  list(): ModelEntry[];
};

/** Options of `CompareService`. */
export type CompareServiceOptions = {
  core: ChatCore;
  models: CompareModels;
  /** Prices per million tokens by model id (`COMPARE_PRICES`), for the cost metric. */
  prices?: ReadonlyMap<string, { input: number; output: number }>;
};

/** A leaderboard and each model's UI record. */
export type CompareLeaderboard = {
  tag: string | null;
  tags: string[];
  votes: number;
  rows: (LeaderboardRow & {
    modelName: string;
    /** Median diagnostics per reply, share of replies with a budget refusal, median time to first rendered block. */
    record: { replies: number; medianDiagnostics: number | null; budgetRefusalShare: number | null; medianFirstBlockMs: number | null };
  })[];
};

/** A pane's chat, as the core's operations are told (the chat's own pages never reach it). */
const PANE_CHAT = { purpose: "compare" } as const;

/** Masking that keeps the text's length (see mask-events.ts). */
const KEEP_LENGTH = { keepLength: true } as const;

/** Labels of panes in run order. */
const PANE_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Comparison runs of one server instance (see the file comment). */
export class CompareService {
  private readonly core: ChatCore;
  private readonly models: CompareModels;
  private readonly prices: ReadonlyMap<string, { input: number; output: number }>;
  private readonly names: string[];
  /** Observations of panes generated here, until their metrics are stored. */
  private readonly pending = new Set<Promise<unknown>>();

  /** A service over `options.core`. */
  constructor(options: CompareServiceOptions) {
    this.core = options.core;
    this.models = options.models;
    this.prices = options.prices ?? new Map();
    this.names = identityNames(options.models.list());
  }

  /** Starts a run: stores it with a chat per pane, then starts every pane at once; returns its id. */
  async startRun(actor: Actor, rawInput: unknown, parentRunId: string | null = null): Promise<{ runId: string }> {
    const input = parseCompareInput(StartCompareRunInputSchema, rawInput);
    for (const modelId of input.models) {
      const lookup = this.models.getModel(modelId);
      if (!lookup.ok) throw new AppError("bad_request:compare", { message: lookup.error.message });
    }
    const settings: ChatSettings = {
      ...(input.systemAddition?.trim() ? { systemAddition: input.systemAddition.trim() } : {}),
      ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
      ...(input.seed !== undefined ? { seed: input.seed } : {}),
    };
    const runId = crypto.randomUUID();
    const panes = input.models.flatMap((modelId, slot) =>
      Array.from({ length: input.samples }, (_, sample) => ({ id: crypto.randomUUID(), chatId: crypto.randomUUID(), slot, sample, modelId })),
    );
    const created = await createCompareRun({
      run: { id: runId, userId: actor.userId, prompt: input.prompt, settings: settings as JsonValue, tag: input.tag ?? null, blind: input.blind, parentRunId },
      chatSettings: settings as JsonValue,
      panes: panes.map((pane, index) => ({ ...pane, label: PANE_LABELS[index] ?? `P${index + 1}`, chatTitle: `Comparison ${runId.slice(0, 8)} · pane ${PANE_LABELS[index] ?? index + 1}` })),
    });
    const barrier = new StartBarrier(created.panes.length);
    const origin = performance.now();
    for (const pane of created.panes) void this.startPane({ actor, run: created.run, pane, barrier, origin });
    await barrier.whenOpen();
    return { runId };
  }

  /** Re-runs a run with the same prompt, settings and models, linked to it. */
  async rerun(actor: Actor, rawInput: unknown): Promise<{ runId: string }> {
    const { runId } = parseCompareInput(CompareRunReferenceSchema, rawInput);
    const { run } = await authorizeCompareRun(actor, runId, "write");
    const panes = await listComparePanes({ runId: run.id });
    const slots = [...new Map(panes.map((pane) => [pane.slot, pane.modelId])).entries()].sort((a, b) => a[0] - b[0]).map(([, modelId]) => modelId);
    const samples = Math.max(1, ...panes.map((pane) => pane.sample + 1));
    const settings = readChatSettings(run.settings);
    return this.startRun(actor, { prompt: run.prompt, ...settings, models: slots, samples, blind: run.blind, ...(run.tag ? { tag: run.tag } : {}) }, run.id);
  }

  /** The run as its page draws it; masked while blind and not voted on. */
  async getRun(actor: Actor, runId: string, options: { snapshots?: boolean } = {}): Promise<CompareRunView> {
    const { run, role } = await authorizeCompareRun(actor, runId, "read");
    return this.viewOf(run, role, options.snapshots ?? true);
  }

  /** Stops a pane's reply (its partial reply is kept, as in a chat). */
  async stopPane(actor: Actor, rawInput: unknown): Promise<{ stopping: boolean }> {
    const { runId, paneId } = parseCompareInput(ComparePaneReferenceSchema, rawInput);
    const { run } = await authorizeCompareRun(actor, runId, "write");
    const pane = await this.paneOf(run, paneId);
    return this.core.stopReply(ownerOf(run), { chatId: pane.chatId }, PANE_CHAT);
  }

  /** Answers a pane again in a fresh chat (its earlier attempt is removed); refused while it is writing or once the run is voted on. */
  async retryPane(actor: Actor, rawInput: unknown): Promise<{ attempt: number }> {
    const { runId, paneId } = parseCompareInput(ComparePaneReferenceSchema, rawInput);
    const { run } = await authorizeCompareRun(actor, runId, "write");
    const pane = await this.paneOf(run, paneId);
    if (pane.status === "streaming" && this.core.hub.isLive(pane.chatId)) throw new AppError("conflict:compare", { message: PANE_BUSY_MESSAGE });
    if (await getCompareVote({ runId: run.id })) throw new AppError("conflict:compare", { message: "This run was voted on; re-run it instead." });
    const chatId = crypto.randomUUID();
    await createCompareChat({
      userId: run.userId,
      chatId,
      title: `Comparison ${run.id.slice(0, 8)} · pane ${pane.label} · attempt ${pane.attempt + 1}`,
      modelId: pane.modelId,
      settings: run.settings,
    });
    const moved = await updateComparePane({ runId: run.id, paneId: pane.id, set: { chatId, attempt: pane.attempt + 1, status: "streaming", metrics: null, messageId: null, leaked: false } });
    if (!moved) throw new AppError("not_found:compare", { detail: `pane ${pane.id} vanished` });
    await deleteCompareChat({ userId: run.userId, chatId: pane.chatId });
    const barrier = new StartBarrier(1);
    void this.startPane({ actor: ownerOf(run), run, pane: moved, barrier, origin: performance.now(), offsetFrom: run.startedAt });
    await barrier.whenOpen();
    return { attempt: moved.attempt };
  }

  /** Records the run's vote (owner only, once, after every pane finished); names are shown from then on. */
  async vote(actor: Actor, rawInput: unknown): Promise<CompareRunView> {
    const input = parseCompareInput(CompareVoteInputSchema, rawInput);
    const { run } = await authorizeCompareRun(actor, input.runId, "write");
    const panes = await this.reconciledPanes(run);
    if (panes.some((pane) => pane.status === "streaming")) throw new AppError("conflict:compare", { message: STILL_STREAMING_MESSAGE });
    const votePanes = panes.map((pane) => ({ paneId: pane.id, modelId: pane.modelId }));
    const ranking = input.kind === "best" ? [input.best] : input.kind === "rank" ? input.ranking : [];
    // The same check the ratings make before counting a vote: every pane named is the run's, a ranking ranks each once.
    const problem = compareVoteProblem({ kind: input.kind, panes: votePanes, ...(input.kind === "best" ? { best: input.best } : {}), ...(input.kind === "rank" ? { ranking } : {}) });
    if (problem !== null) throw new AppError("bad_request:compare", { message: problem });
    const leaked = panes.some((pane) => pane.leaked);
    const flagReason = !run.blind ? NOT_BLIND_FLAG : leaked ? LEAKED_FLAG : null;
    const stored = await insertCompareVote({
      vote: {
        runId: run.id,
        userId: actor.userId,
        kind: input.kind,
        ranking,
        panes: votePanes as JsonValue,
        flagged: flagReason !== null,
        flagReason,
      },
    });
    if (!stored) throw new AppError("conflict:compare", { message: ALREADY_VOTED_MESSAGE });
    return this.viewOf(run, "owner");
  }

  /** Shares the run, read-only, with the person who has `email` (not a guest, not the owner). */
  async share(actor: Actor, rawInput: unknown): Promise<{ shares: CompareRunView["shares"] }> {
    const input = parseCompareInput(CompareShareInputSchema, rawInput);
    const { run } = await authorizeCompareRun(actor, input.runId, "write");
    const person = await getUserByEmail({ email: input.email });
    // One answer for "no such person" and "a guest": whether an address has an account is not told.
    if (!person || person.id === run.userId) throw new AppError("bad_request:compare", { message: "No other person with that email can be given this run. Ask them to sign up first." });
    await addCompareShare({ runId: run.id, userId: person.id });
    return { shares: await listCompareShares({ runId: run.id }) };
  }

  /** Takes a share back. */
  async revokeShare(actor: Actor, rawInput: unknown): Promise<{ shares: CompareRunView["shares"] }> {
    const input = parseCompareInput(CompareRevokeInputSchema, rawInput);
    const { run } = await authorizeCompareRun(actor, input.runId, "write");
    await removeCompareShare({ runId: run.id, userId: input.userId });
    return { shares: await listCompareShares({ runId: run.id }) };
  }

  /** The person's runs and those shared with them, newest first. */
  listRuns(actor: Actor): Promise<CompareRunSummary[]> {
    return listCompareRuns({ userId: actor.userId });
  }

  /**
   * The person's own runs (one, or all) as JSON Lines: prompt, settings,
   * per pane the model, final text, final tree, metrics and diagnostics,
   * and the vote. A run shared with them is not theirs to export.
   */
  async exportJsonl(actor: Actor, runId?: string): Promise<string> {
    if (runId !== undefined) await authorizeCompareRun(actor, runId, "write");
    const runs = await listCompareRunsForExport({ userId: actor.userId, ...(runId !== undefined ? { runId } : {}) });
    const replies = await listPaneReplies({ messageIds: runs.flatMap((entry) => entry.panes.flatMap((pane) => (pane.messageId ? [pane.messageId] : []))) });
    const byId = new Map(replies.map((row) => [row.id, toChatMessage(row)]));
    return runs
      .map(({ run, panes, vote }) =>
        JSON.stringify({
          id: run.id,
          createdAt: run.createdAt.toISOString(),
          prompt: run.prompt,
          settings: readChatSettings(run.settings),
          tag: run.tag,
          blind: run.blind,
          parentRunId: run.parentRunId,
          panes: panes.map((pane) => {
            const message = pane.messageId ? byId.get(pane.messageId) : undefined;
            const reply = message?.role === "assistant" ? message : null;
            return {
              label: pane.label,
              model: pane.modelId,
              sample: pane.sample,
              attempt: pane.attempt,
              status: pane.status,
              startOffsetMs: pane.startOffsetMs,
              text: reply?.text ?? null,
              tree: reply ? { ui: reply.ui ?? [], fences: reply.genui ?? [], tools: reply.tools ?? [] } : null,
              metrics: readMetrics(pane.metrics),
              diagnostics: reply?.receipt ?? [],
            };
          }),
          vote: vote ? voteView(vote) : null,
        }),
      )
      .map((line) => `${line}\n`)
      .join("");
  }

  /** Ratings from every vote that counts (optionally of one tag), with 95% intervals, and each model's UI record. */
  async leaderboard(rawInput: unknown): Promise<CompareLeaderboard> {
    const input = parseCompareInput(LeaderboardInputSchema, rawInput ?? {});
    const tag = input.tag ? input.tag : undefined;
    const votes = await listRatedVotes(tag !== undefined ? { tag } : {});
    const outcomes = votes.map(({ vote }) => votesToOutcomes(toCompareVote(vote)));
    const board = buildLeaderboard({ votes: outcomes, samples: 1000, seed: 1 });
    const metrics = await listPaneMetrics(tag !== undefined ? { tag } : {});
    const names = new Map(this.models.list().map((entry) => [entry.id, entry.displayName]));
    return {
      tag: tag ?? null,
      tags: await listCompareTags(),
      votes: votes.length,
      rows: board.rows.map((row) => ({ ...row, modelName: names.get(row.modelId) ?? row.modelId, record: uiRecord(metrics.filter((entry) => entry.modelId === row.modelId).map((entry) => readMetrics(entry.metrics))) })),
    };
  }

  /**
   * Follows one pane's chat: a snapshot, then its events — masked while the
   * run is blind and not voted on. Throws before any event when the asker
   * may not read the run.
   */
  async watchPane(actor: Actor, input: { runId: string; paneId: string }, viewer: (event: ChatEvent) => void): Promise<() => void> {
    const { run } = await authorizeCompareRun(actor, input.runId, "read");
    const pane = await this.paneOf(run, input.paneId);
    const masked = run.blind && !(await getCompareVote({ runId: run.id }));
    return this.core.watchChat(ownerOf(run), pane.chatId, masked ? maskedViewer(viewer, this.masking()) : viewer, PANE_CHAT);
  }

  /** One pane's chat snapshot, masked while the run is blind and not voted on (a client that does not take server-sent events). */
  async paneSnapshot(actor: Actor, input: { runId: string; paneId: string }): Promise<ChatSnapshot> {
    const { run } = await authorizeCompareRun(actor, input.runId, "read");
    const pane = await this.paneOf(run, input.paneId);
    const snapshot = await this.core.getChatSnapshot(ownerOf(run), pane.chatId, PANE_CHAT);
    const masked = run.blind && !(await getCompareVote({ runId: run.id }));
    return masked ? maskJson(snapshot, this.names, KEEP_LENGTH).value : snapshot;
  }

  /** Resolves once every pane observed here has its metrics stored. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private masking(): Masking {
    const names = this.names;
    return {
      // Masks keep the text's length: every offset on the wire (deltas, block and fence ranges) stays true.
      maskJson: <Value>(value: Value) => maskJson(value, names, KEEP_LENGTH).value,
      stream: () => new IdentityMasker(names, KEEP_LENGTH),
    };
  }

  private async startPane(input: { actor: Actor; run: CompareRun; pane: ComparePane; barrier: StartBarrier; origin: number; offsetFrom?: Date }): Promise<void> {
    const { run, pane, barrier } = input;
    const observer = new PaneObserver(input.origin);
    const unsubscribe = this.core.hub.subscribe(pane.chatId, observer.hear);
    let arrived = false;
    const work = (async () => {
      try {
        await this.core.sendMessage(ownerOf(run), { chatId: pane.chatId, prompt: run.prompt, modelId: pane.modelId }, {
          ...PANE_CHAT,
          beforeStart: () => {
            arrived = true;
            return barrier.arrive();
          },
        });
      } catch (caught) {
        if (!arrived) barrier.drop();
        unsubscribe();
        console.error(`compare: pane ${pane.id} of run ${run.id} could not start`, caught);
        await updateComparePane({ runId: run.id, paneId: pane.id, set: { status: "error" } }).catch(() => {});
        return;
      }
      const { timing, message } = await observer.ended;
      unsubscribe();
      // Times count from the moment the gate opened: what came before it was storing the turns.
      const gate = (barrier.openedAt ?? input.origin) - input.origin;
      const since = (at: number | null) => (at === null ? null : Math.max(0, Math.round(at - gate)));
      const paneTiming = { firstTokenMs: since(timing.firstTokenMs), firstBlockMs: since(timing.firstBlockMs), finalMs: since(timing.finalMs) };
      const startOffsetMs = input.offsetFrom ? Math.max(0, Date.now() - input.offsetFrom.getTime() - (paneTiming.finalMs ?? 0)) : (since(timing.startMs) ?? 0);
      await this.storeOutcome(run, pane, message, paneTiming, Math.min(startOffsetMs, 2_147_483_647));
    })();
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async storeOutcome(run: CompareRun, pane: ComparePane, message: AssistantMessage, timing: PaneTimes, startOffsetMs: number): Promise<void> {
    const metrics = paneMetrics({ message, timing, price: this.prices.get(pane.modelId) ?? null });
    const leaked = maskText(message.text, this.names).leaked;
    await updateComparePane({
      runId: run.id,
      paneId: pane.id,
      set: { status: message.status, messageId: message.id, metrics: metrics as unknown as JsonValue, leaked, startOffsetMs },
    }).catch((caught: unknown) => console.error(`compare: storing pane ${pane.id}'s metrics failed`, caught));
  }

  private async paneOf(run: CompareRun, paneId: string): Promise<ComparePane> {
    const pane = (await listComparePanes({ runId: run.id })).find((candidate) => candidate.id === paneId);
    if (!pane) throw new AppError("not_found:compare", { detail: `pane ${paneId.slice(0, 100)} of run ${run.id}` });
    return pane;
  }

  /**
   * The run's panes, with any pane still marked streaming whose reply is no
   * longer live anywhere (this server restarted meanwhile) settled from what
   * its chat stored — without timings, which only the generating server saw.
   */
  private async reconciledPanes(run: CompareRun): Promise<ComparePane[]> {
    const panes = await listComparePanes({ runId: run.id });
    const settled: ComparePane[] = [];
    for (const pane of panes) {
      if (pane.status !== "streaming" || this.core.hub.isLive(pane.chatId) || this.observing(pane)) {
        settled.push(pane);
        continue;
      }
      const snapshot = await this.core.getChatSnapshot(ownerOf(run), pane.chatId, PANE_CHAT).catch(() => null);
      if (snapshot?.live) {
        settled.push(pane);
        continue;
      }
      const reply = [...(snapshot?.messages ?? [])].reverse().find((message): message is AssistantMessage => message.role === "assistant");
      if (!reply) {
        settled.push(pane);
        continue;
      }
      const metrics = paneMetrics({ message: reply, timing: null, price: this.prices.get(pane.modelId) ?? null });
      const updated = await updateComparePane({
        runId: run.id,
        paneId: pane.id,
        set: { status: reply.status, messageId: reply.id, metrics: metrics as unknown as JsonValue, leaked: maskText(reply.text, this.names).leaked },
      });
      settled.push(updated ?? pane);
    }
    return settled;
  }

  private observing(pane: ComparePane): boolean {
    // A pane started here moments ago may not be live in the hub yet; its messageId is set only once its reply is stored.
    return pane.messageId === null && Date.now() - pane.updatedAt.getTime() < 30_000;
  }

  private async viewOf(run: CompareRun, role: "owner" | "viewer", snapshots = true): Promise<CompareRunView> {
    const panes = await this.reconciledPanes(run);
    const vote = await getCompareVote({ runId: run.id });
    const masked = run.blind && vote === null;
    const names = new Map(this.models.list().map((entry) => [entry.id, entry.displayName]));
    const owner = ownerOf(run);
    const views: ComparePaneView[] = [];
    for (const pane of panes) {
      // Without snapshots (a page polling for figures) each pane's chat is summarised by its header alone.
      const raw = snapshots ? await this.core.getChatSnapshot(owner, pane.chatId, PANE_CHAT) : emptySnapshot(pane);
      const snapshot: ChatSnapshot = masked ? maskJson(raw, this.names, KEEP_LENGTH).value : raw;
      views.push({
        id: pane.id,
        label: pane.label,
        slot: pane.slot,
        sample: pane.sample,
        attempt: pane.attempt,
        status: pane.status,
        modelId: masked ? null : pane.modelId,
        modelName: masked ? null : (names.get(pane.modelId) ?? pane.modelId),
        startOffsetMs: pane.startOffsetMs,
        metrics: readMetrics(pane.metrics),
        leaked: masked ? false : pane.leaked,
        snapshot,
      });
    }
    const firsts = panes.filter((pane) => pane.attempt === 1).map((pane) => pane.startOffsetMs);
    return {
      id: run.id,
      prompt: run.prompt,
      settings: readChatSettings(run.settings),
      tag: run.tag,
      blind: run.blind,
      masked,
      parentRunId: run.parentRunId,
      createdAt: run.createdAt.toISOString(),
      role,
      panes: views,
      vote: vote ? voteView(vote) : null,
      startSpreadMs: firsts.length > 1 ? Math.max(...firsts) - Math.min(...firsts) : null,
      shares: role === "owner" ? await listCompareShares({ runId: run.id }) : [],
    };
  }
}

function emptySnapshot(pane: ComparePane): ChatSnapshot {
  const at = pane.updatedAt.toISOString();
  return { chat: { id: pane.chatId, title: `Pane ${pane.label}`, modelId: "", createdAt: at, updatedAt: at }, messages: [], panels: [], live: null };
}

/** The run's owner, on whose behalf its pane chats are read once the asker was authorized. */
function ownerOf(run: CompareRun): Actor {
  return { userId: run.userId, role: "user", isGuest: false, name: "" };
}

function readMetrics(stored: JsonValue | null): PaneMetrics | null {
  const parsed = PaneMetricsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

function voteView(vote: CompareVoteRow): CompareRunView["vote"] {
  return { kind: vote.kind, ranking: vote.ranking, flagged: vote.flagged, flagReason: vote.flagReason, createdAt: vote.createdAt.toISOString() };
}

function toCompareVote(vote: CompareVoteRow): CompareVote {
  const panes = Array.isArray(vote.panes) ? (vote.panes as { paneId: string; modelId: string }[]) : [];
  return {
    kind: vote.kind,
    panes,
    ...(vote.kind === "best" && vote.ranking[0] !== undefined ? { best: vote.ranking[0] } : {}),
    ...(vote.kind === "rank" ? { ranking: vote.ranking } : {}),
  };
}

function uiRecord(metrics: (PaneMetrics | null)[]): CompareLeaderboard["rows"][number]["record"] {
  const known = metrics.filter((entry): entry is PaneMetrics => entry !== null);
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
  return {
    replies: known.length,
    medianDiagnostics: median(known.map((entry) => total(entry.diagnostics))),
    budgetRefusalShare: known.length === 0 ? null : known.filter((entry) => total(entry.budgetRefusals) > 0).length / known.length,
    medianFirstBlockMs: median(known.flatMap((entry) => (entry.firstBlockMs === null ? [] : [entry.firstBlockMs]))),
  };
}
