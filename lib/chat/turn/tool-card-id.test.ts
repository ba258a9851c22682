import { describe, expect, it } from "vitest";
import { TOOL_CARD_ID_LENGTH } from "@/lib/host-actions/host-action-card";
import { ToolCardSchema } from "../wire";
import { toolCardId } from "./tool-card-id";

describe("toolCardId", () => {
  it("keeps an id within the bound as it is", () => {
    expect(toolCardId("call_abc")).toBe("call_abc");
    expect(toolCardId("x".repeat(TOOL_CARD_ID_LENGTH))).toBe("x".repeat(TOOL_CARD_ID_LENGTH));
  });

  it("replaces a longer one by a stable digest every card schema takes, telling two long ids apart", () => {
    const long = "c".repeat(300);
    const id = toolCardId(long);
    expect(id).toMatch(/^call-[0-9a-f]{24}$/);
    expect(toolCardId(long)).toBe(id);
    expect(toolCardId(`${"c".repeat(299)}d`)).not.toBe(id);
    for (const card of [
      { id, name: "render_ui", textOffset: 0, spec: null, diagnostics: [] },
      { id, name: "file_issue", textOffset: 0, ok: false, state: "proposed", line: "File issue 'X' on project Demo as Ana", proposalId: "p" },
    ]) {
      expect(ToolCardSchema.safeParse(card).success).toBe(true);
      expect(ToolCardSchema.safeParse({ ...card, id: long }).success).toBe(false);
    }
  });
});
