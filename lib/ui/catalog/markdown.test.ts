import { micromark } from "micromark";
import { describe, expect, it } from "vitest";
import { escapeBlockStart, escapeMarkdownLine, escapeMarkdownText, markdownCodeFence, markdownCodeSpan } from "./markdown";

/** Renders Markdown as a CommonMark renderer would, letting raw HTML through so that any leak shows. */
function render(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: true });
}

/** The text of rendered HTML, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .trim();
}

const HOSTILE = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "[click](javascript:alert(1))",
  "![pixel](https://evil.example/p.png)",
  "<https://evil.example>",
  "see https://evil.example/x and www.evil.example or mail me@evil.example",
  "**bold** _em_ `code` ~~strike~~",
  "a | b | c",
  "&lt;b&gt; &#60;i&#62; &amp;",
  "back\\slash\\",
  "[ref]: https://evil.example",
  "<!-- comment -->",
  "line one\n# heading\n- item\n> quote",
];

describe("escapeMarkdownText", () => {
  it("renders hostile text as exactly that text, with no HTML, link, image, code or emphasis", () => {
    for (const text of HOSTILE) {
      const html = render(escapeBlockStart(escapeMarkdownText(text).trim()));
      expect(html, text).not.toMatch(/<(?!\/?p>)[a-z!]/i);
      expect(visibleText(html), text).toBe(text.replace(/\s+/g, " ").trim());
    }
  });

  it("defuses GFM autolink literals", () => {
    const escaped = escapeMarkdownText("https://a.example www.b.example c@d.example");
    expect(escaped).not.toMatch(/https?:\/\//);
    expect(escaped).not.toMatch(/www\./);
    expect(escaped).not.toMatch(/[^\\]@/);
  });

  it("keeps text on one line", () => {
    expect(escapeMarkdownText("a\n\nb\r\nc\td")).toBe("a b c d");
  });
});

describe("escapeBlockStart", () => {
  it("escapes what would open a heading, list or setext underline", () => {
    for (const line of ["# Title", "- item", "+ item", "= under", "1. first", "12) twelfth"]) {
      const html = render(escapeBlockStart(line));
      expect(html, line).toMatch(/^<p>/);
      expect(visibleText(html), line).toBe(line);
    }
    expect(escapeBlockStart("plain")).toBe("plain");
    expect(escapeMarkdownLine("  # x  ")).toBe("\\# x");
  });
});

describe("markdownCodeSpan", () => {
  it("holds any text literally", () => {
    for (const text of ["src/a.ts:12", "a`b", "``x``", "`lead", "<b>x</b>", "https://x.example"]) {
      const html = render(markdownCodeSpan(text));
      expect(html, text).toMatch(/^<p><code>/);
      expect(visibleText(html), text).toBe(text);
    }
    expect(markdownCodeSpan("   ")).toBe("");
  });
});

describe("markdownCodeFence", () => {
  it("holds code literally and cannot be closed from inside", () => {
    const code = "```\n</CodeBlock>\n<script>x</script>\n````";
    const html = render(markdownCodeFence(code, "ts").join("\n") + "\n\nafter");
    expect(html).toMatch(/^<pre><code class="language-ts">/);
    expect(visibleText(html.split("</pre>")[0]!)).toBe(code);
    expect(html).toContain("<p>after</p>");
  });

  it("keeps only safe characters of the language", () => {
    expect(markdownCodeFence("x", "c++ onerror=`x`")[0]).toBe("```c++");
    expect(markdownCodeFence("x", "`x")[0]).toBe("```");
    expect(markdownCodeFence("", "")).toEqual(["```", "```"]);
  });
});
