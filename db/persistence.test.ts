/**
 * One persistence suite, run on both databases: a fresh in-memory PGlite and
 * a fresh Postgres database (TEST_DATABASE_URL from the test runner, or one
 * this suite creates and drops). Postgres being unreachable fails the suite.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { UiBlocksSchema, type UiBlock } from "@/lib/ui/envelope/schema";

vi.mock("server-only", () => ({}));

const { openDatabase, migrateDatabase, MIGRATIONS_FOLDER } = await import("./client");
const { createChat, deleteChat, getChat, listChats, renameChat } = await import("./queries/chats");
const { appendMessage, listMessages } = await import("./queries/messages");
const { getPanelState, listPanelStates, upsertPanelState } = await import("./queries/panels");
const { addPreamble, consumePreambles } = await import("./queries/preambles");
const { listStoredTrees } = await import("./queries/admin-trees");
const { getUser, setUserRole, transferChats } = await import("./queries/users");
const { users } = await import("./schema");
const { createTestDatabase, DEFAULT_POSTGRES_ADMIN_URL } = await import("./test-database");
const { openTestPostgres } = await import("./open-test-postgres");
const { AppError } = await import("@/lib/errors");

type Connection = ReturnType<typeof openDatabase>;
type Database = Connection["database"];

/** How to get a fresh, empty database of one kind, and how to give it back. */
type Target = {
  name: string;
  open: () => Promise<{ connection: Connection; release: () => Promise<void> }>;
  /** Another empty database on the same server, for the migrate-from-empty tests. */
  openScratch: () => Promise<{ connection: Connection; release: () => Promise<void> }>;
};

const pgliteTarget: Target = {
  name: "PGlite",
  open: async () => {
    const connection = openDatabase({ dataDir: "memory://" });
    return { connection, release: () => connection.close() };
  },
  openScratch: async () => {
    const connection = openDatabase({ dataDir: "memory://" });
    return { connection, release: () => connection.close() };
  },
};

const postgresTarget: Target = {
  name: "Postgres",
  open: () => openTestPostgres(),
  openScratch: async () => {
    const created = await createTestDatabase({ adminUrl: process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_ADMIN_URL });
    const connection = openDatabase({ url: created.url });
    return {
      connection,
      release: async () => {
        await connection.close();
        await created.drop();
      },
    };
  },
};

const APP_TABLES = [
  "accounts",
  "admin_audit_events",
  "admin_recompile_changes",
  "admin_recompile_runs",
  "artifact_versions",
  "artifacts",
  "attachments",
  "chat_bus_payloads",
  "chats",
  "compare_panes",
  "compare_runs",
  "compare_shares",
  "compare_votes",
  "host_actions",
  "messages",
  "panels",
  "preambles",
  "project_branches",
  "project_builds",
  "project_commits",
  "project_diffs",
  "project_files",
  "project_incidents",
  "project_issues",
  "project_members",
  "project_metrics",
  "project_node_edges",
  "project_nodes",
  "project_releases",
  "project_test_runs",
  "projects",
  "reply_checkpoints",
  "sessions",
  "user_preferences",
  "users",
  "verifications",
];

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

/** Runs the committed migration `tag` statement by statement, as the migrator would. */
async function runMigrationFile(database: Database, tag: string): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim() !== "") await database.execute(sql.raw(statement));
  }
}

/** Rows of a raw query, whichever driver answered (postgres.js returns an array, PGlite `{rows}`). */
async function rowsOf<Row>(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await database.execute(query);
  if (Array.isArray(result)) return result as Row[];
  return (result as { rows: Row[] }).rows;
}

let userCounter = 0;
async function createUser(database: Database, options: { role?: "user" | "admin" } = {}) {
  userCounter += 1;
  const id = `user-${crypto.randomUUID()}`;
  await database.insert(users).values({
    id,
    name: `Person ${userCounter}`,
    email: `person-${userCounter}-${id}@example.test`,
    role: options.role ?? "user",
  });
  return id;
}

/** A compiled block as the compiler stores it: nested nodes, expressions, bindings, diagnostics, unicode. */
function buildStatusBlock(revision: number): UiBlock {
  return {
    id: "reply-1:0",
    range: { start: 12, end: 412 },
    source: { start: 19, end: 408 },
    catalog: "1",
    declarations: [
      { name: "showFailed", kind: "state", expression: "false", value: false, range: { start: 0, end: 19 } },
      { name: "failed", kind: "computed", expression: "runs.filter(r => r.status == 'failed')", range: { start: 20, end: 70 } },
      {
        name: "runs",
        kind: "query",
        expression: '@Query("tests", {branch: "main"})',
        source: "tests",
        arguments: '{branch: "main"}',
        range: { start: 71, end: 110 },
      },
    ],
    nodes: [
      {
        id: "reply-1:0:111",
        type: "Stats",
        props: { title: "Build ✓ — main", columns: 3, compact: true, ratio: 0.875, note: null },
        expressions: { items: "[{label: 'passed', value: 42}, {label: 'failed', value: len($failed)}]" },
        bindings: {},
        children: [],
        range: { start: 111, end: 200 },
        complete: true,
      },
      {
        id: "reply-1:0:201",
        type: "Switch",
        props: { label: "Show failed only" },
        expressions: {},
        bindings: { checked: "showFailed" },
        children: [],
        range: { start: 201, end: 250 },
        complete: true,
      },
      {
        id: "reply-1:0:251",
        type: "Show",
        props: {},
        expressions: { when: "$showFailed" },
        bindings: {},
        children: [
          {
            id: "reply-1:0:270",
            type: "Table",
            props: { columns: ["name", "duration", "status"], empty: "Nothing failed 🎉", "data-x": "quote \" and \\ backslash" },
            expressions: { rows: "$failed" },
            bindings: {},
            children: [
              {
                id: "reply-1:0:300",
                type: "#text",
                props: { text: "Zeilen: äöü · 日本語 · emoji 👩🏽‍💻 · line\nbreak\ttab" },
                expressions: {},
                bindings: {},
                children: [],
                range: { start: 300, end: 340 },
                complete: true,
              },
            ],
            range: { start: 270, end: 380 },
            complete: true,
          },
        ],
        range: { start: 251, end: 400 },
        complete: true,
      },
    ],
    diagnostics: [{ code: "unknown_prop", message: "Table has no prop `data-x`; it was kept as data.", range: { start: 290, end: 296 }, nodeId: "reply-1:0:270" }],
    fallback: "**Build main**: 42 passed, 1 failed",
    complete: true,
    revision,
  };
}

const genuiSpec = {
  fences: [
    {
      id: "sales",
      spec: {
        root: "card",
        elements: {
          card: { type: "Card", props: { title: "Sales Q3" }, children: ["table", "slider"] },
          table: { type: "Table", props: { sortable: true, rows: [{ region: "EU", revenue: 1250.5 }, { region: "US", revenue: -3 }] } },
          slider: { type: "Slider", props: { min: 0, max: 100, step: 0.5 }, visibleWhen: { path: "/showSlider", eq: true } },
        },
      },
    },
  ],
  toolResults: [{ toolCallId: "call_1", name: "render_ui", spec: { root: "a", elements: { a: { type: "Text", props: { text: "ok" } } } } }],
};

const receipt = { hidden: 1, trimmed: 2, entries: [{ code: "clamped_rows", message: "Table rows trimmed to 200", blockId: "sales" }] };

describe.each([pgliteTarget, postgresTarget])("persistence on $name", (target) => {
  let connection: Connection;
  let release: () => Promise<void> = async () => {};
  let database: Database;
  let unavailable: unknown;

  beforeAll(async () => {
    try {
      const opened = await target.open();
      connection = opened.connection;
      release = opened.release;
      database = connection.database;
      await migrateDatabase(connection);
    } catch (caught) {
      unavailable = caught;
    }
  }, 60_000);

  // An unreachable database fails every test of the suite with its message; nothing is skipped.
  beforeEach(() => {
    if (unavailable) throw unavailable;
  });

  afterAll(async () => {
    await release();
  });

  describe("migrations", () => {
    it("create every table from an empty database, and a second and concurrent runs change nothing", async () => {
      const scratch = await target.openScratch();
      try {
        const before = await rowsOf<{ table_name: string }>(
          scratch.connection.database,
          sql`select table_name from information_schema.tables where table_schema = 'public'`,
        );
        expect(before).toEqual([]);
        await Promise.all([migrateDatabase(scratch.connection), migrateDatabase(scratch.connection)]);
        await migrateDatabase(scratch.connection);
        const tables = await rowsOf<{ table_name: string }>(
          scratch.connection.database,
          sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
        );
        expect(tables.map((row) => row.table_name)).toEqual(APP_TABLES);
        const applied = await rowsOf<{ count: number | string }>(
          scratch.connection.database,
          sql`select count(*) as count from drizzle.__drizzle_migrations`,
        );
        expect(Number(applied[0]?.count)).toBe(journal.entries.length);
      } finally {
        await scratch.release();
      }
    }, 60_000);
  });

  describe("message kinds (0003)", () => {
    it("mark the silent turns stored before them as actions, and refuse a silent turn that is not one", async () => {
      const scratch = await target.openScratch();
      try {
        const scratchDatabase = scratch.connection.database;
        const tags = journal.entries.map((entry) => entry.tag);
        const kinds = tags.indexOf("0003_message_kind");
        for (const tag of tags.slice(0, kinds)) await runMigrationFile(scratchDatabase, tag);
        // Raw SQL: the schema in code has columns of later migrations this scratch database does not have yet.
        await scratchDatabase.execute(sql`insert into users (id, name, email) values ('old-owner', 'Old owner', 'old-owner@example.test')`);
        await scratchDatabase.execute(sql`insert into chats (id, user_id, title, model_id) values ('old-chat', 'old-owner', 'Old', 'replay')`);
        await scratchDatabase.execute(
          sql`insert into messages (id, chat_id, sequence, role, text, silent) values ('typed', 'old-chat', 1, 'user', 'hello', false), ('pressed', 'old-chat', 2, 'user', '[octo-ui-action] {"panel":"sales","action":"refresh","fields":{}}', true), ('answer', 'old-chat', 3, 'assistant', '', true)`,
        );
        await runMigrationFile(scratchDatabase, "0003_message_kind");
        const rows = await rowsOf<{ id: string; kind: string }>(scratchDatabase, sql`select id, kind from messages order by sequence`);
        expect(rows).toEqual([
          { id: "typed", kind: "prompt" },
          { id: "pressed", kind: "action" },
          { id: "answer", kind: "prompt" },
        ]);
      } finally {
        await scratch.release();
      }

      const owner = await createUser(database);
      const chat = await createChat({ database, userId: owner, title: "Kinds", modelId: "replay" });
      for (const kind of ["prompt", "choice"] as const) {
        await expect(appendMessage({ database, userId: owner, chatId: chat.id, message: { role: "user", text: "[octo-ui-action] {}", kind, silent: true } })).rejects.toBeInstanceOf(AppError);
      }
      await expect(appendMessage({ database, userId: owner, chatId: chat.id, message: { role: "assistant", text: "x", kind: "choice" } })).rejects.toBeInstanceOf(AppError);
      const action = { label: "Refresh", fields: [{ label: "Range", value: "Last 30 days" }] };
      const pressed = await appendMessage({ database, userId: owner, chatId: chat.id, message: { role: "user", text: "[octo-ui-action] {}", kind: "action", silent: true, action } });
      expect(pressed).toMatchObject({ kind: "action", silent: true, action });
      const typed = await appendMessage({ database, userId: owner, chatId: chat.id, message: { role: "user", text: "hi" } });
      expect(typed).toMatchObject({ kind: "prompt", silent: false, action: null });
    }, 60_000);
  });

  describe("chats", () => {
    it("create, get, list, rename and delete, scoped by user", async () => {
      const owner = await createUser(database);
      const stranger = await createUser(database);
      const first = await createChat({ database, userId: owner, title: "First", modelId: "replay" });
      const second = await createChat({ database, userId: owner, title: "Second", modelId: "replay" });
      expect(first).toMatchObject({ userId: owner, title: "First", modelId: "replay", lastSequence: 0 });

      expect(await getChat({ database, userId: owner, chatId: first.id })).toEqual(first);
      expect(await getChat({ database, userId: stranger, chatId: first.id })).toBeNull();
      expect(await getChat({ database, userId: owner, chatId: "no-such-chat" })).toBeNull();

      await appendMessage({ database, userId: owner, chatId: first.id, message: { role: "user", text: "bump" } });
      const listed = await listChats({ database, userId: owner });
      expect(listed.map((chat) => chat.id)).toEqual([first.id, second.id]);
      expect(await listChats({ database, userId: stranger })).toEqual([]);
      const firstPage = await listChats({ database, userId: owner, limit: 1 });
      expect(firstPage.map((chat) => chat.id)).toEqual([first.id]);
      const nextPage = await listChats({ database, userId: owner, limit: 1, before: firstPage[0]?.updatedAt });
      expect(nextPage.map((chat) => chat.id)).toEqual([second.id]);

      expect(await renameChat({ database, userId: stranger, chatId: first.id, title: "Hijacked" })).toBeNull();
      const renamed = await renameChat({ database, userId: owner, chatId: first.id, title: "Renamed" });
      expect(renamed?.title).toBe("Renamed");
      expect((await getChat({ database, userId: owner, chatId: first.id }))?.title).toBe("Renamed");

      expect(await deleteChat({ database, userId: stranger, chatId: first.id })).toBe(false);
      expect(await getChat({ database, userId: owner, chatId: first.id })).not.toBeNull();
      expect(await deleteChat({ database, userId: owner, chatId: first.id })).toBe(true);
      expect(await getChat({ database, userId: owner, chatId: first.id })).toBeNull();
      expect(await deleteChat({ database, userId: owner, chatId: first.id })).toBe(false);
    });

    it("wraps driver errors in AppError: a duplicate id is conflict:database", async () => {
      const owner = await createUser(database);
      const chat = await createChat({ database, userId: owner, title: "Once", modelId: "replay" });
      const duplicate = createChat({ database, userId: owner, title: "Twice", modelId: "replay", id: chat.id });
      await expect(duplicate).rejects.toBeInstanceOf(AppError);
      await expect(duplicate).rejects.toMatchObject({ code: "conflict:database", status: 409, visibility: "log" });
      const orphan = createChat({ database, userId: "no-such-user", title: "Orphan", modelId: "replay" });
      await expect(orphan).rejects.toMatchObject({ code: "offline:database", status: 503 });
    });
  });

  describe("messages", () => {
    it("append in sequence, list in order, hide silent turns on request, scoped by user", async () => {
      const owner = await createUser(database);
      const stranger = await createUser(database);
      const chat = await createChat({ database, userId: owner, title: "Thread", modelId: "replay" });

      const prompt = await appendMessage({ database, userId: owner, chatId: chat.id, message: { role: "user", text: "Show the build" } });
      const reply = await appendMessage({
        database,
        userId: owner,
        chatId: chat.id,
        message: { role: "assistant", text: "Here it is", model: "replay", ui: [], status: "stopped" },
      });
      const silent = await appendMessage({
        database,
        userId: owner,
        chatId: chat.id,
        message: { role: "user", text: '[octo-ui-action] {"panel":"sales","action":"refresh"}', kind: "action", silent: true },
      });
      expect([prompt?.sequence, reply?.sequence, silent?.sequence]).toEqual([1, 2, 3]);
      expect(prompt).toMatchObject({ role: "user", status: "complete", silent: false, ui: null, genui: null, model: null });
      expect(reply).toMatchObject({ role: "assistant", status: "stopped", model: "replay", ui: [] });

      expect(await appendMessage({ database, userId: stranger, chatId: chat.id, message: { role: "user", text: "intrude" } })).toBeNull();

      const all = await listMessages({ database, userId: owner, chatId: chat.id });
      expect(all.map((message) => message.sequence)).toEqual([1, 2, 3]);
      const visible = await listMessages({ database, userId: owner, chatId: chat.id, includeSilent: false });
      expect(visible.map((message) => message.text)).toEqual(["Show the build", "Here it is"]);
      expect(await listMessages({ database, userId: stranger, chatId: chat.id })).toEqual([]);
      const bumped = await getChat({ database, userId: owner, chatId: chat.id });
      expect(bumped?.lastSequence).toBe(3);
      expect(bumped!.updatedAt.getTime()).toBeGreaterThanOrEqual(chat.updatedAt.getTime());
    });

    it("give concurrent appends distinct consecutive sequence numbers", async () => {
      const owner = await createUser(database);
      const chat = await createChat({ database, userId: owner, title: "Busy", modelId: "replay" });
      const appended = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          appendMessage({ database, userId: owner, chatId: chat.id, message: { role: "user", text: `message ${index}` } }),
        ),
      );
      expect(appended.map((message) => message?.sequence).sort((left, right) => left! - right!)).toEqual(
        Array.from({ length: 12 }, (_, index) => index + 1),
      );
    });

    it("round-trip realistic UI trees, GenUI specs and receipts through jsonb unchanged", async () => {
      const owner = await createUser(database);
      const chat = await createChat({ database, userId: owner, title: "Trees", modelId: "replay" });
      const blocks = [buildStatusBlock(1), { ...buildStatusBlock(2), id: "build", complete: false, diagnostics: [] }];
      const stored = await appendMessage({
        database,
        userId: owner,
        chatId: chat.id,
        message: { role: "assistant", text: "```ui\n…\n```", ui: blocks, genui: genuiSpec, diagnostics: receipt, model: "replay" },
      });
      const [loaded] = await listMessages({ database, userId: owner, chatId: chat.id });
      expect(loaded?.id).toBe(stored?.id);
      expect(loaded?.ui).toEqual(blocks);
      expect(loaded?.genui).toEqual(genuiSpec);
      expect(loaded?.diagnostics).toEqual(receipt);
      expect(UiBlocksSchema.parse(loaded?.ui)).toEqual(blocks);
      // Stored as jsonb structures, not as JSON strings inside jsonb (a double-encoding driver bug would pass the round trip).
      const kinds = await rowsOf<{ ui: string; genui: string; first_type: string }>(
        database,
        sql`select jsonb_typeof(ui) as ui, jsonb_typeof(genui) as genui, ui->0->'nodes'->0->>'type' as first_type from messages where id = ${stored!.id}`,
      );
      expect(kinds).toEqual([{ ui: "array", genui: "object", first_type: "Stats" }]);
    });
  });

  describe("panels", () => {
    async function chatWithReply() {
      const owner = await createUser(database);
      const chat = await createChat({ database, userId: owner, title: "Panels", modelId: "replay" });
      const reply = await appendMessage({
        database,
        userId: owner,
        chatId: chat.id,
        message: { role: "assistant", text: "panel", ui: [buildStatusBlock(1)] },
      });
      return { owner, chat, reply: reply! };
    }

    it("insert, read, advance and refuse stale revisions, scoped by user and chat", async () => {
      const { owner, chat, reply } = await chatWithReply();
      const stranger = await createUser(database);
      const state = { values: { region: "EU", threshold: 0.5 }, tab: "chart", folds: { details: true } };

      expect(await getPanelState({ database, userId: owner, chatId: chat.id, panelId: "sales" })).toBeNull();
      const created = await upsertPanelState({ database, userId: owner, chatId: chat.id, panelId: "sales", revision: 1, messageId: reply.id, state });
      expect(created).toMatchObject({ applied: true, panel: { chatId: chat.id, panelId: "sales", revision: 1, messageId: reply.id, state } });
      expect(await getPanelState({ database, userId: owner, chatId: chat.id, panelId: "sales" })).toEqual(created?.panel);

      const advanced = await upsertPanelState({
        database, userId: owner, chatId: chat.id, panelId: "sales", revision: 2, messageId: reply.id, state: { values: {} },
      });
      expect(advanced).toMatchObject({ applied: true, panel: { revision: 2, state: { values: {} } } });

      const stale = await upsertPanelState({
        database, userId: owner, chatId: chat.id, panelId: "sales", revision: 1, messageId: reply.id, state: { values: { region: "stale" } },
      });
      expect(stale).toMatchObject({ applied: false, panel: { revision: 2, state: { values: {} } } });

      expect(await getPanelState({ database, userId: stranger, chatId: chat.id, panelId: "sales" })).toBeNull();
      expect(await listPanelStates({ database, userId: stranger, chatId: chat.id })).toEqual([]);
      const intrusion = await upsertPanelState({
        database, userId: stranger, chatId: chat.id, panelId: "sales", revision: 9, messageId: reply.id, state: { owned: true },
      });
      expect(intrusion).toBeNull();

      // A message of another chat cannot be attached to this chat's panel, even by the same owner.
      const other = await createChat({ database, userId: owner, title: "Other", modelId: "replay" });
      const otherReply = await appendMessage({ database, userId: owner, chatId: other.id, message: { role: "assistant", text: "x" } });
      expect(
        await upsertPanelState({ database, userId: owner, chatId: chat.id, panelId: "sales", revision: 5, messageId: otherReply!.id, state: {} }),
      ).toBeNull();

      await upsertPanelState({ database, userId: owner, chatId: chat.id, panelId: "build", revision: 0, messageId: reply.id, state: [] });
      const listed = await listPanelStates({ database, userId: owner, chatId: chat.id });
      expect(listed.map((panel) => [panel.panelId, panel.revision])).toEqual([["build", 0], ["sales", 2]]);
    });

    it("resolve concurrent upserts without errors: the newest revision wins", async () => {
      const { owner, chat, reply } = await chatWithReply();
      const revisions = [3, 7, 1, 7, 5, 2, 6, 4, 7, 0, 6, 3, 5, 1, 2, 4];
      const results = await Promise.all(
        revisions.map((revision, writer) =>
          upsertPanelState({
            database, userId: owner, chatId: chat.id, panelId: "sales", revision, messageId: reply.id, state: { writer, revision },
          }),
        ),
      );
      expect(results.every((result) => result !== null)).toBe(true);
      const final = await getPanelState({ database, userId: owner, chatId: chat.id, panelId: "sales" });
      expect(final?.revision).toBe(7);
      const winner = (final?.state as { writer: number }).writer;
      expect(revisions[winner]).toBe(7);
      expect(final?.state).toEqual({ writer: winner, revision: 7 });
    });
  });

  describe("preambles", () => {
    it("queue per chat, consume oldest first exactly once, scoped by user", async () => {
      const owner = await createUser(database);
      const stranger = await createUser(database);
      const chat = await createChat({ database, userId: owner, title: "Receipts", modelId: "replay" });
      const first = await appendMessage({ database, userId: owner, chatId: chat.id, message: { role: "assistant", text: "one" } });
      const second = await appendMessage({ database, userId: owner, chatId: chat.id, message: { role: "assistant", text: "two" } });

      expect(await addPreamble({ database, userId: stranger, chatId: chat.id, messageId: first!.id, diagnostics: receipt })).toBeNull();
      const added = await addPreamble({ database, userId: owner, chatId: chat.id, messageId: first!.id, diagnostics: receipt });
      expect(added).toMatchObject({ chatId: chat.id, messageId: first!.id, diagnostics: receipt, consumedAt: null });
      await addPreamble({ database, userId: owner, chatId: chat.id, messageId: second!.id, diagnostics: { hidden: 0, trimmed: 1, entries: [] } });

      expect(await consumePreambles({ database, userId: stranger, chatId: chat.id })).toEqual([]);
      const consumed = await consumePreambles({ database, userId: owner, chatId: chat.id });
      expect(consumed.map((preamble) => preamble.messageId)).toEqual([first!.id, second!.id]);
      expect(consumed.every((preamble) => preamble.consumedAt instanceof Date)).toBe(true);
      expect(await consumePreambles({ database, userId: owner, chatId: chat.id })).toEqual([]);
    });

    it("give each waiting preamble to one of several racing prompts", async () => {
      const owner = await createUser(database);
      const chat = await createChat({ database, userId: owner, title: "Race", modelId: "replay" });
      const reply = await appendMessage({ database, userId: owner, chatId: chat.id, message: { role: "assistant", text: "r" } });
      for (let index = 0; index < 5; index += 1) {
        await addPreamble({ database, userId: owner, chatId: chat.id, messageId: reply!.id, diagnostics: { index } });
      }
      const takes = await Promise.all(Array.from({ length: 6 }, () => consumePreambles({ database, userId: owner, chatId: chat.id })));
      const taken = takes.flat().map((preamble) => (preamble.diagnostics as { index: number }).index);
      expect(taken.sort()).toEqual([0, 1, 2, 3, 4]);
    });
  });

  describe("deleting a chat", () => {
    it("removes its messages, panels and preambles", async () => {
      const owner = await createUser(database);
      const chat = await createChat({ database, userId: owner, title: "Doomed", modelId: "replay" });
      const reply = await appendMessage({ database, userId: owner, chatId: chat.id, message: { role: "assistant", text: "r", ui: [] } });
      await upsertPanelState({ database, userId: owner, chatId: chat.id, panelId: "p", revision: 1, messageId: reply!.id, state: {} });
      await addPreamble({ database, userId: owner, chatId: chat.id, messageId: reply!.id, diagnostics: {} });
      expect(await deleteChat({ database, userId: owner, chatId: chat.id })).toBe(true);
      const left = await rowsOf<{ messages: number | string; panels: number | string; preambles: number | string }>(
        database,
        sql`select (select count(*) from messages where chat_id = ${chat.id}) as messages,
                   (select count(*) from panels where chat_id = ${chat.id}) as panels,
                   (select count(*) from preambles where chat_id = ${chat.id}) as preambles`,
      );
      expect(left.map((row) => [Number(row.messages), Number(row.panels), Number(row.preambles)])).toEqual([[0, 0, 0]]);
    });
  });

  describe("admin", () => {
    it("lists stored final trees across users, newest first, only for an admin", async () => {
      const admin = await createUser(database, { role: "admin" });
      const alice = await createUser(database);
      const bob = await createUser(database);
      const aliceChat = await createChat({ database, userId: alice, title: "Alice's", modelId: "replay" });
      const bobChat = await createChat({ database, userId: bob, title: "Bob's", modelId: "replay" });
      const tree = [buildStatusBlock(1)];
      const first = await appendMessage({ database, userId: alice, chatId: aliceChat.id, message: { role: "assistant", text: "a", ui: tree, model: "replay" } });
      await appendMessage({ database, userId: alice, chatId: aliceChat.id, message: { role: "assistant", text: "plain text only" } });
      const second = await appendMessage({ database, userId: bob, chatId: bobChat.id, message: { role: "assistant", text: "b", genui: genuiSpec } });

      const query = (limit: number, after: { key: string | number; id: string } | null = null) => ({ filter: {}, sort: "newest" as const, limit, after });
      const page = (await listStoredTrees({ database, adminUserId: admin, query: query(100) })).rows;
      const mine = page.filter((entry) => entry.chatId === aliceChat.id || entry.chatId === bobChat.id);
      expect(mine.map((entry) => entry.messageId)).toEqual([second!.id, first!.id]);
      expect(mine[1]).toMatchObject({ chatTitle: "Alice's", userId: alice, dialects: ["ui"], model: "replay", status: "complete" });
      expect(mine[0]).toMatchObject({ chatTitle: "Bob's", userId: bob, model: null });

      const newest = await listStoredTrees({ database, adminUserId: admin, query: query(1) });
      expect(newest.rows).toHaveLength(1);
      const older = await listStoredTrees({ database, adminUserId: admin, query: query(100, newest.next) });
      expect(older.rows.some((entry) => entry.messageId === newest.rows[0]!.messageId)).toBe(false);

      expect((await listStoredTrees({ database, adminUserId: alice, query: query(100) })).rows).toEqual([]);
      expect((await listStoredTrees({ database, adminUserId: "no-such-user", query: query(100) })).rows).toEqual([]);
    });
  });

  describe("users", () => {
    it("read, change roles and move a guest's chats to their new account", async () => {
      const guest = await createUser(database);
      const account = await createUser(database);
      const chat = await createChat({ database, userId: guest, title: "Guest chat", modelId: "replay" });
      expect((await getUser({ database, userId: guest }))?.role).toBe("user");
      expect((await setUserRole({ database, userId: guest, role: "admin" }))?.role).toBe("admin");
      expect(await setUserRole({ database, userId: "no-such-user", role: "admin" })).toBeNull();
      expect(await transferChats({ database, fromUserId: guest, toUserId: account })).toBe(1);
      expect(await getChat({ database, userId: guest, chatId: chat.id })).toBeNull();
      expect(await getChat({ database, userId: account, chatId: chat.id })).not.toBeNull();
    });
  });

  describe("a closed connection", () => {
    it("fails queries with offline:database, never the driver's text", async () => {
      const scratch = await target.openScratch();
      await migrateDatabase(scratch.connection);
      await scratch.connection.close();
      try {
        const failing = getChat({ database: scratch.connection.database, userId: "u", chatId: "c" });
        await expect(failing).rejects.toMatchObject({ code: "offline:database", publicMessage: expect.stringMatching(/try again/) });
      } finally {
        await scratch.release().catch(() => {});
      }
    }, 60_000);
  });
});
