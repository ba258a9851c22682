import { describe, expect, it } from "vitest";
import { ToolCardSchema } from "@/lib/chat/wire";
import { hostActionCardOfPart, hostActionCardState, UNREADABLE_CALL_LINE } from "./host-action-card";

const record = { branch: "main", previousRun: 1842, runNumber: 1843, tests: [], passed: 2, failed: 1 };

describe("hostActionCardOfPart", () => {
  it("makes a record of a host action's result, a tool card of the wire", () => {
    const card = hostActionCardOfPart(
      { type: "tool-result", toolCallId: "call-1", toolName: "rerun_tests", output: { ok: true, action: "rerun_tests", replayed: true, line: "Re-ran 3 failed tests — run #1843: 2 passed, 1 failed", record } },
      12,
    );
    expect(card).toEqual({ id: "call-1", name: "rerun_tests", textOffset: 12, ok: true, state: "done", line: "Re-ran 3 failed tests — run #1843: 2 passed, 1 failed", replayed: true });
    expect(ToolCardSchema.parse(card)).toEqual(card);
  });

  it("keeps a refusal's words and code, cut to a line", () => {
    const card = hostActionCardOfPart({ type: "tool-result", toolCallId: "c", toolName: "file_issue", output: { ok: false, action: "file_issue", code: "forbidden", message: "x".repeat(1_000) } }, 0);
    expect(card).toMatchObject({ ok: false, state: "refused", code: "forbidden" });
    expect(card?.line).toHaveLength(300);
    expect(ToolCardSchema.safeParse(card).success).toBe(true);
  });

  it("records a call the AI SDK could not read, and ignores other tools", () => {
    expect(hostActionCardOfPart({ type: "tool-error", toolCallId: "c", toolName: "rerun_tests", error: new Error("bad JSON") }, 3)).toEqual({
      id: "c",
      name: "rerun_tests",
      textOffset: 3,
      ok: false,
      state: "refused",
      line: UNREADABLE_CALL_LINE,
      code: "bad_input",
    });
    expect(hostActionCardOfPart({ type: "tool-result", toolCallId: "c", toolName: "write_file", output: {} }, 0)).toBeNull();
  });

  it("makes a proposal's card: what will happen and as whom, its proposal id, nothing done", () => {
    const line = "File issue 'Login test is flaky' on project Demo as Ana Souza";
    const card = hostActionCardOfPart({ type: "tool-result", toolCallId: "c", toolName: "file_issue", output: { ok: false, action: "file_issue", proposed: true, proposalId: "p-1", line } }, 4);
    expect(card).toEqual({ id: "c", name: "file_issue", textOffset: 4, ok: false, state: "proposed", line, proposalId: "p-1" });
    expect(ToolCardSchema.safeParse(card).success).toBe(true);
  });

  it("reads the state of a card stored before proposals from whether it was done", () => {
    expect(hostActionCardState({ id: "c", name: "rerun_tests", textOffset: 0, ok: true, line: "Re-ran" })).toBe("done");
    expect(hostActionCardState({ id: "c", name: "rerun_tests", textOffset: 0, ok: false, line: "No", code: "forbidden" })).toBe("refused");
  });
});
