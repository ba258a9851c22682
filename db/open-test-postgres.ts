/**
 * Test-only: a connection to the Postgres a test suite runs on — the
 * runner's TEST_DATABASE_URL (checked to answer), or a fresh database
 * created here and dropped on release. Suites that run on both databases
 * open their Postgres side through this.
 */
import { openDatabase } from "./client";
import { assertPostgresReachable, createTestDatabase } from "./test-database";

/** An open test database: its connection, its URL, and what closes (and, if created here, drops) it. */
export type TestPostgres = { connection: ReturnType<typeof openDatabase>; url: string; release: () => Promise<void> };

/** Opens the suite's Postgres (see the module comment); an unreachable server throws `postgresUnreachableMessage`. */
export async function openTestPostgres(): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    await assertPostgresReachable(given);
    const connection = openDatabase({ url: given });
    return { connection, url: given, release: () => connection.close() };
  }
  const created = await createTestDatabase();
  const connection = openDatabase({ url: created.url });
  return {
    connection,
    url: created.url,
    release: async () => {
      await connection.close();
      await created.drop();
    },
  };
}
