import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiRecord } from "@/lib/ui/expression/value";
import type { UiLinkResolution } from "@/lib/ui/link/resolution";
import { UiState } from "@/lib/ui/state/ui-state";
import { BLOCK_DATA_DEBOUNCE_MS, BlockDataSync, blockNeedsData, REPLACED_DEFINITION_MESSAGE } from "./block-data-sync";
import { ProjectDataError, type BlockLinksRequest, type BlockQueryAnswer, type BlockQueryRequest, type ProjectDataClient } from "./project-data-client";

const QUERY_SCHEMAS = { tests: z.object({ branch: z.string(), failedOnly: z.boolean().optional() }) };

const REPLY = [
  "```ui",
  "$failedOnly = false",
  "$wide = false",
  '$runs = @Query("tests", {branch: "main", failedOnly: $failedOnly})',
  '<Switch label="Failed only" value={$failedOnly}/>',
  '<Switch label="Wide" value={$wide}/>',
  "<Table rows={$runs}>",
  '  <Column field="name"/>',
  "</Table>",
  "<Show when={$wide}>",
  '  <Summary>See <File path="lib/billing/invoice.ts"/></Summary>',
  "</Show>",
  '<Summary>Start at <Commit sha="4f2c9e1"/></Summary>',
  "```",
].join("\n");

function compile(text: string): UiBlock {
  const [block] = compileUi(text, { id: "message-1", final: true, querySchemas: QUERY_SCHEMAS, now: () => 0 });
  if (!block) throw new Error("no block");
  return block;
}

/** A client that records requests and answers them when the test says so. */
class FakeClient implements ProjectDataClient {
  readonly queryCalls: { request: BlockQueryRequest; resolve: (answer: BlockQueryAnswer) => void; reject: (error: unknown) => void; signal: AbortSignal }[] = [];
  readonly linkCalls: { request: BlockLinksRequest; resolve: (resolutions: UiLinkResolution[]) => void; reject: (error: unknown) => void }[] = [];

  query(request: BlockQueryRequest, signal: AbortSignal): Promise<BlockQueryAnswer> {
    return new Promise((resolve, reject) => this.queryCalls.push({ request, resolve, reject, signal }));
  }

  links(request: BlockLinksRequest): Promise<UiLinkResolution[]> {
    return new Promise((resolve, reject) => this.linkCalls.push({ request, resolve, reject }));
  }
}

/** The answer the route would give for a request, with rows made from its values. */
function answerFor(block: UiBlock, request: BlockQueryRequest, rows: UiRecord[]): BlockQueryAnswer {
  return { name: request.name, key: request.key, source: "tests", arguments: { branch: "main" }, rows, truncated: false };
}

async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
}

describe("BlockDataSync", () => {
  let block: UiBlock;
  let state: UiState;
  let client: FakeClient;
  let sync: BlockDataSync;

  beforeEach(() => {
    vi.useFakeTimers();
    block = compile(REPLY);
    state = new UiState(block);
    client = new FakeClient();
    sync = new BlockDataSync({ client, messageId: "message-1", block, state });
  });
  afterEach(() => {
    sync.stop();
    vi.useRealTimers();
  });

  it("says which blocks need the host at all", () => {
    expect(blockNeedsData(block)).toBe(true);
    expect(blockNeedsData(compile("```ui\n<Summary>Plain</Summary>\n```"))).toBe(false);
    expect(blockNeedsData(compile('```ui\n<Summary>A <Node ref="service:x"/></Summary>\n```'))).toBe(true);
  });

  it("shows each query loading, fetches it at start with the definition key and the visible values, and feeds the rows to the state", async () => {
    expect(sync.snapshot().queries).toEqual([{ name: "runs", phase: "loading", truncated: false }]);
    sync.start();
    expect(client.queryCalls).toHaveLength(1);
    const [first] = client.queryCalls;
    expect(first!.request).toEqual({
      messageId: "message-1",
      blockId: block.id,
      name: "runs",
      values: { failedOnly: false, wide: false },
      key: JSON.stringify(["tests", "{branch: \"main\", failedOnly: $failedOnly}"]),
    });
    first!.resolve({ ...answerFor(block, first!.request, [{ name: "a", failed: true }]), truncated: true });
    await settle();
    expect(state.value("runs")).toEqual([{ name: "a", failed: true }]);
    expect(sync.snapshot().queries).toEqual([{ name: "runs", phase: "ready", truncated: true, readAt: expect.any(Number) }]);
  });

  it("fetches again, once and after a pause, when state the arguments read changes — not when other state does", async () => {
    sync.start();
    client.queryCalls[0]!.resolve(answerFor(block, client.queryCalls[0]!.request, [{ name: "a" }]));
    await settle();
    state.set("wide", true);
    vi.advanceTimersByTime(BLOCK_DATA_DEBOUNCE_MS);
    await settle();
    expect(client.queryCalls).toHaveLength(1);
    state.set("failedOnly", true);
    state.set("failedOnly", false);
    state.set("failedOnly", true);
    vi.advanceTimersByTime(BLOCK_DATA_DEBOUNCE_MS - 1);
    expect(client.queryCalls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(client.queryCalls).toHaveLength(2);
    expect(client.queryCalls[1]!.request.values).toEqual({ failedOnly: true, wide: true });
    expect(sync.snapshot().queries[0]?.phase).toBe("loading");
    client.queryCalls[1]!.resolve(answerFor(block, client.queryCalls[1]!.request, [{ name: "failed one" }]));
    await settle();
    expect(state.value("runs")).toEqual([{ name: "failed one" }]);
  });

  it("cancels an older request when a newer one starts, and never applies its late answer", async () => {
    sync.start();
    state.set("failedOnly", true);
    vi.advanceTimersByTime(BLOCK_DATA_DEBOUNCE_MS);
    const [older, newer] = client.queryCalls;
    expect(older!.signal.aborted).toBe(true);
    newer!.resolve(answerFor(block, newer!.request, [{ name: "new" }]));
    older!.resolve(answerFor(block, older!.request, [{ name: "old" }]));
    await settle();
    expect(state.value("runs")).toEqual([{ name: "new" }]);
  });

  it("shows a failure in words from the server, keeps the last rows, and fetches again on retry", async () => {
    sync.start();
    client.queryCalls[0]!.resolve(answerFor(block, client.queryCalls[0]!.request, [{ name: "kept" }]));
    await settle();
    sync.retry("runs");
    client.queryCalls[1]!.reject(new ProjectDataError("offline:query", "The query took too long and was stopped."));
    await settle();
    expect(sync.snapshot().queries).toEqual([{ name: "runs", phase: "error", message: "The query took too long and was stopped.", truncated: false, readAt: expect.any(Number) }]);
    expect(state.value("runs")).toEqual([{ name: "kept" }]);
    sync.retry("runs");
    expect(sync.snapshot().queries[0]).toEqual({ name: "runs", phase: "loading", truncated: false, readAt: expect.any(Number) });
    client.queryCalls[2]!.resolve(answerFor(block, client.queryCalls[2]!.request, [{ name: "again" }]));
    await settle();
    expect(sync.snapshot().queries[0]?.phase).toBe("ready");
    sync.retry("nope");
    expect(client.queryCalls).toHaveLength(3);
  });

  it("refuses an answer for a replaced definition instead of showing it", async () => {
    sync.start();
    client.queryCalls[0]!.resolve({ ...answerFor(block, client.queryCalls[0]!.request, [{ name: "x" }]), key: "another definition" });
    await settle();
    expect(state.value("runs")).toBeNull();
    expect(sync.snapshot().queries[0]).toMatchObject({ phase: "error", message: REPLACED_DEFINITION_MESSAGE });
  });

  it("asks for the chips at start and again when the visible values change, keeping the last answer on failure", async () => {
    sync.start();
    expect(client.linkCalls.map((call) => call.request)).toEqual([{ messageId: "message-1", blockId: block.id, values: { failedOnly: false, wide: false } }]);
    const chip: UiLinkResolution = { nodeId: "n1", status: "chip", label: "4f2c9e1", target: { kind: "commit", sha: "4f2c9e1" }, navigation: { href: "/projects/demo/commits/4f2c9e1" } };
    client.linkCalls[0]!.resolve([chip]);
    await settle();
    expect(sync.snapshot().links.get("n1")).toEqual(chip);
    state.set("wide", true);
    vi.advanceTimersByTime(BLOCK_DATA_DEBOUNCE_MS);
    expect(client.linkCalls).toHaveLength(2);
    client.linkCalls[1]!.reject(new ProjectDataError("offline:database", "no"));
    await settle();
    expect(sync.snapshot().links.get("n1")).toEqual(chip);
  });

  it("stops: no request after stop, and requests in flight are cancelled", () => {
    sync.start();
    sync.stop();
    expect(client.queryCalls[0]!.signal.aborted).toBe(true);
    state.set("failedOnly", true);
    vi.advanceTimersByTime(BLOCK_DATA_DEBOUNCE_MS * 2);
    expect(client.queryCalls).toHaveLength(1);
    // Started again (React's strict mode does this), it fetches afresh.
    sync.start();
    expect(client.queryCalls).toHaveLength(2);
  });
});
