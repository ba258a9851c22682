/**
 * The query route over real better-auth sessions and an in-memory PGlite: a
 * stored block's query answered for its owner, and every refusal as the
 * status and `{error: {code, message}}` body a browser gets.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

process.env.PGLITE_DATA_DIR = "memory://";
delete process.env.DATABASE_URL;
process.env.BETTER_AUTH_SECRET = "project-routes-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";

const { POST } = await import("./route");
const { getAuth } = await import("@/lib/auth/auth");
const { signUpPerson, requestHeaders } = await import("@/lib/auth/testing");
const { createChatWithReply, seedOtherProject } = await import("@/lib/project/testing/project-test-setup");

const TEST_RUNS_REPLY = readFileSync(path.join(process.cwd(), "fixtures", "replays", "test-runs-query", "reply.md"), "utf8");

type Person = Awaited<ReturnType<typeof signUpPerson>>;
let owner: Person;
let other: Person;

function actorOf(person: Person) {
  return { userId: person.userId, role: "user" as const, isGuest: false, name: "Test" };
}

async function post(chatId: string, headers: Headers, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await POST(
    new Request(`http://localhost:3000/api/chats/${chatId}/queries`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }),
    { params: Promise.resolve({ id: chatId }) },
  );
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  const auth = await getAuth();
  owner = await signUpPerson(auth, { name: "Owner" });
  other = await signUpPerson(auth, { name: "Other" });
  await seedOtherProject();
}, 60_000);

describe("POST /api/chats/[id]/queries", () => {
  it("answers the owner with the rows and the definition key", async () => {
    const fixture = await createChatWithReply(actorOf(owner), { text: TEST_RUNS_REPLY });
    const answer = await post(fixture.chatId, owner.headers, { messageId: fixture.messageId, blockId: fixture.blocks[0]!.id, name: "runs", values: { slowOnly: true } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: "runs", source: "tests", arguments: { branch: "main" }, truncated: false });
    expect((answer.body as { rows: unknown[] }).rows).toHaveLength(12);
  });

  it("answers each refusal with its status and code", async () => {
    const fixture = await createChatWithReply(actorOf(owner), { text: TEST_RUNS_REPLY });
    const closed = await createChatWithReply(actorOf(owner), { text: TEST_RUNS_REPLY }, { projectId: "other" });
    const body = { messageId: fixture.messageId, blockId: fixture.blocks[0]!.id, name: "runs" };
    const cases: [string, Headers, unknown, number, string][] = [
      [fixture.chatId, requestHeaders(), body, 401, "unauthorized:auth"],
      [fixture.chatId, other.headers, body, 404, "not_found:chat"],
      [closed.chatId, owner.headers, { ...body, messageId: closed.messageId, blockId: closed.blocks[0]!.id }, 403, "forbidden:project"],
      [fixture.chatId, owner.headers, { ...body, messageId: closed.messageId }, 404, "not_found:message"],
      [fixture.chatId, owner.headers, { ...body, name: "failed" }, 404, "not_found:query"],
      [fixture.chatId, owner.headers, { ...body, values: { slowOnly: 1 } }, 400, "bad_request:query"],
      [fixture.chatId, owner.headers, { ...body, key: "an older definition" }, 409, "conflict:query"],
      [fixture.chatId, owner.headers, "{not json", 400, "bad_request:query"],
    ];
    for (const [chatId, headers, requestBody, status, code] of cases) {
      const answer = await post(chatId, headers, requestBody);
      expect({ status: answer.status, code: (answer.body as { error?: { code?: string } }).error?.code }, JSON.stringify(requestBody)).toEqual({ status, code });
      expect((answer.body as { error: { message: string } }).error.message.length).toBeGreaterThan(10);
    }
  });
});
