import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MermaidDiagram } from "./mermaid-diagram";
import { MERMAID_MAX_SOURCE_CHARACTERS, renderMermaid } from "./render-mermaid";

describe("MermaidDiagram", () => {
  it("shows the source, not a drawing, while it is incomplete", () => {
    const markup = renderToStaticMarkup(<MermaidDiagram source={"flowchart LR\n  A --> B"} complete={false} title="Flow" />);
    expect(markup).toContain('data-status="waiting"');
    expect(markup).toContain("drawn when its source is complete");
    expect(markup).toContain("A --&gt; B");
    expect(markup).not.toContain("<svg");
  });

  it("waits for the browser to draw a complete diagram", () => {
    const markup = renderToStaticMarkup(<MermaidDiagram source={"flowchart LR\n  A --> B"} complete />);
    expect(markup).toContain('data-status="drawing"');
    expect(markup).toContain("Drawing the diagram");
  });

  it("prints a hostile source as text", () => {
    const source = 'flowchart LR\n  A["<img src=x onerror=alert(1)>"] --> B]]>';
    const markup = renderToStaticMarkup(<MermaidDiagram source={source} complete={false} title={"<b>t</b>"} />);
    expect(markup).not.toMatch(/<img|<b>/);
    expect(markup).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("renderMermaid", () => {
  it("refuses a source past the cap without asking the diagram frame (there is none here to ask)", async () => {
    const result = await renderMermaid({ id: "m1", source: "x".repeat(MERMAID_MAX_SOURCE_CHARACTERS + 1), scheme: "light" });
    expect(result).toEqual({ error: expect.stringContaining("longer than") });
  });
});
