/**
 * The links route over real better-auth sessions and an in-memory PGlite:
 * chips for the owner, and the refusals a browser gets.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

process.env.PGLITE_DATA_DIR = "memory://";
delete process.env.DATABASE_URL;
process.env.BETTER_AUTH_SECRET = "project-links-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";

const { POST } = await import("./route");
const { getAuth } = await import("@/lib/auth/auth");
const { signUpPerson, requestHeaders } = await import("@/lib/auth/testing");
const { createChatWithReply, seedOtherProject } = await import("@/lib/project/testing/project-test-setup");

const CHANGE_LINKS_REPLY = readFileSync(path.join(process.cwd(), "fixtures", "replays", "change-links", "reply.md"), "utf8");

type Person = Awaited<ReturnType<typeof signUpPerson>>;
let owner: Person;
let other: Person;

function actorOf(person: Person) {
  return { userId: person.userId, role: "user" as const, isGuest: false, name: "Test" };
}

async function post(chatId: string, headers: Headers, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await POST(new Request(`http://localhost:3000/api/chats/${chatId}/links`, { method: "POST", headers, body: JSON.stringify(body) }), {
    params: Promise.resolve({ id: chatId }),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  const auth = await getAuth();
  owner = await signUpPerson(auth, { name: "Owner" });
  other = await signUpPerson(auth, { name: "Other" });
  await seedOtherProject();
}, 60_000);

describe("POST /api/chats/[id]/links", () => {
  it("answers the owner with one resolution per visible chip", async () => {
    const fixture = await createChatWithReply(actorOf(owner), { text: CHANGE_LINKS_REPLY });
    const answer = await post(fixture.chatId, owner.headers, { messageId: fixture.messageId, blockId: fixture.blocks[0]!.id });
    expect(answer.status).toBe(200);
    const resolutions = (answer.body as { resolutions: { status: string; navigation?: { href: string } }[] }).resolutions;
    expect(resolutions.map((resolution) => resolution.status)).toEqual(["chip", "chip", "chip", "chip", "chip"]);
    expect(resolutions.every((resolution) => resolution.navigation?.href.startsWith("/projects/demo/"))).toBe(true);
  });

  it("refuses a stranger, another person, a non-member and a malformed request", async () => {
    const fixture = await createChatWithReply(actorOf(owner), { text: CHANGE_LINKS_REPLY });
    const closed = await createChatWithReply(actorOf(owner), { text: CHANGE_LINKS_REPLY }, { projectId: "other" });
    const body = { messageId: fixture.messageId, blockId: fixture.blocks[0]!.id };
    const cases: [string, Headers, unknown, number, string][] = [
      [fixture.chatId, requestHeaders(), body, 401, "unauthorized:auth"],
      [fixture.chatId, other.headers, body, 404, "not_found:chat"],
      [closed.chatId, owner.headers, { messageId: closed.messageId, blockId: closed.blocks[0]!.id }, 403, "forbidden:project"],
      [fixture.chatId, owner.headers, { ...body, blockId: "nope" }, 404, "not_found:message"],
      [fixture.chatId, owner.headers, { ...body, values: { hidden: true } }, 400, "bad_request:link"],
      [fixture.chatId, owner.headers, { blockId: "x" }, 400, "bad_request:link"],
    ];
    for (const [chatId, headers, requestBody, status, code] of cases) {
      const answer = await post(chatId, headers, requestBody);
      expect({ status: answer.status, code: (answer.body as { error?: { code?: string } }).error?.code }, JSON.stringify(requestBody)).toEqual({ status, code });
    }
  });
});
