/**
 * The JSONL export over a real database: every filtered row once, as one
 * JSON line with the fields the issue names, read a page at a time as the
 * client pulls (a client that stops early leaves the rest unread).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openTestDatabase } = await import("@/lib/chat/testing/chat-test-setup");
const { createPerson, storeTestReply } = await import("./testing/stored-replies");
const { storedTreesJsonl, EXPORT_PAGE_SIZE } = await import("./export-jsonl");
type Actor = import("@/lib/auth/policy").Actor;

/** More rows than one page, so the export must read several. */
const ROWS = EXPORT_PAGE_SIZE + 7;

describe("the JSONL export", () => {
  let release: () => Promise<void> = async () => {};
  let admin: Actor;
  let owner: Actor;
  const model = `replay:export-${crypto.randomUUID()}`;
  const stored: string[] = [];

  beforeAll(async () => {
    release = (await openTestDatabase("pglite")).release;
    admin = await createPerson({ admin: true });
    owner = await createPerson();
    const { chatId } = await storeTestReply({ owner, text: "```ui\n<Tag>first</Tag>\n```", model });
    stored.push("first");
    for (let index = 1; index < ROWS; index += 1) {
      await storeTestReply({ owner, chatId, text: `Reply ${index}\n\`\`\`ui\n<Tag tone="info">n${index}</Tag>\n\`\`\``, model });
    }
  }, 300_000);

  afterAll(async () => {
    await release();
  });

  async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
    return new Response(stream).text();
  }

  it("streams every filtered row once as a JSON line with id, chat, user, model, created, text, tree and diagnostics", async () => {
    let outcome: { rows: number; complete: boolean } | undefined;
    const text = await readAll(storedTreesJsonl({ adminUserId: admin.userId, filter: { model }, onEnd: (end) => (outcome = end) }));
    const lines = text.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(ROWS);
    expect(new Set(lines.map((line) => line.id)).size).toBe(ROWS);
    expect(Object.keys(lines[0]!).sort()).toEqual(["chat", "created", "diagnostics", "id", "model", "text", "tree", "user"]);
    expect(lines[0]).toMatchObject({ user: owner.userId, model, created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), tree: { ui: [expect.objectContaining({ catalog: "1" })], genui: null }, diagnostics: [] });
    expect(lines.at(-1)).toMatchObject({ text: expect.stringContaining("first") });
    expect(outcome).toEqual({ rows: ROWS, complete: true });
  });

  it("reads no further page than the client takes", async () => {
    let outcome: { rows: number; complete: boolean } | undefined;
    const stream = storedTreesJsonl({ adminUserId: admin.userId, filter: { model }, onEnd: (end) => (outcome = end) });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
    expect(outcome?.complete).toBe(false);
    // The first page, and at most the one queued ahead of it.
    expect(outcome!.rows).toBeLessThanOrEqual(2 * EXPORT_PAGE_SIZE);
    expect(outcome!.rows).toBeLessThan(ROWS);
  });

  it("exports nothing to a caller who is no admin", async () => {
    expect(await readAll(storedTreesJsonl({ adminUserId: owner.userId, filter: { model } }))).toBe("");
  });
});
