/**
 * The chat list's search on both databases (a fresh in-memory PGlite and a
 * fresh Postgres database): matches by title and by visible message text,
 * every word as a prefix, only the asker's own chats of the chat list,
 * silent turns never, newest first, and a snippet that is text runs with the
 * match marked (markup in a reply stays text).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openDatabase, migrateDatabase } = await import("../client");
const { createChat, renameChat } = await import("./chats");
const { appendMessage } = await import("./messages");
const { searchChats } = await import("./chat-search");
const { chats, users } = await import("../schema");
const { openTestPostgres } = await import("../open-test-postgres");
const { CHAT_SEARCH_MAX_RESULTS } = await import("@/lib/chat/list/chat-search");
const { eq, sql } = await import("drizzle-orm");

type Connection = ReturnType<typeof openDatabase>;
type Database = Connection["database"];

async function openTarget(kind: "PGlite" | "Postgres"): Promise<{ connection: Connection; release: () => Promise<void> }> {
  if (kind === "PGlite") {
    const connection = openDatabase({ dataDir: "memory://" });
    return { connection, release: () => connection.close() };
  }
  return openTestPostgres();
}

describe.each(["PGlite", "Postgres"] as const)("chat search on %s", (kind) => {
  let database: Database;
  let release: () => Promise<void>;

  beforeAll(async () => {
    const target = await openTarget(kind);
    await migrateDatabase(target.connection);
    database = target.connection.database;
    release = target.release;
  }, 60_000);
  afterAll(async () => release?.());

  async function person(): Promise<string> {
    const userId = `user-${crypto.randomUUID()}`;
    await database.insert(users).values({ id: userId, name: "Person", email: `${userId}@example.test` });
    return userId;
  }

  async function chatWith(userId: string, title: string, turns: { prompt: string; reply: string; silent?: boolean }[]) {
    const chat = await createChat({ database, userId, title, modelId: "replay:default" });
    for (const turn of turns) {
      await appendMessage({ database, userId, chatId: chat.id, message: { role: "user", text: turn.prompt, ...(turn.silent ? { kind: "action" as const, silent: true } : {}) } });
      await appendMessage({ database, userId, chatId: chat.id, message: { role: "assistant", text: turn.reply, model: "replay:default" } });
    }
    return chat;
  }

  it("finds a chat by a word only its reply holds, with that word marked in the snippet", async () => {
    const userId = await person();
    const found = await chatWith(userId, "Build status", [{ prompt: "How is the build?", reply: "The nightly pipeline is green; the flamingo stage took four minutes." }]);
    await chatWith(userId, "Other", [{ prompt: "Hello", reply: "Hi there." }]);
    const results = await searchChats({ database, userId, query: "flamingo" });
    expect(results.map((result) => result.id)).toEqual([found.id]);
    const snippet = results[0]?.snippet ?? [];
    expect(snippet.filter((part) => part.match).map((part) => part.text.toLowerCase())).toEqual(["flamingo"]);
    expect(snippet.map((part) => part.text).join("")).toContain("flamingo stage");
  });

  it("matches every word as a prefix, in titles and in the person's own messages, case aside", async () => {
    const userId = await person();
    const byTitle = await chatWith(userId, "Plan a deploy window", []);
    const byPrompt = await chatWith(userId, "Untitled", [{ prompt: "When can we DEPLOYMENT happen on Friday?", reply: "Any time." }]);
    await chatWith(userId, "Deploy notes", [{ prompt: "x", reply: "y" }]);
    expect((await searchChats({ database, userId, query: "deplo wind" })).map((result) => result.id)).toEqual([byTitle.id]);
    expect((await searchChats({ database, userId, query: "friday deploy" })).map((result) => result.id)).toEqual([byPrompt.id]);
    const byTitleResult = (await searchChats({ database, userId, query: "window" }))[0];
    expect(byTitleResult?.snippet).toBeNull();
  });

  it("finds only the asker's own chats of the chat list, never silent turns", async () => {
    const owner = await person();
    const stranger = await person();
    const mine = await chatWith(owner, "Mine", [{ prompt: "about the walrus", reply: "Walruses are large." }]);
    await chatWith(stranger, "Theirs", [{ prompt: "about the walrus", reply: "Walruses again." }]);
    const pane = await chatWith(owner, "A comparison pane", [{ prompt: "walrus pane", reply: "walrus" }]);
    await database.update(chats).set({ purpose: "compare" }).where(eq(chats.id, pane.id));
    await chatWith(owner, "Silent", [{ prompt: "[octo-ui-action] zeppelin", reply: "Done.", silent: true }]);
    expect((await searchChats({ database, userId: owner, query: "walrus" })).map((result) => result.id)).toEqual([mine.id]);
    expect(await searchChats({ database, userId: owner, query: "zeppelin" })).toEqual([]);
  });

  it("lists the most recently active first, at most the page size", async () => {
    const userId = await person();
    const older = await chatWith(userId, "Kiwi one", []);
    const newer = await chatWith(userId, "Kiwi two", []);
    await renameChat({ database, userId, chatId: older.id, title: "Kiwi one, renamed" });
    expect((await searchChats({ database, userId, query: "kiwi" })).map((result) => result.id)).toEqual([older.id, newer.id]);
    for (let index = 0; index < CHAT_SEARCH_MAX_RESULTS + 2; index += 1) await createChat({ database, userId, title: `Mango ${index}`, modelId: "replay:default" });
    expect(await searchChats({ database, userId, query: "mango" })).toHaveLength(CHAT_SEARCH_MAX_RESULTS);
  });

  it("reads query syntax as words, and gives snippets as text runs without the reply's own marks", async () => {
    const userId = await person();
    const chat = await chatWith(userId, "Markup", [{ prompt: "show", reply: "<img src=x onerror=alert(1)> the quokka \uE000is\uE001 here & <b>bold</b>" }]);
    const results = await searchChats({ database, userId, query: "quokka" });
    expect(results.map((result) => result.id)).toEqual([chat.id]);
    // ts_headline drops what its parser reads as tags; what is left is text runs, and the reply's own marks are gone.
    const snippet = results[0]?.snippet ?? [];
    expect(snippet.filter((part) => part.match).map((part) => part.text)).toEqual(["quokka"]);
    expect(snippet.map((part) => part.text).join("")).toContain("the quokka is here");
    expect(snippet.map((part) => part.text).join("")).not.toMatch(/[\uE000\uE001]/);
    expect(await searchChats({ database, userId, query: "quokka & | ! :* ( '" })).toHaveLength(1);
    expect(await searchChats({ database, userId, query: " &|!() " })).toEqual([]);
  });

  it("is served by the GIN index over message text", async () => {
    const plan = await database.execute(
      sql`explain select 1 from messages m where m.silent = false and to_tsvector('simple', m.text) @@ to_tsquery('simple', 'walrus:*')`,
    );
    const rows = (Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows) as Record<string, string>[];
    await database.execute(sql`set enable_seqscan = off`);
    const forced = await database.execute(
      sql`explain select 1 from messages m where m.silent = false and to_tsvector('simple', m.text) @@ to_tsquery('simple', 'walrus:*')`,
    );
    await database.execute(sql`set enable_seqscan = on`);
    const forcedRows = (Array.isArray(forced) ? forced : (forced as { rows: unknown[] }).rows) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(forcedRows.map((row) => Object.values(row).join(" ")).join("\n")).toContain("messages_text_search_idx");
  });
});
