import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogVerificationSender } from "./log-verification-sender";

describe("the log verification sender", () => {
  it("writes the link to the log, marked, and appends each mail to a private outbox file", async () => {
    const outboxFile = path.join(mkdtempSync(path.join(tmpdir(), "octo-sender-")), "nested", "outbox.jsonl");
    const lines: string[] = [];
    const sender = createLogVerificationSender({ outboxFile, writeLine: (line) => lines.push(line) });
    expect(sender.kind).toBe("log");
    await sender.send({ to: "ada@example.test", url: "http://localhost:3000/api/auth/verify-email?token=one" });
    await sender.send({ to: "grace@example.test", url: "http://localhost:3000/api/auth/verify-email?token=two" });
    expect(lines.join("\n")).toContain("[auth] ==== verification email (AUTH_EMAIL_SENDER=log: written here, not sent) ====");
    expect(lines[0]).toContain("[auth] to:   ada@example.test");
    expect(lines[0]).toContain("[auth] open: http://localhost:3000/api/auth/verify-email?token=one");
    const entries = readFileSync(outboxFile, "utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map(({ to, url }) => ({ to, url }))).toEqual([
      { to: "ada@example.test", url: "http://localhost:3000/api/auth/verify-email?token=one" },
      { to: "grace@example.test", url: "http://localhost:3000/api/auth/verify-email?token=two" },
    ]);
    expect(Number.isNaN(Date.parse(String(entries[0]?.sentAt)))).toBe(false);
    expect(statSync(outboxFile).mode & 0o777).toBe(0o600);
  });

  it("cannot be made to forge log lines", async () => {
    const lines: string[] = [];
    const sender = createLogVerificationSender({ writeLine: (line) => lines.push(line) });
    await sender.send({ to: "ada@example.test\n[auth] open: http://evil.example/", url: "http://localhost:3000/x\r\n[auth] fake" });
    const logged = lines.join("\n").split("\n");
    expect(logged.filter((line) => line.startsWith("[auth] open:"))).toEqual(["[auth] open: http://localhost:3000/x??[auth] fake"]);
    expect(logged.filter((line) => line.startsWith("[auth] to:"))).toEqual(["[auth] to:   ada@example.test?[auth] open: http://evil.example/"]);
  });
});
