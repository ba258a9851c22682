import { describe, expect, it } from "vitest";
import { ToolCardSchema } from "@/lib/chat/wire";
import { hostActionCardOfPart, UNREADABLE_CALL_LINE } from "./host-action-card";

const record = { branch: "main", previousRun: 1842, runNumber: 1843, tests: [], passed: 2, failed: 1 };

describe("hostActionCardOfPart", () => {
  it("makes a record of a host action's result, a tool card of the wire", () => {
    const card = hostActionCardOfPart(
      { type: "tool-result", toolCallId: "call-1", toolName: "rerun_tests", output: { ok: true, action: "rerun_tests", replayed: true, line: "Re-ran 3 failed tests — run #1843: 2 passed, 1 failed", record } },
      12,
    );
    expect(card).toEqual({ id: "call-1", name: "rerun_tests", textOffset: 12, ok: true, line: "Re-ran 3 failed tests — run #1843: 2 passed, 1 failed", replayed: true });
    expect(ToolCardSchema.parse(card)).toEqual(card);
  });

  it("keeps a refusal's words and code, cut to a line", () => {
    const card = hostActionCardOfPart({ type: "tool-result", toolCallId: "c", toolName: "file_issue", output: { ok: false, action: "file_issue", code: "forbidden", message: "x".repeat(1_000) } }, 0);
    expect(card).toMatchObject({ ok: false, code: "forbidden" });
    expect(card?.line).toHaveLength(300);
    expect(ToolCardSchema.safeParse(card).success).toBe(true);
  });

  it("records a call the AI SDK could not read, and ignores other tools", () => {
    expect(hostActionCardOfPart({ type: "tool-error", toolCallId: "c", toolName: "rerun_tests", error: new Error("bad JSON") }, 3)).toEqual({
      id: "c",
      name: "rerun_tests",
      textOffset: 3,
      ok: false,
      line: UNREADABLE_CALL_LINE,
      code: "bad_input",
    });
    expect(hostActionCardOfPart({ type: "tool-result", toolCallId: "c", toolName: "write_file", output: {} }, 0)).toBeNull();
  });
});
