import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const WATCHED_SERVER = path.join(import.meta.dirname, "testing", "watched-server.mjs");

/** The project's own start script with the stand-in in place of Next.js: the same shell line, `exec` and all. */
function startScript(): string {
  const script: string = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start;
  if (!script.includes(LAUNCHER)) throw new Error(`the start script no longer runs ${LAUNCHER}: ${script}`);
  return script.replace(LAUNCHER, JSON.stringify(WATCHED_SERVER));
}

const LAUNCHER = "lib/launch/next-command.mjs start";

/** How long a stopped server may take to go: well above the 250 ms check, for a loaded machine. */
const GONE_WITHIN_MS = 15_000;

const started: { directory: string; npm: ChildProcess; serverPid?: number }[] = [];

/** Runs `npm start` in a scratch package whose start script is the project's, running the stand-in. */
async function startThroughNpm(environment: Record<string, string> = {}) {
  const directory = mkdtempSync(path.join(tmpdir(), "octo-launch-"));
  writeFileSync(
    path.join(directory, "package.json"),
    JSON.stringify({ name: "launch-test", private: true, scripts: { start: startScript() } }),
  );
  const npm = spawn("npm", ["start", "--silent"], { cwd: directory, env: { ...process.env, ...environment }, stdio: ["ignore", "pipe", "inherit"] });
  const entry: (typeof started)[number] = { directory, npm };
  started.push(entry);
  let output = "";
  const serverPid = await new Promise<number>((resolve, reject) => {
    npm.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /pid (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    npm.on("exit", () => reject(new Error(`npm exited before the server started: ${output}`)));
  });
  entry.serverPid = serverPid;
  return { npm, serverPid };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number): Promise<boolean> {
  const deadline = Date.now() + GONE_WITHIN_MS;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isRunning(pid);
}

afterEach(() => {
  for (const { directory, npm, serverPid } of started.splice(0)) {
    if (serverPid && isRunning(serverPid)) process.kill(serverPid, "SIGKILL");
    if (npm.exitCode === null) npm.kill("SIGKILL");
    rmSync(directory, { recursive: true, force: true });
  }
});

describe("exitWithParent under npm start", () => {
  for (const signal of ["SIGTERM", "SIGINT", "SIGKILL"] as const) {
    it(`leaves no server behind when npm gets ${signal}`, async () => {
      const { npm, serverPid } = await startThroughNpm();
      expect(isRunning(serverPid)).toBe(true);
      npm.kill(signal);
      expect(await waitUntilGone(serverPid), `server ${serverPid} still running after npm got ${signal}`).toBe(true);
    });
  }

  it("closes the server with SIGTERM, so Next.js shuts down gracefully", async () => {
    const closedFile = path.join(mkdtempSync(path.join(tmpdir(), "octo-launch-closed-")), "closed");
    const { npm, serverPid } = await startThroughNpm({ CLOSED_FILE: closedFile });
    npm.kill("SIGKILL");
    expect(await waitUntilGone(serverPid)).toBe(true);
    expect(readFileSync(closedFile, "utf8")).toBe("closed by SIGTERM\n");
  });
});
