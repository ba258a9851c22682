/**
 * A production server for the benches and the process suites (`*.process.test.ts`):
 * `next start` on a build made beforehand, on a port of its own, with a
 * throwaway embedded database (or the Postgres database it is given) and
 * telemetry off. The caller knows its process id (the bench reads the
 * server's CPU time) and can kill it with any signal (the crash tests).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

/** Milliseconds a server may take to say it is ready. */
const SERVER_START_TIMEOUT_MS = 60_000;

/** Characters of the server's output kept for an error message (the start of a long run's log is what explains a failed start). */
const OUTPUT_KEPT_CHARACTERS = 200_000;

/** A running server. */
export type BenchServer = {
  baseUrl: string;
  port: number;
  pid: number;
  /** Stops the server (SIGTERM, then waits for it) and deletes its embedded database. */
  stop: () => Promise<void>;
  /** Sends `signal` and resolves once the process has exited (SIGKILL: a crash, nothing cleaned up). */
  kill: (signal: NodeJS.Signals) => Promise<void>;
  /** What the server printed so far (stdout and stderr interleaved). */
  output: () => string;
  /** The probe's report (servers started with `probe: true`; see server-probe.mjs): `gc` collects garbage first. */
  readProbe: (options?: { gc?: boolean }) => Promise<ServerProbeReport>;
  /** When each text part of the replays answering `[load <tag>]` prompts was due, by tag (probe servers); forgotten once read. */
  readReplayTimings: () => Promise<Record<string, [number, number][]>>;
  /** Starts a CPU profile in the server (probe servers), or stops it and writes it to `file`. */
  profile: (command: "start" | { stop: string }) => Promise<void>;
};

/** What lib/chat/bench/server-probe.mjs reports. */
export type ServerProbeReport = {
  /** Delay of the event loop since the previous report, in milliseconds, the probe's resolution included. */
  eventLoop: { utilization: number; p50: number; p99: number; max: number; resolutionMs: number };
  /** `process.memoryUsage()`, in bytes. */
  memory: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  /** The process's worker threads (the generation worker): the share of the time since the previous report each one's loop was busy. */
  workers: { utilization: number }[];
};

/** The line the probe prints before its JSON. */
const PROBE_MARK = "[bench-probe] ";

/** Milliseconds a probe report may take (a full collection of a large heap included). */
const PROBE_TIMEOUT_MS = 30_000;

/** Asks the kernel for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The repository's root (this file is lib/chat/bench/bench-server.ts). */
export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

/** Starts `next start` on the build in `distDir`; resolves once it answers. */
export async function startBenchServer(input: {
  root?: string;
  distDir?: string;
  /** Default: a free port. */
  port?: number;
  databaseUrl: string | null;
  /** Write a CPU profile of the server (`node --cpu-prof`) into this folder when it stops. */
  profileDir?: string;
  /** Node options before the Next.js binary (e.g. `--import` of a probe). */
  nodeArguments?: readonly string[];
  /** Variables added to (or, `undefined`, removed from) the server's environment. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The signing secret (servers sharing a database and serving the same people share one). Default: a random one. */
  authSecret?: string;
  /** Load the bench probe (event-loop delay and memory on request, lib/chat/bench/server-probe.mjs) with garbage collection exposed. */
  probe?: boolean;
}): Promise<BenchServer> {
  const root = input.root ?? REPOSITORY_ROOT;
  const distDir = input.distDir ?? process.env.NEXT_DIST_DIR ?? ".next";
  if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
    throw new Error(`no production build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` first`);
  }
  const port = input.port ?? (await freePort());
  const dataDir = input.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), "octo-bench-"));
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    BETTER_AUTH_SECRET: input.authSecret ?? randomBytes(32).toString("base64url"),
  };
  if (input.databaseUrl) environment.DATABASE_URL = input.databaseUrl;
  else {
    delete environment.DATABASE_URL;
    environment.PGLITE_DATA_DIR = dataDir as string;
  }
  for (const [name, value] of Object.entries(input.env ?? {})) {
    if (value === undefined) delete environment[name];
    else environment[name] = value;
  }
  const cpuProfile = input.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${input.profileDir}`] : [];
  const probe = input.probe ? ["--expose-gc", "--import", path.join(root, "lib/chat/bench/server-probe.mjs")] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...cpuProfile, ...probe, ...(input.nodeArguments ?? []), path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    { cwd: root, env: environment, stdio: [input.probe ? "pipe" : "ignore", "pipe", "pipe"] },
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_KEPT_CHARACTERS) output = output.slice(0, OUTPUT_KEPT_CHARACTERS / 2) + "\n…\n" + output.slice(-OUTPUT_KEPT_CHARACTERS / 2);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
  };
  const stop = async () => {
    await kill("SIGTERM");
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
  let probeLines = "";
  const probeWaiters: ((report: ServerProbeReport) => void)[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    probeLines += chunk.toString();
    let newline = probeLines.indexOf("\n");
    while (newline !== -1) {
      const line = probeLines.slice(0, newline);
      probeLines = probeLines.slice(newline + 1);
      const mark = line.indexOf(PROBE_MARK);
      if (mark !== -1) probeWaiters.shift()?.(JSON.parse(line.slice(mark + PROBE_MARK.length)) as ServerProbeReport);
      newline = probeLines.indexOf("\n");
    }
  });
  const askProbe = <T>(command: string) =>
    new Promise<T>((resolve, reject) => {
      if (!input.probe || !child.stdin) return reject(new Error("the server was started without the probe"));
      const timer = setTimeout(() => reject(new Error(`the server's probe did not answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      probeWaiters.push((report) => {
        clearTimeout(timer);
        resolve(report as T);
      });
      child.stdin.write(`${command}\n`);
    });
  const readProbe = (options: { gc?: boolean } = {}) => askProbe<ServerProbeReport>(options.gc ? "report gc" : "report");
  const profile = async (command: "start" | { stop: string }) => {
    await askProbe(command === "start" ? "profile start" : `profile stop ${command.stop}`);
  };
  const readReplayTimings = async () => (await askProbe<{ timings: Record<string, [number, number][]> }>("timings")).timings;
  return { baseUrl, port, pid: child.pid as number, stop, kill, output: () => output, readProbe, readReplayTimings, profile };
}
