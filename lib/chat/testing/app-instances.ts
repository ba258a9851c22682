/**
 * Support for the process suites (`*.process.test.ts`): production servers
 * (`next start` on the build in `.next`, or NEXT_DIST_DIR) sharing one fresh
 * Postgres database and one signing secret, as instances of one deployment
 * behind a load balancer would — a session cookie from one is good on the
 * others, and the chat bus joins them. People are guests signed in over
 * HTTP; the chat's server actions are called by the ids the build gave them.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@/db/test-database";
import { readActionIds, signInAsGuest, type BenchSession } from "../bench/bench-client";
import { REPOSITORY_ROOT, startBenchServer, type BenchServer } from "../bench/bench-server";

/** The chat page's actions the process suites call. */
export const CHAT_ACTION_NAMES = ["sendMessage", "sendPanelAction", "sendChoice", "savePanelState", "stopReply"] as const;

/** Ids of the chat actions in the build. */
export type ProcessActionIds = Record<(typeof CHAT_ACTION_NAMES)[number], string>;

/** Servers of one deployment on one database. */
export type AppInstances = {
  database: TestDatabase;
  servers: BenchServer[];
  /** The signing secret every instance shares (a server started later with it serves the same sessions). */
  authSecret: string;
  actionIds: ProcessActionIds;
  /** Starts one more instance on the same database (a restart after a crash, a third instance). */
  startServer: (env?: Readonly<Record<string, string | undefined>>) => Promise<BenchServer>;
  /** Signs a guest in on `server`; the session is good on every instance. */
  signIn: (server: BenchServer) => Promise<BenchSession>;
  /** Stops every server started here and drops the database. */
  stop: () => Promise<void>;
};

/** The build the process suites run on. */
export function processDistDir(): string {
  return process.env.NEXT_DIST_DIR ?? ".next";
}

/**
 * Starts `count` instances on a fresh database (created on `adminUrl`'s
 * server, default POSTGRES_ADMIN_URL's); `env` and `nodeArguments` go to
 * every one of them. The first starts alone (it migrates the database), the
 * rest together.
 */
export async function startAppInstances(input: {
  count: number;
  env?: Readonly<Record<string, string | undefined>>;
  /** The Postgres server to create the database on (a suite that restarts its database brings its own). */
  adminUrl?: string;
  /** Node options before the Next.js binary (e.g. `--import` of a probe). */
  nodeArguments?: readonly string[];
}): Promise<AppInstances> {
  const database = await createTestDatabase(input.adminUrl ? { adminUrl: input.adminUrl } : {});
  const authSecret = randomBytes(32).toString("base64url");
  const distDir = processDistDir();
  const actionIds = readActionIds({ distDir: path.join(REPOSITORY_ROOT, distDir), file: "app/(chat)/actions.ts", names: CHAT_ACTION_NAMES });
  const started: BenchServer[] = [];
  const startServer = async (env?: Readonly<Record<string, string | undefined>>) => {
    const server = await startBenchServer({
      distDir,
      databaseUrl: database.url,
      authSecret,
      env: { ...input.env, ...env },
      ...(input.nodeArguments ? { nodeArguments: input.nodeArguments } : {}),
    });
    started.push(server);
    return server;
  };
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
    await database.drop();
  };
  try {
    const first = await startServer();
    const rest = await Promise.all(Array.from({ length: input.count - 1 }, () => startServer()));
    return {
      database,
      servers: [first, ...rest],
      authSecret,
      actionIds,
      startServer,
      signIn: (server) => signInAsGuest(server.baseUrl, { sendMessage: actionIds.sendMessage }),
      stop,
    };
  } catch (caught) {
    await stop();
    throw caught;
  }
}

/** The same person's session, sent to another instance. */
export function sessionOn(session: BenchSession, server: BenchServer): BenchSession {
  return { ...session, baseUrl: server.baseUrl };
}
