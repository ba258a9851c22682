import { describe, expect, it } from "vitest";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { carryUiState } from "./carry-ui-state";

function block(body: string) {
  const [compiled] = compileUi(`\`\`\`ui id=panel\n${body}\n\`\`\`\n`, { id: "reply", final: true });
  if (!compiled) throw new Error("no block");
  return compiled;
}

describe("carryUiState", () => {
  it("keeps values of state variables that still exist with the same type, and drops the rest", () => {
    const next = block(['$failedOnly = false', '$limit = "all"', "$filters = []", '$runs = @Filter([1, 2], n, n > 1)', '<Switch label="Failed" value={$failedOnly}/>'].join("\n"));
    const carried = carryUiState({ values: { failedOnly: true, limit: 5, filters: ["billing"], runs: [9], removed: "x" } }, next);
    expect(carried).toEqual({ values: { failedOnly: true, filters: ["billing"] } });
  });

  it("does not confuse arrays with objects, or null with anything", () => {
    const next = block(["$picked = {}", "$note = null", '<Switch label="x" value={$flag}/>'].join("\n"));
    expect(carryUiState({ values: { picked: [], note: null } }, next)).toEqual({ values: { note: null } });
    expect(carryUiState({ values: { picked: { a: 1 }, note: "text" } }, next)).toEqual({ values: { picked: { a: 1 } } });
  });
});
