/**
 * `updatePanelState` on both databases: changes made at once queue on the
 * panel's row, each starting from what the one before stored, so none is
 * lost; a newer revision is left alone; a refused change writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { JsonValue } from "../schema";

vi.mock("server-only", () => ({}));

const { openDatabase, migrateDatabase } = await import("../client");
const { createChat } = await import("./chats");
const { appendMessage } = await import("./messages");
const { getPanelState, updatePanelState, upsertPanelState } = await import("./panels");
const { users } = await import("../schema");
const { openTestPostgres } = await import("../open-test-postgres");
const { AppError } = await import("@/lib/errors");

type Connection = ReturnType<typeof openDatabase>;

/** Changes made at once on one panel: enough to overlap on Postgres's pool many times over. */
const CONCURRENT_CHANGES = 40;

async function openPglite(): Promise<{ connection: Connection; release: () => Promise<void> }> {
  const connection = openDatabase({ dataDir: "memory://" });
  return { connection, release: () => connection.close() };
}

const targets = [
  { name: "PGlite", open: openPglite },
  { name: "Postgres", open: openTestPostgres },
];

/** A change that sets one key of `values`, as a merged patch would. */
function setting(key: string, value: JsonValue) {
  return (stored: JsonValue | null): JsonValue => {
    const values = (stored as { values?: Record<string, JsonValue> } | null)?.values ?? {};
    return { values: { ...values, [key]: value } };
  };
}

describe.each(targets)("panel state changes on $name", (target) => {
  let handle: Awaited<ReturnType<typeof target.open>>;
  let database: Connection["database"];
  let userId: string;

  beforeAll(async () => {
    handle = await target.open();
    await migrateDatabase(handle.connection);
    database = handle.connection.database;
    userId = crypto.randomUUID();
    await database.insert(users).values({ id: userId, name: "Owner", email: `${userId}@example.test` });
  }, 60_000);

  afterAll(async () => {
    await handle?.release();
  });

  /** A chat whose reply holds panel `p` at revision 1 with `state`. */
  async function panelAt(state: JsonValue = { values: {} }) {
    const chat = await createChat({ database, userId, title: "Panel", modelId: "replay:default" });
    const reply = await appendMessage({ database, userId, chatId: chat.id, message: { role: "assistant", text: "panel" } });
    await upsertPanelState({ database, userId, chatId: chat.id, panelId: "p", revision: 1, messageId: reply!.id, state });
    return { chatId: chat.id, messageId: reply!.id };
  }

  it("applies changes made at once one after the other: every key each one set is kept", async () => {
    const { chatId, messageId } = await panelAt({ values: { kept: true } });
    const results = await Promise.all(
      Array.from({ length: CONCURRENT_CHANGES }, (_, index) =>
        updatePanelState({ database, userId, chatId, panelId: "p", revision: 1, messageId, change: setting(`key${index}`, index) }),
      ),
    );
    expect(results.every((result) => result?.applied === true)).toBe(true);
    const stored = await getPanelState({ database, userId, chatId, panelId: "p" });
    expect(stored?.state).toEqual({ values: { kept: true, ...Object.fromEntries(Array.from({ length: CONCURRENT_CHANGES }, (_, index) => [`key${index}`, index])) } });
  });

  it("leaves a panel at a newer revision alone, and moves one held by another message to the shown one", async () => {
    const { chatId, messageId } = await panelAt({ values: { a: 1 } });
    await upsertPanelState({ database, userId, chatId, panelId: "p", revision: 2, messageId, state: { values: { a: 2 } } });
    const change = vi.fn(setting("stale", true));
    const stale = await updatePanelState({ database, userId, chatId, panelId: "p", revision: 1, messageId, change });
    expect(stale).toMatchObject({ applied: false, panel: { revision: 2, state: { values: { a: 2 } } } });
    expect(change).not.toHaveBeenCalled();

    // The chat shows another version of the panel (another reply): the change starts from nothing stored and moves the row there.
    const other = await appendMessage({ database, userId, chatId, message: { role: "assistant", text: "another version" } });
    const moved = vi.fn(setting("b", 1));
    const result = await updatePanelState({ database, userId, chatId, panelId: "p", revision: 2, messageId: other!.id, change: moved });
    expect(moved).toHaveBeenCalledWith(null);
    expect(result).toMatchObject({ applied: true, panel: { revision: 2, messageId: other!.id, state: { values: { b: 1 } } } });
  });

  it("writes nothing when the change refuses, and finds nothing of another person's or for a message of another chat", async () => {
    const { chatId, messageId } = await panelAt({ values: { a: 1 } });
    // An AppError, as the chat core throws: it passes through the query's wrapping as it is.
    const refusal = new AppError("bad_request:panel", { message: "does not fit" });
    await expect(
      updatePanelState({ database, userId, chatId, panelId: "p", revision: 1, messageId, change: () => { throw refusal; } }),
    ).rejects.toBe(refusal);
    expect((await getPanelState({ database, userId, chatId, panelId: "p" }))?.state).toEqual({ values: { a: 1 } });

    const stranger = crypto.randomUUID();
    expect(await updatePanelState({ database, userId: stranger, chatId, panelId: "p", revision: 1, messageId, change: setting("x", 1) })).toBeNull();
    expect(await updatePanelState({ database, userId, chatId, panelId: "missing", revision: 1, messageId, change: setting("x", 1) })).toBeNull();
    const elsewhere = await panelAt();
    expect(await updatePanelState({ database, userId, chatId, panelId: "p", revision: 1, messageId: elsewhere.messageId, change: setting("x", 1) })).toBeNull();
    expect((await getPanelState({ database, userId, chatId, panelId: "p" }))?.state).toEqual({ values: { a: 1 } });
  });
});
