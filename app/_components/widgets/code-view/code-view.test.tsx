import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CodeView } from "./code-view";

/** The text a reader sees in static markup: tags removed, entities decoded. */
function visibleText(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

describe("CodeView", () => {
  it("highlights a shipped language with token spans and keeps the text exact", () => {
    const markup = renderToStaticMarkup(<CodeView code={'def greet(name):\n    return f"hi {name}"'} language="python" title="greet.py" />);
    expect(markup).toContain('class="hljs-keyword"');
    expect(markup).toContain("greet.py");
    expect(markup).toContain('data-language="python"');
    expect(markup).toContain(">Copy<");
  });

  it("shows other languages as plain monospace text", () => {
    const markup = renderToStaticMarkup(<CodeView code="SELECT 1;" language="sql" />);
    expect(markup).not.toContain("hljs");
    expect(markup).toContain("<pre");
    expect(markup).toContain("SELECT 1;");
  });

  it("never turns code into markup", () => {
    const hostile = '</code></pre><img src=x onerror="alert(1)"><script>alert(2)</script> ]]>';
    for (const language of ["html", "ts", "unknown-lang", undefined]) {
      const markup = renderToStaticMarkup(<CodeView code={hostile} language={language} />);
      expect(markup).not.toMatch(/<img|<script|onerror="/);
      expect(visibleText(markup)).toContain(hostile);
    }
  });
});
