/**
 * The recompile check over stored replies on a real database: today's
 * compiler and catalog read every stored tree the same way (nothing
 * changes), and with one catalog entry changed — in this test, not in the
 * code — the batch reports exactly the trees that change and how, each
 * linked by id, and is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";

vi.mock("server-only", () => ({}));

const { openTestDatabase } = await import("@/lib/chat/testing/chat-test-setup");
const { createPerson, storeTestReply, toolCard } = await import("./testing/stored-replies");
const { startRecompileBatch, runCounts, isRecompileRunStalled } = await import("./recompile-batch");
const { recompileCheck } = await import("./recompile-check");
const { readReplyParts } = await import("./stored-reply");
const { getRecompileRun, listRecompileChanges } = await import("@/db/queries/admin-recompile");
const { getStoredTree } = await import("@/db/queries/admin-trees");
const { listAuditEvents } = await import("@/db/queries/admin-audit");
const { UI_CATALOG } = await import("@/lib/ui/catalog/catalog");
type Actor = import("@/lib/auth/policy").Actor;

const fence = (body: string, info = "ui") => "```" + info + "\n" + body + "\n```";

/** The catalog change under test: `Tag` no longer takes a `tone`. */
const TAG_WITHOUT_TONE = { ...UI_CATALOG, Tag: { ...UI_CATALOG.Tag, schema: z.strictObject({}) } };

describe.each(["pglite", "postgres"] as const)("the recompile check on %s", (kind) => {
  let release: () => Promise<void> = async () => {};
  let admin: Actor;
  let owner: Actor;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const handle = await openTestDatabase(kind);
    release = handle.release;
    admin = await createPerson({ admin: true, name: "Admin" });
    owner = await createPerson({ name: "Owner" });
    // Each reply's model names this suite, so the batch's filter takes only its own trees on a shared database.
    const model = `replay:recompile-${crypto.randomUUID()}`;
    const store = async (name: string, text: string, tools?: ReturnType<typeof toolCard>[]) => {
      ids[name] = (await storeTestReply({ owner, text, model, ...(tools ? { tools } : {}) })).messageId;
    };
    await store("oneTone", `Status:\n${fence('<Tag tone="warning">flaky</Tag>')}`);
    await store("twoTones", fence('<Callout title="Build">Red <Tag tone="danger">fail</Tag> and <Tag tone="success">pass</Tag></Callout>', "ui id=build"));
    await store("plainTag", fence("<Tag>no tone</Tag>"));
    await store("stats", fence('<Stats><Stat label="Passed" value={42} tone="success"/></Stats>'));
    await store("genui", fence(JSON.stringify({ id: "form", items: [{ type: "badge", text: "beta", tone: "info" }] }), "octo-ui"));
    await store("tool", "Card:", [toolCard("call_1", { items: [{ type: "text", text: "ok" }] }, 5)]);
    ids.model = model;
  }, 120_000);

  afterAll(async () => {
    await release();
  });

  const filter = () => ({ model: ids.model! });

  it("finds that today's compiler and catalog read every stored tree as it was stored", async () => {
    for (const name of ["oneTone", "twoTones", "plainTag", "stats", "genui", "tool"]) {
      const detail = await getStoredTree({ adminUserId: admin.userId, messageId: ids[name]! });
      const { diff } = recompileCheck({ messageId: detail!.messageId, text: detail!.text, stored: readReplyParts(detail!) });
      expect(diff.changes, name).toEqual([]);
    }
    const { runId, done } = await startRecompileBatch({ actor: admin, filter: filter() });
    await done;
    const run = await getRecompileRun({ adminUserId: admin.userId, runId });
    expect(run).toMatchObject({ status: "done", total: 6, processed: 6, changed: 0 });
    expect(await listRecompileChanges({ adminUserId: admin.userId, runId, limit: 100 })).toEqual([]);
  });

  it("reports exactly the trees a catalog change alters, and how", async () => {
    const { runId, done } = await startRecompileBatch({ actor: admin, filter: filter(), options: { catalog: TAG_WITHOUT_TONE } });
    await done;
    const run = await getRecompileRun({ adminUserId: admin.userId, runId });
    expect(run).toMatchObject({ status: "done", total: 6, processed: 6, changed: 2 });
    expect(runCounts(run!)).toEqual({ added: 0, removed: 0, props: 2, diagnostics: 2 });
    const changes = await listRecompileChanges({ adminUserId: admin.userId, runId, limit: 100 });
    const byId = new Map(changes.map((change) => [change.messageId, change]));
    expect([...byId.keys()].sort()).toEqual([ids.oneTone, ids.twoTones].sort());
    expect(byId.get(ids.oneTone!)).toMatchObject({ kinds: ["props", "diagnostics"], counts: { added: 0, removed: 0, props: 1, diagnostics: 1 } });
    expect(byId.get(ids.twoTones!)).toMatchObject({ kinds: ["props", "diagnostics"], counts: { added: 0, removed: 0, props: 2, diagnostics: 2 } });

    // Node by node: each Tag lost its tone and gained a refused_prop diagnostic.
    const detail = await getStoredTree({ adminUserId: admin.userId, messageId: ids.twoTones! });
    const { diff } = recompileCheck({ messageId: detail!.messageId, text: detail!.text, stored: readReplyParts(detail!) }, { catalog: TAG_WITHOUT_TONE });
    expect(
      diff.changes.map((change) =>
        change.kind === "changed" ? { path: change.path, props: change.props, added: change.diagnostics.added.map((item) => item.code) } : change,
      ),
    ).toEqual([
      { path: "ui block 1 (panel build) › Callout[0] › Tag[1]", props: [{ name: "tone", before: "danger", after: undefined }], added: ["refused_prop"] },
      { path: "ui block 1 (panel build) › Callout[0] › Tag[3]", props: [{ name: "tone", before: "success", after: undefined }], added: ["refused_prop"] },
    ]);
    expect(isRecompileRunStalled(run!)).toBe(false);
  });

  it("puts every batch in the audit log with who started it and its filter", async () => {
    const audit = await listAuditEvents({ adminUserId: admin.userId, limit: 200 });
    const batches = audit.rows.filter((row) => row.action === "recompile-batch" && row.actorUserId === admin.userId);
    expect(batches).toHaveLength(2);
    expect(batches[0]).toMatchObject({ actorName: "Admin", filter: { model: ids.model }, detail: { total: 6 } });
  });
});
