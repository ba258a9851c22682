import { describe, expect, it } from "vitest";
import { buildSystemPrompt } from "@/lib/models/system-prompt";
import { ARTIFACT_KINDS } from "./artifact-kind";
import { ARTIFACT_TOOL_DEFINITIONS, ARTIFACT_TOOL_NAMES } from "./artifact-tools";
import { artifactsGuideText } from "./artifacts-guide-text";
import { ARTIFACT_LIMITS } from "./limits";

const guide = artifactsGuideText();

describe("artifactsGuideText", () => {
  const compact = artifactsGuideText([], { detail: "compact" });

  it("names each tool, and leaves their descriptions to the tool definitions the model receives with the request", () => {
    for (const text of [guide, compact]) for (const name of ARTIFACT_TOOL_NAMES) expect(text).toContain(`\`${name}\``);
    for (const name of ARTIFACT_TOOL_NAMES) expect(guide).not.toContain(ARTIFACT_TOOL_DEFINITIONS[name].description);
  });

  it("names every kind and states every cap with its number", () => {
    for (const kind of ARTIFACT_KINDS) expect(guide).toContain(`\`${kind}\``);
    for (const kind of ARTIFACT_KINDS) expect(compact).toMatch(new RegExp(`[(, ]${kind}[,;]`));
    for (const [name, value] of Object.entries(ARTIFACT_LIMITS)) {
      const stated = name === "contentBytes" ? "1.0 MiB" : name === "chatBytes" ? "32.0 MiB" : value.toLocaleString("en-US");
      // How much show_artifact returns is the tool's own description's to say.
      if (name === "shownCharacters") expect(ARTIFACT_TOOL_DEFINITIONS.show_artifact.description, name).toContain(stated);
      else expect(guide, name).toContain(stated);
    }
    expect(compact).toContain("A call past a cap fails and changes nothing.");
  });

  it("lists the chat's artifacts, or says there are none", () => {
    expect(guide).toContain("This chat has no artifacts yet.");
    const artifacts = [{ path: "report.md", kind: "markdown", version: 2, bytes: 4300 }] as const;
    for (const detail of ["full", "compact"] as const)
      expect(artifactsGuideText(artifacts, { detail })).toContain("- `report.md` (markdown, version 2, 4.2 KiB)");
  });
});

describe("the system prompt", () => {
  it("carries the section when the tools are offered, routes deliverables to it, and says nothing of them otherwise", () => {
    const withTools = buildSystemPrompt({ artifactsGuide: guide });
    expect(withTools).toContain("# Artifacts: deliverables beside the conversation");
    expect(withTools).toContain("is an artifact (see Artifacts)");
    const without = buildSystemPrompt();
    expect(without).not.toContain("# Artifacts");
    expect(without).not.toContain("see Artifacts");
  });
});
