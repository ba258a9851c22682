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
    // The child burns a fixed amount of CPU, however loaded the machine is, then says so and idles until killed:
    // a finished child's time leaves the tree, so the tree is sampled while it lives.
    const burn = "const end = 300_000; while (process.cpuUsage().user < end); process.stdout.write('burnt'); setInterval(() => {}, 1_000);";
    const before = processTreeCpuMs(process.pid) ?? 0;
    const child = spawn(process.execPath, ["-e", burn], { stdio: ["ignore", "pipe", "ignore"] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", () => resolve());
        child.on("exit", () => reject(new Error("the child ended before it had burnt its CPU")));
      });
      const during = processTreeCpuMs(process.pid) ?? 0;
      expect(during - before).toBeGreaterThanOrEqual(250);
    } finally {
      child.kill();
    }
  });

  it("is null for a process that does not exist", () => {
    expect(processTreeCpuMs(2 ** 22 + 7)).toBeNull();
  });
});
