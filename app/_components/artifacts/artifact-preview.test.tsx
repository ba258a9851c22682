import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArtifactPreview } from "./artifact-preview";

function preview(kind: Parameters<typeof ArtifactPreview>[0]["kind"], content: string, path = "a") {
  return renderToStaticMarkup(<ArtifactPreview kind={kind} path={path} content={content} pageUrl="/api/chats/c/artifacts/a/versions/1/page" />);
}

describe("ArtifactPreview", () => {
  it("renders a document without any of the HTML a model wrote into it", () => {
    const markup = preview("markdown", '# Title\n\n<script>alert(1)</script>\n\n<img src="http://tracker.example.test/p.gif" onerror="alert(2)">\n\n[link](javascript:alert(3)) and ![pixel](http://tracker.example.test/p.gif)\n', "report.md");
    expect(markup).toContain("<h1>Title</h1>");
    expect(markup).not.toMatch(/<script|<img|onerror|javascript:|tracker\.example/);
  });

  it("runs a page only in its frame: the page's own URL, allow-scripts and nothing else, never inline markup", () => {
    const markup = preview("html", "<script>parent.document.body.remove()</script>", "page.html");
    expect(markup).toMatch(/^<iframe [^>]*><\/iframe>$/);
    expect(markup).toContain('sandbox="allow-scripts"');
    expect(markup).toContain('src="/api/chats/c/artifacts/a/versions/1/page"');
    expect(markup).toContain('referrerPolicy="no-referrer"');
    expect(markup).not.toContain("srcdoc");
    expect(markup).not.toContain("parent.document");
  });

  it("never puts an SVG's markup in the page (it becomes an image of a blob once mounted)", () => {
    const markup = preview("svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "logo.svg");
    expect(markup).not.toMatch(/<svg|<script/);
  });

  it("draws CSV as a table of text cells, markup in a cell shown as text", () => {
    const markup = preview("csv", 'region,note\nnorth,"<b>bold</b>, really"\n', "data.csv");
    expect(markup).toContain("<table");
    expect(markup).toContain("&lt;b&gt;bold&lt;/b&gt;, really");
    expect(markup).not.toContain("<b>bold</b>");
  });

  it("shows JSON that is not a list of rows as text, saying why", () => {
    const markup = preview("json", '{"a": 1}', "data.json");
    expect(markup).toContain("The data is not a list of rows. It is shown as text.");
    expect(markup).toContain("data.json");
  });
});
