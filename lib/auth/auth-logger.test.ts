/**
 * The documented default (no `BETTER_AUTH_URL`: the origin comes from each
 * request) starts without better-auth's "Base URL is not set" warning, and
 * every other warning still reaches the log.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openDatabase, migrateDatabase } = await import("@/db/client");
const { createAuth } = await import("./auth");
const { BASE_URL_NOT_SET_WARNING, authLogger } = await import("./auth-logger");
const { createLogVerificationSender } = await import("./log-verification-sender");

const LONG_SECRET = "a-test-secret-that-is-long-enough-0123456789abcdef";

// One migrated database for every instance: migrating PGlite is the slow part.
let connection: ReturnType<typeof openDatabase>;
beforeAll(async () => {
  connection = openDatabase({ dataDir: "memory://" });
  await migrateDatabase(connection);
}, 120_000);
afterAll(() => connection.close());

/** Builds an auth instance, waits for better-auth to set itself up, and returns every line it logged (through us or straight to the console). */
async function linesLoggedBy(options: { baseURL?: string }): Promise<string[]> {
  const lines: string[] = [];
  const consoleWarn = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
  const auth = createAuth({
    database: connection.database,
    secret: LONG_SECRET,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    verificationSender: createLogVerificationSender({ writeLine: () => {} }),
    writeLog: (_level, message) => void lines.push(message),
  });
  await auth.$context;
  consoleWarn.mockRestore();
  return lines;
}

describe("better-auth's log", () => {
  it("has no base-URL warning when the origin comes from each request", async () => {
    const lines = await linesLoggedBy({});
    expect(lines.filter((line) => line.includes("Base URL is not set"))).toEqual([]);
  });

  it("has none with BETTER_AUTH_URL either", async () => {
    const lines = await linesLoggedBy({ baseURL: "http://localhost:3000" });
    expect(lines.filter((line) => line.includes("Base URL"))).toEqual([]);
  });

  it("still carries every other line, marked as better-auth's", () => {
    const written: [string, string][] = [];
    const logger = authLogger({ baseURLFromRequest: true, write: (level, message) => void written.push([level, message]) });
    logger.log("warn", `${BASE_URL_NOT_SET_WARNING}. Set the baseURL option …`);
    logger.log("warn", "Social provider github is missing clientId or clientSecret");
    logger.log("error", "[better-auth] Failed to delete anonymous user");
    expect(written).toEqual([
      ["warn", "[better-auth] Social provider github is missing clientId or clientSecret"],
      ["error", "[better-auth] Failed to delete anonymous user"],
    ]);
  });

  it("keeps the base-URL warning when a base URL was meant to be set", () => {
    const written: string[] = [];
    const logger = authLogger({ baseURLFromRequest: false, write: (_level, message) => void written.push(message) });
    logger.log("warn", `${BASE_URL_NOT_SET_WARNING}.`);
    expect(written).toEqual([`${BASE_URL_NOT_SET_WARNING}.`]);
  });
});
