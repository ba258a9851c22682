import { describe, expect, it } from "vitest";
import { genuiGuideText } from "@/lib/genui/guide/genui-guide-text";
import { buildSystemPrompt } from "@/lib/models/system-prompt";
import { ARTIFACT_KINDS } from "./artifact-kind";
import { ARTIFACT_TOOL_DEFINITIONS, ARTIFACT_TOOL_NAMES } from "./artifact-tools";
import { artifactsGuideText } from "./artifacts-guide-text";
import { ARTIFACT_LIMITS } from "./limits";

const guide = artifactsGuideText();

describe("artifactsGuideText", () => {
  it("describes each tool from its own definition: name, description and every input field", () => {
    for (const name of ARTIFACT_TOOL_NAMES) {
      const definition = ARTIFACT_TOOL_DEFINITIONS[name];
      expect(guide).toContain(`### \`${name}\``);
      expect(guide).toContain(definition.description);
      for (const field of Object.keys(definition.inputSchema.shape)) expect(guide).toMatch(new RegExp(`- \`${field}\\??: `));
    }
    expect(guide).toContain('`kind?: "markdown" | "html" | "svg" | "code" | "csv" | "json" | "text"`');
    expect(guide).toContain("`edits: {find: string, replace: string}[]`");
  });

  it("names every kind and states every cap with its number", () => {
    for (const kind of ARTIFACT_KINDS) expect(guide).toContain(`- \`${kind}\``);
    for (const [name, value] of Object.entries(ARTIFACT_LIMITS)) {
      const stated = name === "contentBytes" ? "1.0 MiB" : name === "chatBytes" ? "32.0 MiB" : value.toLocaleString("en-US");
      expect(guide, name).toContain(stated);
    }
  });

  it("lists the chat's artifacts, or says there are none", () => {
    expect(guide).toContain("This chat has no artifacts yet.");
    const listed = artifactsGuideText([{ path: "report.md", kind: "markdown", version: 2, bytes: 4300 }]);
    expect(listed).toContain("- `report.md` (markdown, version 2, 4.2 KiB)");
  });

  it("uses the tool names the GenUI guide's boundary section names", () => {
    const boundary = genuiGuideText().slice(genuiGuideText().indexOf("## GenUI or an artifact?"));
    for (const name of ARTIFACT_TOOL_NAMES) expect(boundary).toContain(`\`${name}\``);
  });
});

describe("the system prompt", () => {
  it("carries the section when the tools are offered, and says nothing of them otherwise", () => {
    const withTools = buildSystemPrompt({ artifactsGuide: guide });
    expect(withTools).toContain("# Artifacts: deliverables beside the conversation");
    expect(withTools).toContain("The artifact tools (`write_file`, `edit_file`, `show_artifact`; see Artifacts below)");
    const without = buildSystemPrompt();
    expect(without).not.toContain("# Artifacts");
    expect(without).not.toContain("see Artifacts below");
  });
});
