/**
 * The admin role over real better-auth sessions, on PGlite and on Postgres:
 * a listed address is a user until the person opens the verification link the
 * sender wrote (then admin, in the session already open); a guest never; an
 * out-of-band grant survives every sign-in whatever `ADMIN_EMAILS` says, and a
 * revoke takes the role back at once. Only the signed-in owner can ask for a
 * new link.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openDatabase, migrateDatabase } = await import("@/db/client");
const { getUser, grantAdmin, revokeAdmin } = await import("@/db/queries/users");
const { users } = await import("@/db/schema");
const { openTestPostgres } = await import("@/db/open-test-postgres");
const { createAuth } = await import("./auth");
const { createLogVerificationSender } = await import("./log-verification-sender");
const { latestVerificationLink, openAuthLink, readOutbox, requestHeaders, signInGuest, signInPerson, signUpPerson } = await import("./testing");

type Connection = ReturnType<typeof openDatabase>;
type Auth = ReturnType<typeof createAuth>;

/** The app's address in these tests (BETTER_AUTH_URL). */
const ORIGIN = "http://localhost:3000";

async function openPglite(): Promise<{ connection: Connection; release: () => Promise<void> }> {
  const connection = openDatabase({ dataDir: "memory://" });
  return { connection, release: () => connection.close() };
}

const targets = [
  { name: "PGlite", open: openPglite },
  { name: "Postgres", open: openTestPostgres },
];

/** A fresh address, unique across runs on a shared test database. */
function freshEmail(label: string): string {
  return `${label}-${crypto.randomUUID()}@example.test`;
}

describe.each(targets)("the admin role on $name", (target) => {
  let handle: Awaited<ReturnType<typeof target.open>>;
  let database: Connection["database"];
  let auth: Auth;
  let outboxFile: string;
  const previousAdminEmails = process.env.ADMIN_EMAILS;

  beforeAll(async () => {
    handle = await target.open();
    await migrateDatabase(handle.connection);
    database = handle.connection.database;
    outboxFile = path.join(mkdtempSync(path.join(tmpdir(), "octo-outbox-")), "outbox.jsonl");
    auth = createAuth({
      database,
      secret: "admin-role-test-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      baseURL: ORIGIN,
      verificationSender: createLogVerificationSender({ outboxFile, writeLine: () => {} }),
    });
  }, 60_000);

  afterAll(async () => {
    process.env.ADMIN_EMAILS = previousAdminEmails;
    await handle?.release();
  });

  async function sessionRole(headers: Headers): Promise<unknown> {
    const session = await auth.api.getSession({ headers });
    return (session?.user as { role?: unknown } | undefined)?.role;
  }

  it("gives a listed address the user role at sign-up: signing up first proves nothing", async () => {
    const email = freshEmail("first");
    process.env.ADMIN_EMAILS = `someone@example.test, ${email.toUpperCase()}`;
    const person = await signUpPerson(auth, { email });
    const stored = await getUser({ database, userId: person.userId });
    expect([stored?.role, stored?.emailVerified]).toEqual(["user", false]);
    expect(await sessionRole(person.headers)).toBe("user");
    // Signing in again changes nothing either: the address is still unproved.
    expect(await sessionRole(await signInPerson(auth, person))).toBe("user");
  });

  it("sends every new account a link to the verification endpoint, landing on the verification page", async () => {
    const email = freshEmail("anyone");
    process.env.ADMIN_EMAILS = "";
    await signUpPerson(auth, { email });
    const link = new URL(await latestVerificationLink(outboxFile, email));
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/api/auth/verify-email`);
    expect(link.searchParams.get("callbackURL")).toBe("/verify-email");
    expect(link.searchParams.get("token")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("makes a listed address admin once its link is opened, in the session already open", async () => {
    const email = freshEmail("verified");
    process.env.ADMIN_EMAILS = email;
    const person = await signUpPerson(auth, { email });
    const opened = await openAuthLink(auth, await latestVerificationLink(outboxFile, email), person.headers);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/verify-email");
    const stored = await getUser({ database, userId: person.userId });
    expect([stored?.role, stored?.emailVerified]).toEqual(["admin", true]);
    expect(await sessionRole(person.headers)).toBe("admin");
  });

  it("verifies from another browser without signing that browser in, and the person's own session is admin", async () => {
    const email = freshEmail("elsewhere");
    process.env.ADMIN_EMAILS = email;
    const person = await signUpPerson(auth, { email });
    const opened = await openAuthLink(auth, await latestVerificationLink(outboxFile, email));
    expect(opened.status).toBe(302);
    expect(opened.headers.getSetCookie().filter((cookie) => cookie.includes("session_token="))).toEqual([]);
    expect(await sessionRole(person.headers)).toBe("admin");
  });

  it("keeps a verified address that is not listed a user", async () => {
    const email = freshEmail("plain");
    process.env.ADMIN_EMAILS = "someone-else@example.test";
    const person = await signUpPerson(auth, { email });
    await openAuthLink(auth, await latestVerificationLink(outboxFile, email), person.headers);
    const stored = await getUser({ database, userId: person.userId });
    expect([stored?.role, stored?.emailVerified]).toEqual(["user", true]);
    expect(await sessionRole(await signInPerson(auth, person))).toBe("user");
  });

  it("takes the role from a verified admin whose address leaves ADMIN_EMAILS at their next sign-in, and gives it back", async () => {
    const email = freshEmail("delisted");
    process.env.ADMIN_EMAILS = email;
    const person = await signUpPerson(auth, { email });
    await openAuthLink(auth, await latestVerificationLink(outboxFile, email), person.headers);
    expect(await sessionRole(person.headers)).toBe("admin");
    process.env.ADMIN_EMAILS = "";
    expect(await sessionRole(await signInPerson(auth, person))).toBe("user");
    // The role is the user's, so the older session sees the change too.
    expect(await sessionRole(person.headers)).toBe("user");
    process.env.ADMIN_EMAILS = email;
    expect(await sessionRole(await signInPerson(auth, person))).toBe("admin");
  });

  it("verifies nothing with a forged token or a link for another address", async () => {
    const email = freshEmail("forged");
    process.env.ADMIN_EMAILS = email;
    const person = await signUpPerson(auth, { email });
    const link = new URL(await latestVerificationLink(outboxFile, email));
    const token = link.searchParams.get("token") ?? "";
    link.searchParams.set("token", `${token.slice(0, -4)}AAAA`);
    const forged = await openAuthLink(auth, link.toString(), person.headers);
    expect(forged.headers.get("location")).toBe("/verify-email?error=INVALID_TOKEN");

    // A real link of the attacker's own address opened by the attacker verifies only that address.
    const attackerEmail = freshEmail("attacker");
    const attacker = await signUpPerson(auth, { email: attackerEmail });
    await openAuthLink(auth, await latestVerificationLink(outboxFile, attackerEmail), attacker.headers);
    const stored = await getUser({ database, userId: person.userId });
    expect([stored?.role, stored?.emailVerified]).toEqual(["user", false]);
    expect(await sessionRole(person.headers)).toBe("user");
  });

  it("lets nobody verify their own address or grant themselves admin through better-auth's update-user", async () => {
    const email = freshEmail("self-service");
    process.env.ADMIN_EMAILS = email;
    const person = await signUpPerson(auth, { email });
    for (const body of [{ emailVerified: true }, { role: "admin" }, { adminGrantedAt: new Date().toISOString() }, { name: "Still me", emailVerified: true, role: "admin" }]) {
      await auth.handler(
        new Request(`${ORIGIN}/api/auth/update-user`, {
          method: "POST",
          headers: new Headers([...person.headers, ["content-type", "application/json"]]),
          body: JSON.stringify(body),
        }),
      );
    }
    const stored = await getUser({ database, userId: person.userId });
    expect([stored?.role, stored?.emailVerified, stored?.adminGrantedAt]).toEqual(["user", false, null]);
    expect(await sessionRole(await signInPerson(auth, person))).toBe("user");
  });

  it("never makes a guest admin: a guest cannot be granted, whatever its placeholder address", async () => {
    const guest = await signInGuest(auth);
    const stored = await getUser({ database, userId: guest.userId });
    expect(stored?.isAnonymous).toBe(true);
    process.env.ADMIN_EMAILS = stored?.email ?? "";
    await database.update(users).set({ emailVerified: true }).where(eq(users.id, guest.userId));
    expect(await grantAdmin({ database, email: stored?.email ?? "" })).toBeNull();
    expect((await getUser({ database, userId: guest.userId }))?.role).toBe("user");
    expect(await sessionRole(guest.headers)).toBe("user");
  });

  it("keeps a granted person admin at every sign-in, listed or not, and a revoke demotes them at once", async () => {
    const email = freshEmail("granted");
    process.env.ADMIN_EMAILS = "";
    const person = await signUpPerson(auth, { email });
    const granted = await grantAdmin({ database, email: ` ${email.toUpperCase()} ` });
    expect(granted?.id).toBe(person.userId);
    expect(granted?.adminGrantedAt).toBeInstanceOf(Date);
    expect(await sessionRole(person.headers)).toBe("admin");
    // Unverified and unlisted, the grant alone keeps the role through a new sign-in.
    const later = await signInPerson(auth, person);
    expect(await sessionRole(later)).toBe("admin");

    const revoked = await revokeAdmin({ database, email });
    expect([revoked?.role, revoked?.adminGrantedAt]).toEqual(["user", null]);
    expect(await sessionRole(person.headers)).toBe("user");
    expect(await sessionRole(later)).toBe("user");
    expect(await sessionRole(await signInPerson(auth, person))).toBe("user");
    expect(await grantAdmin({ database, email: freshEmail("nobody") })).toBeNull();
    expect(await revokeAdmin({ database, email: freshEmail("nobody") })).toBeNull();
  });

  it("sends a new link only to the signed-in owner of the address, never on a stranger's request", async () => {
    const email = freshEmail("resend");
    const person = await signUpPerson(auth, { email });
    const before = (await readOutbox(outboxFile)).filter((mail) => mail.to === email).length;
    const ask = (headers: Headers, address: string) =>
      auth.handler(
        new Request(`${ORIGIN}/api/auth/send-verification-email`, {
          method: "POST",
          headers: new Headers([...headers, ["content-type", "application/json"]]),
          body: JSON.stringify({ email: address }),
        }),
      );
    expect((await ask(requestHeaders(), email)).status).toBe(401);
    const other = await signUpPerson(auth);
    expect((await ask(other.headers, email)).status).toBe(400);
    expect((await readOutbox(outboxFile)).filter((mail) => mail.to === email).length).toBe(before);
    expect((await ask(person.headers, email)).status).toBe(200);
    expect((await readOutbox(outboxFile)).filter((mail) => mail.to === email).length).toBe(before + 1);
  });
});
