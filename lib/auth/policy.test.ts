/**
 * The policy over real better-auth sessions on an in-memory PGlite: who the
 * actor is, chat ownership (another user's chat is not found), admin checks,
 * the admin role as the actor sees it (a listed address once verified, an
 * out-of-band grant), and a guest keeping their chats when they sign up.
 * lib/auth/admin-role.test.ts covers the role on both databases in depth.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

process.env.PGLITE_DATA_DIR = "memory://";
delete process.env.DATABASE_URL;
process.env.BETTER_AUTH_SECRET = "policy-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";
process.env.ADMIN_EMAILS = "root@example.test";
process.env.BETTER_AUTH_URL = "http://localhost:3000";
const OUTBOX_FILE = path.join(mkdtempSync(path.join(tmpdir(), "octo-policy-outbox-")), "outbox.jsonl");
process.env.AUTH_OUTBOX_FILE = OUTBOX_FILE;

const { getAuth } = await import("./auth");
const { authorizeChat, getActor, requireActor, requireAdmin } = await import("./policy");
const { createChat, getChat } = await import("@/db/queries/chats");
const { getUser, grantAdmin } = await import("@/db/queries/users");
const { AppError } = await import("@/lib/errors");
const { latestVerificationLink, openAuthLink, requestHeaders, signInGuest, signInPerson, signUpPerson } = await import("./testing");

type Auth = Awaited<ReturnType<typeof getAuth>>;

async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<InstanceType<typeof AppError>> {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (caught) {
    if (caught instanceof AppError) return caught;
    throw caught;
  }
  throw new Error("expected a refusal");
}

let auth: Auth;

beforeAll(async () => {
  auth = await getAuth();
}, 60_000);

describe("requireActor", () => {
  it("refuses a request without a session as unauthorized:auth", async () => {
    const error = await refusal(requireActor({ headers: requestHeaders() }));
    expect([error.code, error.status]).toEqual(["unauthorized:auth", 401]);
    expect(await getActor({ headers: requestHeaders("better-auth.session_token=forged.value") })).toBeNull();
  });

  it("names a signed-in person and a guest", async () => {
    const person = await signUpPerson(auth, { name: "Ada" });
    expect(await requireActor({ headers: person.headers })).toEqual({ userId: person.userId, role: "user", isGuest: false, name: "Ada", emailVerified: false });
    const guest = await signInGuest(auth);
    expect(await requireActor({ headers: guest.headers })).toEqual({ userId: guest.userId, role: "user", isGuest: true, name: "Guest", emailVerified: false });
  });
});

describe("authorizeChat", () => {
  it("gives the owner their chat for every action", async () => {
    const owner = await signUpPerson(auth);
    const actor = await requireActor({ headers: owner.headers });
    const chat = await createChat({ userId: owner.userId, title: "Mine", modelId: "replay" });
    for (const action of ["read", "write", "delete"] as const) {
      expect((await authorizeChat(actor, chat.id, action)).id).toBe(chat.id);
    }
  });

  it("answers another user's chat exactly as a chat that does not exist", async () => {
    const owner = await signUpPerson(auth);
    const stranger = await requireActor({ headers: (await signUpPerson(auth)).headers });
    const chat = await createChat({ userId: owner.userId, title: "Private", modelId: "replay" });
    const foreign = await refusal(authorizeChat(stranger, chat.id, "read"));
    const missing = await refusal(authorizeChat(stranger, crypto.randomUUID(), "read"));
    expect(foreign.toPublic()).toEqual(missing.toPublic());
    expect([foreign.code, foreign.status]).toEqual(["not_found:chat", 404]);
    expect((await refusal(authorizeChat(stranger, "x".repeat(10_000), "write"))).code).toBe("not_found:chat");
    expect((await refusal(authorizeChat(stranger, "", "delete"))).code).toBe("not_found:chat");
    // Characters Postgres refuses are a wrong id, not a database that is down (the fuzz suite found `offline:database` here).
    for (const id of ["a\u0000b", "\ud800", "x\udc00"]) expect((await refusal(authorizeChat(stranger, id, "write"))).code).toBe("not_found:chat");
  });

  it("does not open other people's chats to admins either", async () => {
    const owner = await signUpPerson(auth);
    const granted = await signUpPerson(auth);
    await grantAdmin({ email: granted.email });
    const admin = await requireActor({ headers: granted.headers });
    expect(admin.role).toBe("admin");
    const chat = await createChat({ userId: owner.userId, title: "Not the admin's", modelId: "replay" });
    expect((await refusal(authorizeChat(admin, chat.id, "read"))).code).toBe("not_found:chat");
  });
});

describe("requireAdmin and ADMIN_EMAILS", () => {
  it("admits admins and answers users and guests not_found:admin, as if there were nothing there", async () => {
    const user = await requireActor({ headers: (await signUpPerson(auth)).headers });
    const guest = await requireActor({ headers: (await signInGuest(auth)).headers });
    for (const actor of [user, guest]) {
      const error = await refusal(() => requireAdmin(actor));
      expect([error.code, error.status]).toEqual(["not_found:admin", 404]);
    }
    expect(requireAdmin({ userId: "u", role: "admin", isGuest: false, name: "Root" }).userId).toBe("u");
    expect((await refusal(() => requireAdmin({ userId: "g", role: "admin", isGuest: true, name: "Guest" }))).code).toBe("not_found:admin");
  });

  it("makes a listed address admin only once its link is opened, and checks the list again at every sign-in", async () => {
    const email = `boss-${crypto.randomUUID()}@example.test`;
    process.env.ADMIN_EMAILS = `root@example.test, ${email.toUpperCase()}`;
    const boss = await signUpPerson(auth, { email });
    expect(await requireActor({ headers: boss.headers })).toMatchObject({ role: "user", emailVerified: false });
    expect((await refusal(async () => requireAdmin(await requireActor({ headers: boss.headers })))).code).toBe("not_found:admin");

    await openAuthLink(auth, await latestVerificationLink(OUTBOX_FILE, email), boss.headers);
    expect(await requireActor({ headers: boss.headers })).toMatchObject({ role: "admin", emailVerified: true });

    process.env.ADMIN_EMAILS = "root@example.test";
    // Still admin until the next sign-in…
    expect((await getUser({ userId: boss.userId }))?.role).toBe("admin");
    const demoted = await signInPerson(auth, boss);
    expect((await requireActor({ headers: demoted })).role).toBe("user");
    // …and the role is the user's, so the older session sees the change too.
    expect((await requireActor({ headers: boss.headers })).role).toBe("user");

    process.env.ADMIN_EMAILS = email;
    expect((await requireActor({ headers: await signInPerson(auth, boss) })).role).toBe("admin");
    process.env.ADMIN_EMAILS = "root@example.test";
  });

  it("ignores or refuses a role sent with the sign-up form", async () => {
    const email = `sneaky-${crypto.randomUUID()}@example.test`;
    let outcome: "refused" | string;
    try {
      const created = await auth.api.signUpEmail({
        body: { email, password: "a long enough password", name: "Sneaky", role: "admin" } as never,
        headers: requestHeaders(),
      });
      outcome = (await getUser({ userId: created.user.id }))?.role ?? "missing";
    } catch {
      outcome = "refused";
    }
    expect(["refused", "user"]).toContain(outcome);
  });
});

describe("a guest who signs up", () => {
  it("keeps the chats they started as a guest", async () => {
    const guest = await signInGuest(auth);
    const chat = await createChat({ userId: guest.userId, title: "Started as a guest", modelId: "replay" });
    const person = await signUpPerson(auth, { headers: guest.headers });
    expect(person.userId).not.toBe(guest.userId);
    expect((await getChat({ userId: person.userId, chatId: chat.id }))?.title).toBe("Started as a guest");
    expect(await getChat({ userId: guest.userId, chatId: chat.id })).toBeNull();
    expect(await getUser({ userId: guest.userId })).toBeNull();
    expect(await requireActor({ headers: person.headers })).toMatchObject({ userId: person.userId, isGuest: false });
  });
});
