/**
 * Telling an unreachable database from one that refuses a statement, on real
 * failures: a server nobody listens on, a connection its server terminates
 * (what a restart does to open connections), and statements Postgres and
 * PGlite refuse.
 */
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "@/lib/chat/bench/bench-server";

vi.mock("server-only", () => ({}));

const { openDatabase } = await import("../client");
const { openTestPostgres } = await import("../open-test-postgres");
const { isDatabaseUnreachable, runQuery } = await import("./run-query");

/** The failure `promise` rejects with. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (caught) {
    return caught;
  }
  throw new Error("expected a failure");
}

describe("isDatabaseUnreachable", () => {
  let target: Awaited<ReturnType<typeof openTestPostgres>>;

  beforeAll(async () => {
    target = await openTestPostgres();
  });

  afterAll(async () => {
    await target.release();
  });

  it("is true for a query to a server nobody listens on, as runQuery reports it", async () => {
    const nobody = openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/none` });
    try {
      const caught = await failureOf(runQuery("probe", { database: nobody.database }, (database) => database.execute(sql`select 1`)));
      expect(caught).toMatchObject({ code: "offline:database" });
      expect(isDatabaseUnreachable(caught)).toBe(true);
    } finally {
      await nobody.close();
    }
  });

  it("is true for a query whose connection the server terminates, as a restart does", async () => {
    const client = postgres(target.url, { max: 1, onnotice: () => {} });
    const admin = postgres(target.url, { max: 1, onnotice: () => {} });
    try {
      const [{ pid }] = (await client`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
      const running = failureOf(client`select pg_sleep(30)`);
      // Terminated once the sleep is running on that connection.
      for (;;) {
        const [row] = await admin`select count(*)::int as n from pg_stat_activity where pid = ${pid} and query like '%pg_sleep%'`;
        if (row!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin`select pg_terminate_backend(${pid})`;
      expect(isDatabaseUnreachable(await running)).toBe(true);
    } finally {
      await client.end({ timeout: 1 });
      await admin.end({ timeout: 1 });
    }
  });

  it("is false for statements the database refuses, on Postgres and PGlite", async () => {
    const refusedByPostgres = await failureOf(runQuery("probe", { database: target.connection.database }, (database) => database.execute(sql`select 1 / 0`)));
    expect(refusedByPostgres).toMatchObject({ code: "offline:database" });
    expect(isDatabaseUnreachable(refusedByPostgres)).toBe(false);
    const pglite = openDatabase({ dataDir: "memory://" });
    try {
      const refusedByPglite = await failureOf(runQuery("probe", { database: pglite.database }, (database) => database.execute(sql`select 1 / 0`)));
      expect(isDatabaseUnreachable(refusedByPglite)).toBe(false);
    } finally {
      await pglite.close();
    }
  });

  it("is false for anything that is not a database failure", () => {
    expect(isDatabaseUnreachable(new Error("no"))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
    expect(isDatabaseUnreachable("ECONNREFUSED")).toBe(false);
  });
});
