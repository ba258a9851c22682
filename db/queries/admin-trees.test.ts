/**
 * The admin listing over real stored replies (stored the way the chat core
 * stores them) on PGlite and on Postgres: every filter narrows to exactly the
 * trees it names, filters combine, keyset pages cover the set once in every
 * sort, the derived facts (node count, dialects, codes) match the stored
 * trees, and nothing is read for a caller who is no admin.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openTestDatabase } = await import("@/lib/chat/testing/chat-test-setup");
const { createPerson, storeTestReply, toolCard } = await import("@/lib/admin/testing/stored-replies");
const { countStoredTrees, getStoredTree, listPanelRevisions, listStoredTreeModels, listStoredTrees, listStoredTreeRecords } = await import("./admin-trees");
const { getDatabase } = await import("@/db/client");
const { sql } = await import("drizzle-orm");
const { UiBlocksSchema } = await import("@/lib/ui/envelope/schema");
const { STORED_TREE_SORTS } = await import("@/lib/admin/stored-tree-filter");
type StoredTreeFilter = import("@/lib/admin/stored-tree-filter").StoredTreeFilter;
type StoredTreeSort = import("@/lib/admin/stored-tree-filter").StoredTreeSort;
type Actor = import("@/lib/auth/policy").Actor;

/** The database's clock now (the one `created_at` is taken from). */
async function databaseNow(): Promise<Date> {
  const result = await (await getDatabase()).execute<{ now: string }>(sql`select now()::text as now`);
  const rows = Array.isArray(result) ? result : ((result as unknown as { rows: { now: string }[] }).rows ?? []);
  return new Date(rows[0]!.now);
}

const fence = (body: string, info = "ui") => "```" + info + "\n" + body + "\n```";

describe.each(["pglite", "postgres"] as const)("the stored-tree listing on %s", (kind) => {
  let release: () => Promise<void> = async () => {};
  let admin: Actor;
  let ids: Record<string, string> = {};
  let alice: Actor & { email: string };
  let guest: Actor & { email: string };
  let chatOfPanel = "";
  let startedAt: Date;

  beforeAll(async () => {
    const handle = await openTestDatabase(kind);
    release = handle.release;
    admin = await createPerson({ admin: true, name: "Admin" });
    alice = await createPerson({ name: "Alice" });
    const bob = await createPerson({ name: "Bob" });
    guest = await createPerson({ guest: true });
    startedAt = await databaseNow();
    const refused = await storeTestReply({ owner: alice, text: `The invoice check:\n${fence('<Tag tone="warning" color="red">flaky</Tag>')}`, model: "replay:default" });
    const stats = await storeTestReply({
      owner: alice,
      text: `Numbers:\n${fence('<Stats><Stat label="Passed" value={42}/><Stat label="Failed" value={3}/></Stats>', "ui id=build")}`,
      model: "openai:gpt-5",
    });
    chatOfPanel = stats.chatId;
    const panelAgain = await storeTestReply({
      owner: alice,
      chatId: stats.chatId,
      text: `Now:\n${fence('<Stats><Stat label="Passed" value={44}/><Stat label="Failed" value={1}/></Stats>', "ui id=build")}`,
      model: "openai:gpt-5",
    });
    const genui = await storeTestReply({
      owner: guest,
      text: `A form:\n${fence(JSON.stringify({ items: [{ type: "text", text: "Hi", color: "red" }, { type: "input", field: "name" }] }), "octo-ui")}`,
      model: "replay:default",
    });
    const tool = await storeTestReply({ owner: bob, text: "Here is a card.", model: "openai:gpt-5", tools: [toolCard("call_1", { items: [{ type: "text", text: "ok" }] }, 15)] });
    const budget = await storeTestReply({ owner: bob, text: Array.from({ length: 17 }, (_unused, index) => fence(`<Tag>t${index}</Tag>`)).join("\n"), model: "replay:default" });
    await storeTestReply({ owner: bob, text: "Just words, no UI at all.", model: "replay:default" });
    ids = { refused: refused.messageId, stats: stats.messageId, panelAgain: panelAgain.messageId, genui: genui.messageId, tool: tool.messageId, budget: budget.messageId };
  }, 120_000);

  afterAll(async () => {
    await release();
  });

  /** The ids of this suite's trees a filter lists, in order (other suites may share the Postgres database: they are left out). */
  async function idsOf(filter: StoredTreeFilter, sort: StoredTreeSort = "newest"): Promise<string[]> {
    const page = await listStoredTrees({ adminUserId: admin.userId, query: { filter: { from: startedAt, ...filter }, sort, limit: 100, after: null } });
    return mine(page.rows.map((row) => row.messageId));
  }
  const mine = (list: string[]) => list.filter((id) => Object.values(ids).includes(id));
  const named = (...names: string[]) => names.map((name) => ids[name]);

  it("lists every stored tree (replies without UI are none), newest first, with who, model and facts", async () => {
    expect(await idsOf({})).toEqual(named("budget", "tool", "genui", "panelAgain", "stats", "refused"));
    const page = await listStoredTrees({ adminUserId: admin.userId, query: { filter: { from: startedAt }, sort: "newest", limit: 100, after: null } });
    const guestRow = page.rows.find((row) => row.messageId === ids.genui);
    expect(guestRow).toMatchObject({ userId: guest.userId, userIsAnonymous: true, model: "replay:default", dialects: ["octo-ui"], nodes: 2 });
    expect(page.rows.find((row) => row.messageId === ids.tool)).toMatchObject({ dialects: ["render_ui"], nodes: 1 });
    expect(page.rows.find((row) => row.messageId === ids.refused)).toMatchObject({ dialects: ["ui"], catalogs: ["1"], codes: ["refused_prop"], excerpt: expect.stringContaining("invoice") });
  });

  it("counts nodes in the database exactly as the stored tree holds them", async () => {
    const detail = await getStoredTree({ adminUserId: admin.userId, messageId: ids.stats! });
    const blocks = UiBlocksSchema.parse(detail?.ui);
    const count = (nodes: { children: unknown[] }[]): number => nodes.reduce((total, node) => total + 1 + count(node.children as { children: unknown[] }[]), 0);
    expect(detail?.nodes).toBe(blocks.reduce((total, block) => total + count(block.nodes), 0));
    expect(detail?.nodes).toBe(3);
    expect(detail?.size).toBe(new TextEncoder().encode(JSON.stringify(detail?.ui)).length > 0 ? detail?.size : -1);
    expect(detail?.promptedAt).toBeInstanceOf(Date);
  });

  it("narrows by each filter to exactly the trees it names", async () => {
    expect(await idsOf({ model: "openai:gpt-5" })).toEqual(named("tool", "panelAgain", "stats"));
    expect(await idsOf({ code: "refused_prop" })).toEqual(named("refused"));
    expect(await idsOf({ code: "unknown_field" })).toEqual(named("genui"));
    expect(await idsOf({ budget: true })).toEqual(named("budget"));
    expect(await idsOf({ dialect: "octo-ui" })).toEqual(named("genui"));
    expect(await idsOf({ dialect: "render_ui" })).toEqual(named("tool"));
    expect(await idsOf({ catalog: "1" })).toEqual(named("budget", "panelAgain", "stats", "refused"));
    expect(await idsOf({ user: alice.email })).toEqual(named("panelAgain", "stats", "refused"));
    expect(await idsOf({ user: guest.userId })).toEqual(named("genui"));
    expect(await idsOf({ chat: chatOfPanel })).toEqual(named("panelAgain", "stats"));
    expect(await idsOf({ minNodes: 3, maxNodes: 3 })).toEqual(named("panelAgain", "stats"));
    expect(await idsOf({ minNodes: 17 })).toEqual(named("budget"));
    expect(await idsOf({ q: "invoice" })).toEqual(named("refused"));
    expect(await idsOf({ q: "card" })).toEqual(named("tool"));
    expect(await idsOf({ from: new Date(Date.now() + 60_000) })).toEqual([]);
    expect(await idsOf({ from: new Date(0), to: startedAt })).toEqual([]);
    const largest = (await idsOf({}, "size"))[0]!;
    const largestSize = (await getStoredTree({ adminUserId: admin.userId, messageId: largest }))!.size;
    expect(await idsOf({ minSize: largestSize })).toEqual([largest]);
    expect(await idsOf({ maxSize: largestSize - 1 })).not.toContain(largest);
  });

  it("combines filters with AND", async () => {
    expect(await idsOf({ model: "openai:gpt-5", code: "refused_prop" })).toEqual([]);
    expect(await idsOf({ model: "replay:default", code: "refused_prop", from: startedAt, to: new Date(Date.now() + 60_000) })).toEqual(named("refused"));
    expect(await idsOf({ user: alice.email, minNodes: 3 })).toEqual(named("panelAgain", "stats"));
    expect(await countStoredTrees({ adminUserId: admin.userId, filter: { from: startedAt, user: alice.email } })).toBe(3);
  });

  it("pages by keyset through the whole set once, in every sort", async () => {
    for (const sort of STORED_TREE_SORTS) {
      const all = await idsOf({}, sort);
      const seen: string[] = [];
      let after = null;
      do {
        const page: Awaited<ReturnType<typeof listStoredTrees>> = await listStoredTrees({ adminUserId: admin.userId, query: { filter: { from: startedAt }, sort, limit: 2, after } });
        seen.push(...page.rows.map((row) => row.messageId));
        after = page.next;
      } while (after !== null);
      expect(new Set(seen).size, "no row twice").toBe(seen.length);
      const paged = mine(seen);
      expect(paged, sort).toEqual(all);
      expect(new Set(paged).size).toBe(6);
    }
    expect(await idsOf({}, "oldest")).toEqual(named("refused", "stats", "panelAgain", "genui", "tool", "budget"));
    const records = await listStoredTreeRecords({ adminUserId: admin.userId, query: { filter: { code: "refused_prop", from: startedAt, user: alice.email }, sort: "newest", limit: 10, after: null } });
    expect(records.rows[0]).toMatchObject({ messageId: ids.refused, text: expect.stringContaining("invoice"), ui: expect.any(Array) });
  });

  it("finds the revisions of a panel in its chat, and the models that wrote stored trees", async () => {
    const revisions = await listPanelRevisions({ adminUserId: admin.userId, chatId: chatOfPanel, panelIds: ["build"] });
    expect(revisions.map((row) => row.messageId)).toEqual(named("stats", "panelAgain"));
    const models = await listStoredTreeModels({ adminUserId: admin.userId });
    expect(models).toEqual(expect.arrayContaining(["openai:gpt-5", "replay:default"]));
    expect(models).toEqual([...models].sort());
  });

  it("reads nothing for a caller who is no admin", async () => {
    for (const caller of [alice.userId, guest.userId, "nobody"]) {
      expect((await listStoredTrees({ adminUserId: caller, query: { filter: {}, sort: "newest", limit: 100, after: null } })).rows).toEqual([]);
      expect(await getStoredTree({ adminUserId: caller, messageId: ids.refused! })).toBeNull();
      expect(await listStoredTreeModels({ adminUserId: caller })).toEqual([]);
      expect(await countStoredTrees({ adminUserId: caller, filter: {} })).toBe(0);
      expect(await listPanelRevisions({ adminUserId: caller, chatId: chatOfPanel, panelIds: ["build"] })).toEqual([]);
    }
  });
});
