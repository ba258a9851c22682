/**
 * A production server for the bench: `next start` on a build made
 * beforehand, on a port of its own, with a throwaway embedded database (or
 * the Postgres database it is given) and telemetry off. The bench knows its
 * process id, so it can read the server's CPU time.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

/** Milliseconds a server may take to say it is ready. */
const SERVER_START_TIMEOUT_MS = 60_000;

/** A running server. */
export type BenchServer = { baseUrl: string; pid: number; stop: () => Promise<void> };

/** Starts `next start` on the build in `distDir`; resolves once it answers. */
export async function startBenchServer(input: {
  root: string;
  distDir: string;
  port: number;
  databaseUrl: string | null;
  /** Write a CPU profile of the server (`node --cpu-prof`) into this folder when it stops. */
  profileDir?: string;
}): Promise<BenchServer> {
  if (!existsSync(path.join(input.root, input.distDir, "BUILD_ID"))) {
    throw new Error(`no production build in ${input.distDir}: run \`NEXT_DIST_DIR=${input.distDir} npx next build\` first`);
  }
  const dataDir = input.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), "octo-bench-"));
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: input.distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  if (input.databaseUrl) environment.DATABASE_URL = input.databaseUrl;
  else {
    delete environment.DATABASE_URL;
    environment.PGLITE_DATA_DIR = dataDir as string;
  }
  const profile = input.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${input.profileDir}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, path.join(input.root, "node_modules/next/dist/bin/next"), "start", "-p", String(input.port), "-H", "127.0.0.1"], {
    cwd: input.root,
    env: environment,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${input.port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/auth/get-session`);
      if (response.status < 500) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, pid: child.pid as number, stop };
}
