/**
 * `npm run admin:grant` / `admin:revoke` as an operator runs them: a child
 * process on a fresh database (an embedded PGlite directory, and a new
 * Postgres database), against an account signed up through better-auth.
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openDatabase, migrateDatabase } = await import("@/db/client");
const { getUserByEmail } = await import("@/db/queries/users");
const { createTestDatabase } = await import("@/db/test-database");
const { createAuth } = await import("./auth");
const { createLogVerificationSender } = await import("./log-verification-sender");
const { signUpPerson } = await import("./testing");

const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** A child run of the CLI boots tsx and migrates a database: slow on a busy machine, never a hang. */
const CLI_TEST_TIMEOUT_MS = 240_000;

type CliResult = { status: number; stdout: string; stderr: string };

/** Runs `npm run admin:<command> -- ...arguments` in the project root with the given database settings. */
function runCli(command: "grant" | "revoke", cliArguments: string[], database: Record<string, string>): Promise<CliResult> {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...database, ADMIN_EMAILS: "" };
  if (!("DATABASE_URL" in database)) delete environment.DATABASE_URL;
  return new Promise((resolve) => {
    execFile("npm", ["run", "--silent", `admin:${command}`, "--", ...cliArguments], { cwd: ROOT, env: environment }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}

/** Signs a person up on a database (opened, migrated and closed here, so the CLI can open it next). */
async function signUpOn(options: { dataDir: string } | { url: string }, email: string): Promise<void> {
  const connection = openDatabase(options);
  try {
    await migrateDatabase(connection);
    const auth = createAuth({
      database: connection.database,
      secret: "admin-cli-test-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      baseURL: "http://localhost:3000",
      verificationSender: createLogVerificationSender({ writeLine: () => {} }),
    });
    await signUpPerson(auth, { email, name: "Operator's pick" });
  } finally {
    await connection.close();
  }
}

/** The stored person, read on a fresh connection after the CLI's process has ended. */
async function storedPerson(options: { dataDir: string } | { url: string }, email: string) {
  const connection = openDatabase(options);
  try {
    return await getUserByEmail({ database: connection.database, email });
  } finally {
    await connection.close();
  }
}

describe("npm run admin:grant / admin:revoke", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("refuses a call without a command's address, or with something that is not one, with status 2", async () => {
    const missing = await runCli("grant", [], { PGLITE_DATA_DIR: "memory://" });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("usage: npm run admin:grant -- someone@example.com");
    const notAnAddress = await runCli("revoke", ["not-an-address"], { PGLITE_DATA_DIR: "memory://" });
    expect(notAnAddress.status).toBe(2);
    expect(notAnAddress.stderr).toContain('"not-an-address" is not an email address');
  }, CLI_TEST_TIMEOUT_MS);

  it("grants and revokes on the embedded database (a PGlite directory)", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "octo-cli-")), "pglite");
    const email = "picked@example.test";
    await signUpOn({ dataDir }, email);

    const granted = await runCli("grant", ["Picked@Example.test"], { PGLITE_DATA_DIR: dataDir });
    expect(granted.status, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`admin:grant: ${email} (Operator's pick, user `);
    expect(granted.stderr).toContain("the server must not be running");
    expect(granted.stderr).toContain(`warning: nobody has verified ${email}`);
    const afterGrant = await storedPerson({ dataDir }, email);
    expect(afterGrant?.role).toBe("admin");
    expect(afterGrant?.adminGrantedAt).toBeInstanceOf(Date);

    const revoked = await runCli("revoke", [email], { PGLITE_DATA_DIR: dataDir });
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`admin:revoke: ${email} (user `);
    expect(revoked.stdout).toContain("is no longer an admin");
    const afterRevoke = await storedPerson({ dataDir }, email);
    expect([afterRevoke?.role, afterRevoke?.adminGrantedAt]).toEqual(["user", null]);
  }, CLI_TEST_TIMEOUT_MS);

  it("grants and revokes on Postgres (DATABASE_URL), and refuses an address nobody signed up with", async () => {
    const created = await createTestDatabase();
    cleanups.push(created.drop);
    const email = `picked-${crypto.randomUUID()}@example.test`;
    await signUpOn({ url: created.url }, email);

    const unknown = await runCli("grant", ["nobody@example.test"], { DATABASE_URL: created.url });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("no account has the address nobody@example.test. They must sign up first");
    expect(unknown.stderr).not.toContain("embedded database");

    const granted = await runCli("grant", [email], { DATABASE_URL: created.url });
    expect(granted.status, granted.stderr).toBe(0);
    expect((await storedPerson({ url: created.url }, email))?.role).toBe("admin");

    const revoked = await runCli("revoke", [email], { DATABASE_URL: created.url });
    expect(revoked.status, revoked.stderr).toBe(0);
    const afterRevoke = await storedPerson({ url: created.url }, email);
    expect([afterRevoke?.role, afterRevoke?.adminGrantedAt]).toEqual(["user", null]);
    const again = await runCli("revoke", [email], { DATABASE_URL: created.url });
    expect(again.stdout).toContain("was not an admin; nothing changed");
  }, CLI_TEST_TIMEOUT_MS);

  it("reports a database it cannot reach and exits 1", async () => {
    const unreachable = await runCli("grant", ["someone@example.test"], { DATABASE_URL: "postgres://postgres@127.0.0.1:1/none" });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toContain("admin:grant: the database failed: offline:database");
  }, CLI_TEST_TIMEOUT_MS);
});
