import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { PANE_TOOL_NAMES, paneTools } = await import("./pane-tools");

describe("paneTools", () => {
  it("keeps only the tools that write nothing: no host action, no artifact tool", () => {
    const every = ["render_ui", "read_project_data", "write_file", "edit_file", "show_artifact", "rerun_tests", "file_issue"];
    expect(Object.keys(paneTools(Object.fromEntries(every.map((name) => [name, name]))))).toEqual(["render_ui", "read_project_data"]);
    expect(PANE_TOOL_NAMES).toEqual(["render_ui", "read_project_data"]);
  });
});
