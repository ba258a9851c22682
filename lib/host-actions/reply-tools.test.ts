import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { hostActionModelOutput, originOf } = await import("./reply-tools");

const message = (fields: Record<string, unknown>) => ({ id: "prompt", role: "user", kind: "prompt", action: null, ...fields }) as never;

describe("originOf", () => {
  it("is the picked choice for a choice turn, with the values the person saw on it, the message otherwise", () => {
    const chosen = { messageId: "reply-1", blockId: "failing-tests", choiceId: "rerun_tests" };
    const fields = [{ label: "Branch", value: "main" }];
    expect(originOf({ replyTo: "prompt", thread: [message({ kind: "choice", action: { label: "Re-run", fields, chosen } })] })).toEqual({ kind: "choice", chosen, fields });
    expect(originOf({ replyTo: "prompt", thread: [message({})] })).toEqual({ kind: "message", messageId: "prompt" });
    // A choice turn stored before picks were recorded has no pick to key on.
    expect(originOf({ replyTo: "prompt", thread: [message({ kind: "choice", action: { label: "Re-run", fields: [] } })] })).toEqual({ kind: "message", messageId: "prompt" });
  });
});

describe("hostActionModelOutput", () => {
  const record = { branch: "main", previousRun: 1842, runNumber: 1843, tests: [{ name: "billing › refunds", failed: true, ms: 1_100 }], passed: 0, failed: 1 };

  it("tells the model what was done, the new run, and when it was a repeat", () => {
    const output = hostActionModelOutput({ output: { ok: true, action: "rerun_tests", replayed: true, line: "Re-ran 1 failed test — run #1843: 0 passed, 1 failed", record } });
    expect(output.type).toBe("text");
    expect(output.value).toContain("Re-ran 1 failed test — run #1843: 0 passed, 1 failed.");
    expect(output.value).toContain("already been performed");
    expect(output.value).toContain("- billing › refunds: failed (1100 ms)");
  });

  it("tells the model a proposal waits for the person and must not be called again", () => {
    const output = hostActionModelOutput({ output: { ok: false, action: "file_issue", proposed: true, proposalId: "p", line: "File issue 'X' on project Demo as Ana" } });
    expect(output).toEqual({ type: "text", value: expect.stringMatching(/^Proposed; waiting for the person's confirmation: File issue 'X' on project Demo as Ana\. Nothing has been done yet\..*do not call it again/) });
  });

  it("hands a refusal to the model as an error it can act on", () => {
    expect(hostActionModelOutput({ output: { ok: false, action: "file_issue", code: "bad_input", message: "No." } })).toEqual({ type: "error-text", value: "No." });
  });
});
