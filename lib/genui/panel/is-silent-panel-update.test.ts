import { describe, expect, test } from "vitest";
import { isSilentPanelUpdate } from "./is-silent-panel-update";

const fence = (id: string | null) => `\`\`\`octo-ui\n{${id === null ? "" : `"id": "${id}", `}"items": [{"type": "text", "text": "v2"}]}\n\`\`\``;

describe("isSilentPanelUpdate", () => {
  test("exactly one fence carrying the id, nothing else but white space", () => {
    expect(isSilentPanelUpdate(fence("sales"), "sales")).toBe(true);
    expect(isSilentPanelUpdate(`\n  ${fence("sales")}\n\n`, "sales")).toBe(true);
  });
  test("any prose before or after makes it a visible reply", () => {
    expect(isSilentPanelUpdate(`Updated:\n${fence("sales")}`, "sales")).toBe(false);
    expect(isSilentPanelUpdate(`${fence("sales")}\nDone!`, "sales")).toBe(false);
  });
  test("a different id, no id, two fences, another kind of fence, or no fence is not silent", () => {
    expect(isSilentPanelUpdate(fence("other"), "sales")).toBe(false);
    expect(isSilentPanelUpdate(fence(null), "sales")).toBe(false);
    expect(isSilentPanelUpdate(`${fence("sales")}\n${fence("sales")}`, "sales")).toBe(false);
    expect(isSilentPanelUpdate("```ui\n<Summary/>\n```", "sales")).toBe(false);
    expect(isSilentPanelUpdate("", "sales")).toBe(false);
  });
  test("an unfinished fence is not (yet) a silent update", () => {
    expect(isSilentPanelUpdate(fence("sales").slice(0, -3), "sales")).toBe(false);
  });
});
