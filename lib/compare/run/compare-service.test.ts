/**
 * Comparison runs on the real chat core, database and AI SDK stream, with
 * the replay personas playing without waits: panes start together and are
 * timed, a blind run masks self-identification on the server, a vote reveals
 * names and is flagged when a reply named its model, a shared run is
 * read-only, stop and retry work per pane, and an export holds it all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryChatBus } from "@/lib/chat/bus/memory-chat-bus";
import { ChatCore } from "@/lib/chat/core/chat-core";
import { createTestActor, openTestDatabase, type TestDatabaseHandle } from "@/lib/chat/testing/chat-test-setup";
import type { ChatEvent } from "@/lib/chat/wire";
import { isAppError } from "@/lib/errors";
import { createModelRegistry } from "@/lib/models/registry";
import { instantSleep } from "@/lib/models/replay/replay-sleep";
import { PROJECT_QUERY_SCHEMAS } from "@/lib/project/query-sources";
import { CompareService, LEAKED_FLAG } from "./compare-service";

const PROMPT = "Show the build status";
const QUICK = ["replay:quokka", "replay:marmot", "replay:axolotl", "replay:kestrel"];

let database: TestDatabaseHandle;
let core: ChatCore;
let service: CompareService;

beforeAll(async () => {
  database = await openTestDatabase("pglite");
  const registry = createModelRegistry({ environment: {}, replay: { sleep: instantSleep }, personaTiming: { sleep: instantSleep } });
  core = new ChatCore({ bus: new MemoryChatBus(), models: registry, querySchemas: PROJECT_QUERY_SCHEMAS });
  service = new CompareService({ core, models: registry, prices: new Map([["replay:quokka", { input: 1, output: 2 }]]) });
}, 60_000);

afterAll(async () => {
  await service.idle();
  await core.close();
  await database.release();
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (caught) {
    if (isAppError(caught)) return caught.code;
    throw caught;
  }
  return "admitted";
}

describe("CompareService", () => {
  it("starts every pane together, times and measures each on the server, and masks names while blind", async () => {
    const owner = await createTestActor("Owner");
    const { runId } = await service.startRun(owner, { prompt: PROMPT, models: QUICK, samples: 1, blind: true });
    await service.idle();
    const view = await service.getRun(owner, runId);
    expect(view.panes.map((pane) => pane.label)).toEqual(["A", "B", "C", "D"]);
    expect(view.masked).toBe(true);
    expect(view.panes.every((pane) => pane.modelId === null && pane.modelName === null)).toBe(true);
    expect(view.panes.map((pane) => pane.status)).toEqual(["complete", "complete", "complete", "complete"]);
    expect(view.startSpreadMs).not.toBeNull();
    expect(view.startSpreadMs!).toBeLessThan(50);
    for (const pane of view.panes) {
      expect(pane.metrics, pane.label).not.toBeNull();
      expect(pane.metrics!.finalMs).not.toBeNull();
      expect(pane.metrics!.firstTokenMs).not.toBeNull();
      expect(pane.metrics!.nodes).toBeGreaterThan(0);
      expect(pane.metrics!.tokensOut).toBeGreaterThan(0);
    }
    const [quokka, marmot, , kestrel] = view.panes;
    expect(quokka!.metrics!.costUsd).toBeGreaterThan(0);
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
    expect(total(marmot!.metrics!.diagnostics) + total(marmot!.metrics!.budgetRefusals)).toBeGreaterThan(0);
    expect(total(quokka!.metrics!.diagnostics)).toBe(0);
    // The self-naming persona's reply reaches the page masked, with its length kept.
    const reply = kestrel!.snapshot.messages.find((message) => message.role === "assistant")!;
    expect(reply.text).not.toMatch(/kestrel|claude|gpt/i);
    expect(reply.text).toContain("▒");
    expect(JSON.stringify(kestrel!.snapshot)).not.toMatch(/kestrel/i);
  });

  it("masks a blind pane's live channel on the server: no streamed event carries the name", async () => {
    const owner = await createTestActor("Watcher");
    const { runId } = await service.startRun(owner, { prompt: "Compare PGlite and Postgres for this app", models: ["replay:kestrel", "replay:quokka"], blind: true });
    const view = await service.getRun(owner, runId, { snapshots: false });
    const events: ChatEvent[] = [];
    const stop = await service.watchPane(owner, { runId, paneId: view.panes[0]!.id }, (event) => events.push(event));
    await service.idle();
    stop();
    const serialized = JSON.stringify(events);
    expect(serialized).not.toMatch(/kestrel|claude/i);
    const end = events.find((event) => event.type === "reply-end");
    expect(end).toBeDefined();
  });

  it("reveals names with the vote, flags a vote on a reply that named its model, and counts a clean one", async () => {
    const owner = await createTestActor("Voter");
    const leaky = await service.startRun(owner, { prompt: PROMPT, models: ["replay:quokka", "replay:kestrel"], blind: true, tag: "status" });
    await service.idle();
    const before = await service.getRun(owner, leaky.runId);
    const voted = await service.vote(owner, { runId: leaky.runId, kind: "best", best: before.panes[0]!.id });
    expect(voted.masked).toBe(false);
    expect(voted.panes.map((pane) => pane.modelId)).toEqual(["replay:quokka", "replay:kestrel"]);
    expect(voted.vote).toMatchObject({ kind: "best", flagged: true, flagReason: LEAKED_FLAG });
    expect(voted.panes[1]!.leaked).toBe(true);
    expect(await refusal(service.vote(owner, { runId: leaky.runId, kind: "tie" }))).toBe("conflict:compare");

    const clean = await service.startRun(owner, { prompt: PROMPT, models: ["replay:quokka", "replay:axolotl"], blind: true, tag: "status" });
    await service.idle();
    const panes = (await service.getRun(owner, clean.runId)).panes;
    // A vote that does not fit the run's panes is refused, and stores nothing.
    expect(await refusal(service.vote(owner, { runId: clean.runId, kind: "rank", ranking: [panes[0]!.id, panes[0]!.id] }))).toBe("bad_request:compare");
    expect(await refusal(service.vote(owner, { runId: clean.runId, kind: "best", best: "not-a-pane" }))).toBe("bad_request:compare");
    const cleanVote = await service.vote(owner, { runId: clean.runId, kind: "rank", ranking: [panes[1]!.id, panes[0]!.id] });
    expect(cleanVote.vote).toMatchObject({ kind: "rank", flagged: false });
    const board = await service.leaderboard({ tag: "status" });
    expect(board.votes).toBe(1);
    expect(board.rows.map((row) => row.modelId)).toEqual(["replay:axolotl", "replay:quokka"]);
    // One vote separates nothing: too few for the intervals to mean anything.
    expect(board.rows[0]!.separation.above).toBe("not-yet-separable");
    expect(board.rows.map((row) => row.rank)).toEqual([1, 1]);
  });

  it("shares a run read-only, refuses everyone else as not found, and takes a share back", async () => {
    const owner = await createTestActor("Sharer");
    const friend = await createTestActor("Friend");
    const stranger = await createTestActor("Stranger");
    const { runId } = await service.startRun(owner, { prompt: PROMPT, models: ["replay:quokka", "replay:axolotl"], blind: false });
    await service.idle();
    expect(await refusal(service.getRun(friend, runId))).toBe("not_found:compare");
    const email = `${friend.userId}@example.test`;
    const shared = await service.share(owner, { runId, email });
    expect(shared.shares.map((share) => share.userId)).toEqual([friend.userId]);
    const seen = await service.getRun(friend, runId);
    expect(seen.role).toBe("viewer");
    expect(seen.shares).toEqual([]);
    expect(seen.panes[0]!.snapshot.messages.length).toBeGreaterThan(0);
    const paneId = seen.panes[0]!.id;
    expect(await refusal(service.vote(friend, { runId, kind: "best", best: paneId }))).toBe("not_found:compare");
    expect(await refusal(service.retryPane(friend, { runId, paneId }))).toBe("not_found:compare");
    expect(await refusal(service.exportJsonl(friend, runId))).toBe("not_found:compare");
    expect(await refusal(service.getRun(stranger, runId))).toBe("not_found:compare");
    expect(await refusal(service.share(stranger, { runId, email: `${stranger.userId}@example.test` }))).toBe("not_found:compare");
    expect((await service.listRuns(friend)).map((entry) => entry.run.id)).toEqual([runId]);
    await service.revokeShare(owner, { runId, userId: friend.userId });
    expect(await refusal(service.getRun(friend, runId))).toBe("not_found:compare");
    expect(await refusal(service.share(owner, { runId, email: "nobody@example.test" }))).toBe("bad_request:compare");
  });

  it("stops one pane without touching another, retries it in a fresh chat, and exports the run", async () => {
    const owner = await createTestActor("Stopper");
    const { runId } = await service.startRun(owner, { prompt: PROMPT, models: ["replay:quokka", "replay:axolotl"], blind: false });
    const first = (await service.getRun(owner, runId, { snapshots: false })).panes[0]!;
    await service.stopPane(owner, { runId, paneId: first.id });
    await service.idle();
    let view = await service.getRun(owner, runId);
    expect(["stopped", "complete"]).toContain(view.panes[0]!.status);
    expect(view.panes[1]!.status).toBe("complete");
    const retried = await service.retryPane(owner, { runId, paneId: first.id });
    expect(retried.attempt).toBe(2);
    await service.idle();
    view = await service.getRun(owner, runId);
    expect(view.panes[0]).toMatchObject({ attempt: 2, status: "complete" });
    expect(view.panes[0]!.snapshot.messages.filter((message) => message.role === "assistant")).toHaveLength(1);
    const lines = (await service.exportJsonl(owner, runId)).trim().split("\n");
    expect(lines).toHaveLength(1);
    const exported = JSON.parse(lines[0]!) as { prompt: string; panes: { model: string; text: string; tree: unknown; metrics: unknown }[] };
    expect(exported.prompt).toBe(PROMPT);
    expect(exported.panes.map((pane) => pane.model)).toEqual(["replay:quokka", "replay:axolotl"]);
    expect(exported.panes.every((pane) => pane.text.length > 0 && pane.tree !== null && pane.metrics !== null)).toBe(true);
    const rerun = await service.rerun(owner, { runId });
    await service.idle();
    const linked = await service.getRun(owner, rerun.runId);
    expect(linked.parentRunId).toBe(runId);
  });

  it("keeps a pane's chat out of the chat's own operations: not in the list, not found by page, channel or send", async () => {
    const owner = await createTestActor("Peeker");
    const { runId } = await service.startRun(owner, { prompt: PROMPT, models: ["replay:quokka", "replay:kestrel"], blind: true });
    await service.idle();
    const paneChatId = (await service.getRun(owner, runId)).panes[1]!.snapshot.chat.id;
    expect(await core.listChats(owner)).toEqual([]);
    expect(await refusal(core.getChatSnapshot(owner, paneChatId))).toBe("not_found:chat");
    expect(await refusal(core.watchChat(owner, paneChatId, () => {}))).toBe("not_found:chat");
    expect(await refusal(core.sendMessage(owner, { chatId: paneChatId, prompt: "Who are you?", modelId: "replay:kestrel" }))).toBe("not_found:chat");
    expect(await refusal(core.deleteChat(owner, { chatId: paneChatId }))).toBe("not_found:chat");
    // And a chat of the list is no pane.
    const chat = await core.createChat(owner, { title: "Mine" });
    expect(await refusal(core.getChatSnapshot(owner, chat.id, { purpose: "compare" }))).toBe("not_found:chat");
  });

  it("refuses a run with one model, an unknown model, or an empty prompt, storing nothing", async () => {
    const owner = await createTestActor("Careless");
    expect(await refusal(service.startRun(owner, { prompt: PROMPT, models: ["replay:quokka"] }))).toBe("bad_request:compare");
    expect(await refusal(service.startRun(owner, { prompt: PROMPT, models: ["replay:quokka", "openai:nope"] }))).toBe("bad_request:compare");
    expect(await refusal(service.startRun(owner, { prompt: "   ", models: QUICK }))).toBe("bad_request:compare");
    expect(await service.listRuns(owner)).toEqual([]);
  });
});
