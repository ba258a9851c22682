import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ArtifactCard } from "@/lib/artifacts/artifact-card";
import { ArtifactChip } from "./artifact-chip";
import { ArtifactsContext, type ArtifactsContextValue } from "./artifacts-context";

const written: ArtifactCard = { id: "call-1", name: "write_file", textOffset: 0, path: "report.md", artifact: { artifactId: "a1", path: "report.md", kind: "markdown", version: 1 } };

const context: ArtifactsContextValue = {
  chatId: "chat",
  open: false,
  target: null,
  artifacts: [],
  listError: null,
  revision: "",
  focusRequest: 0,
  sheet: false,
  show: () => {},
  close: () => {},
  toggleRef: { current: null },
  reload: () => {},
};

function text(markup: string): string {
  return markup.replace(/<[^>]*>/g, "");
}

describe("ArtifactChip", () => {
  it("is a button naming what the call did, the path and the version, inside a conversation", () => {
    const markup = renderToStaticMarkup(
      <ArtifactsContext.Provider value={context}>
        <ArtifactChip card={written} />
        <ArtifactChip card={{ ...written, id: "call-2", name: "edit_file", artifact: { ...written.artifact!, version: 2 } }} />
        <ArtifactChip card={{ ...written, id: "call-3", name: "write_file", artifact: { ...written.artifact!, version: 3 } }} />
      </ArtifactsContext.Provider>,
    );
    expect(markup.match(/<button/g)).toHaveLength(3);
    expect(text(markup)).toContain("Created report.mdversion 1");
    expect(text(markup)).toContain("Edited report.mdversion 2");
    expect(text(markup)).toContain("Rewrote report.mdversion 3");
  });

  it("is plain text outside a conversation, and a folded error when the call failed", () => {
    expect(renderToStaticMarkup(<ArtifactChip card={written} />)).not.toContain("<button");
    const failed = renderToStaticMarkup(<ArtifactChip card={{ ...written, name: "edit_file", artifact: null, error: "Edit 1 of 1 failed: <not found>" }} />);
    expect(failed).toContain("<details");
    expect(text(failed)).toContain("Could not edit report.md");
    expect(failed).toContain("Edit 1 of 1 failed: &lt;not found&gt;");
  });

  it("shows a refused path's invisible and bidi characters as marks, so a refused name never reads as a real one", () => {
    const failed = renderToStaticMarkup(<ArtifactChip card={{ ...written, path: "re\u3164port\u202edm.md", artifact: null, error: "The path holds an invisible character." }} />);
    expect(text(failed)).toContain("Could not write re⟨U+3164⟩port⟨U+202E⟩dm.md");
  });
});
