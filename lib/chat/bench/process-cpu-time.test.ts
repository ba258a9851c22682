import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseProcStatTicks, processTreeCpuMs } from "./process-cpu-time";

describe("parseProcStatTicks", () => {
  it("adds utime and stime, even when the command name holds spaces and parentheses", () => {
    const line = "4242 (next (server) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 731 129 0 0 20 0 11 0 900 1000 50 ...";
    expect(parseProcStatTicks(line)).toBe(731 + 129);
  });

  it("refuses what is not a stat line", () => {
    expect(parseProcStatTicks("nothing here")).toBeNull();
  });
});

describe("processTreeCpuMs", () => {
  it("counts the CPU a child process burns", async () => {
    const child = spawn(process.execPath, ["-e", "const end = Date.now() + 400; while (Date.now() < end);"], { stdio: "ignore" });
    const before = processTreeCpuMs(process.pid) ?? 0;
    // Sample while the child still lives: a finished child's time leaves the tree.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = processTreeCpuMs(process.pid) ?? 0;
    await new Promise((resolve) => child.on("exit", resolve));
    expect(during - before).toBeGreaterThanOrEqual(100);
  });

  it("is null for a process that does not exist", () => {
    expect(processTreeCpuMs(2 ** 22 + 7)).toBeNull();
  });
});
