import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { describe, expect, it } from "vitest";
import { Markdown, markdownUrlTransform } from "./markdown";
import { splitMarkdown } from "./split-markdown";

function render(text: string, streaming = false): string {
  return renderToStaticMarkup(<Markdown text={text} streaming={streaming} />);
}

describe("Markdown", () => {
  it("renders prose, emphasis, lists and GitHub tables", () => {
    const markup = render("Deploys **went well**.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
    expect(markup).toContain("<strong>went well</strong>");
    expect(markup).toContain("<li>one</li>");
    expect(markup).toContain('<table class="table">');
    expect(markup).toContain("<td>2</td>");
  });

  it("drops raw HTML instead of parsing it", () => {
    const markup = render('Hello <img src=x onerror="alert(1)"> and <script>alert(2)</script> <b>bold</b>\n\n<div onclick="x()">block</div>\n');
    expect(markup).not.toMatch(/<img|<script|<b>|<div onclick|onerror/);
    expect(markup).toContain("Hello");
  });

  it("links only http, https, mailto and tel, in a new tab without referrer", () => {
    const markup = render("[ok](https://example.com/a) [mail](mailto:a@example.com) [call](tel:+1555)");
    expect(markup).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">ok</a>');
    expect(markup).toContain('href="mailto:a@example.com"');
    expect(markup).toContain('href="tel:+1555"');
  });

  it.each([
    "[x](javascript:alert(1))",
    "[x](JAVASCRIPT:alert(1))",
    "[x](&#106;avascript:alert(1))",
    "[x](data:text/html;base64,PHNjcmlwdD4=)",
    "[x](vbscript:msgbox)",
    "[x](/relative)",
    "[x](//evil.example)",
    "<javascript:alert(1)>",
    "[x][r]\n\n[r]: javascript:alert(1)",
  ])("drops the unsafe URL of %j and keeps the text", (text) => {
    const markup = render(text);
    expect(markup).not.toContain("href=");
    // The words may stay as text; they never reach an attribute.
    expect(markup).not.toMatch(/="[^"]*(javascript|data|vbscript):/i);
  });

  it("never loads an image from the model's URL: it shows the alt text", () => {
    const markup = render("![chart of sales](https://tracker.example/pixel.png)");
    expect(markup).not.toContain("<img");
    expect(markup).not.toContain("tracker.example");
    expect(markup).toContain("Image: chart of sales");
  });

  it("highlights code fences with CodeView, never as HTML", () => {
    const markup = render("```ts\nconst a = '<b>x</b>';\n```\n");
    expect(markup).toContain('class="hljs-keyword"');
    expect(markup).not.toContain("<b>");
  });

  it("draws a mermaid fence only once it is closed", () => {
    expect(render("```mermaid\nflowchart LR\n  A --> B\n```\n", true)).toContain('data-status="drawing"');
    expect(render("```mermaid\nflowchart LR\n  A --> B\n", true)).toContain('data-status="waiting"');
    expect(render("```mermaid\nflowchart LR\n  A --> B\n", false)).toContain('data-status="drawing"');
  });

  it("transforms URLs by the prose rule", () => {
    expect(markdownUrlTransform("https://example.com", "href", { type: "element", tagName: "a", properties: {}, children: [] })).toBe(
      "https://example.com/",
    );
    expect(markdownUrlTransform("javascript:alert(1)", "href", { type: "element", tagName: "a", properties: {}, children: [] })).toBeUndefined();
  });
});

describe("Markdown inline", () => {
  it("unwraps paragraphs and blocks into one span", () => {
    const markup = renderToStaticMarkup(<Markdown inline text={"# Title\n\nSome *text* and `code`\n\n- item"} />);
    expect(markup).not.toMatch(/<(div|p|h1|ul|li)\b/);
    expect(markup).toContain("<em>text</em>");
    expect(markup).toContain("<code>code</code>");
  });
});

/** What a reader sees of a rendering: the text with tags removed, and whether a limit's note is there. */
function noteOf(markup: string): string | null {
  return /data-markdown-limit="([a-z]+)"/.exec(markup)?.[1] ?? null;
}

describe("Markdown past its limits", () => {
  const DEPTH = 3_000;

  it.each([
    ["quotes", `${">".repeat(DEPTH)} the deepest quote`, "nesting"],
    ["quotes with spaces", `${"> ".repeat(DEPTH)}the deepest quote`, "nesting"],
    ["lists", `${"- ".repeat(DEPTH)}the deepest item`, "nesting"],
    ["ordered lists", `${"1. ".repeat(DEPTH)}the deepest item`, "nesting"],
    // Indentation is measured after parsing: each level is a list in a list item.
    ["indented lists", Array.from({ length: 150 }, (_, level) => `${"  ".repeat(level)}- level ${level}`).join("\n"), "nesting"],
    ["brackets", `${"[".repeat(DEPTH)}a maze${"]".repeat(DEPTH)}`, "nesting"],
    ["unclosed brackets", `${"[".repeat(DEPTH * 3)}a maze`, "nesting"],
    ["links in links", `${"[a".repeat(1_000)}${"](https://example.com)".repeat(1_000)}`, "nesting"],
    ["emphasis", `${"*".repeat(DEPTH)}deep${"*".repeat(DEPTH)}`, "nesting"],
    ["strong emphasis", `${"**a ".repeat(DEPTH)}deep${" a**".repeat(DEPTH)}`, "nesting"],
    ["strikethrough", `${"~~a ".repeat(DEPTH)}deep${" a~~".repeat(DEPTH)}`, "nesting"],
    ["alternating delimiters", `${"*_".repeat(DEPTH * 2)}deep${"_*".repeat(DEPTH * 2)}`, "nodes"],
    ["lone emphasis closers", "a* ".repeat(15_000), "nodes"],
    ["lone closing brackets", "a] ".repeat(15_000), "nodes"],
    ["everything at once", `${"> - ".repeat(DEPTH)}${"[*".repeat(DEPTH)}deep${"*]".repeat(DEPTH)}`, "nesting"],
  ])("shows thousands of nested %s as plain text with a note, without throwing", (_name, text, limit) => {
    const markup = render(`Before the maze.\n\n${text}\n\nAfter the maze, **still formatted**.\n`);
    expect(noteOf(markup)).toBe(limit);
    if (limit === "nesting") expect(markup).toContain("This part is nested too deeply to format, so it is shown as plain text.");
    // The parts around it are formatted as usual.
    expect(markup).toContain("<p>Before the maze.</p>");
    expect(markup).toContain("<strong>still formatted</strong>");
    expect(markup).not.toMatch(/<blockquote>\s*<blockquote>\s*<blockquote>\s*<blockquote>/);
  });

  it("keeps every character of a part it shows plain, as text", () => {
    const text = `${">".repeat(DEPTH)} <img src=x onerror="alert(1)"> [link](javascript:alert(1))`;
    const markup = render(text);
    expect(noteOf(markup)).toBe("nesting");
    expect(markup).toContain(`${"&gt;".repeat(DEPTH)} &lt;img src=x onerror=&quot;alert(1)&quot;&gt; [link](javascript:alert(1))`);
    expect(markup).not.toMatch(/<img|<a /);
  });

  it("formats nesting below the limits exactly as before", () => {
    const text = `${"> ".repeat(20)}quoted twenty deep, *with **emphasis***\n\n${"- ".repeat(10)}listed ten deep\n\n[[[a]]] and [link](https://example.com)\n`;
    const markup = render(text);
    expect(noteOf(markup)).toBeNull();
    expect(markup.match(/<blockquote>/g)).toHaveLength(20);
    expect(markup.match(/<ul>/g)).toHaveLength(10);
    expect(markup).toContain("<em>with <strong>emphasis</strong></em>");
    expect(markup).toContain('<a href="https://example.com/"');
  });

  it("formats a long reply chunk by chunk exactly as it would format it whole", () => {
    const section = (index: number) =>
      `## Section ${index}\n\nA paragraph with **bold**, _emphasis_ and \`code\`,\nwrapped over two lines.\n\n- one\n  - nested\n- two\n\n> A quote\n> on two lines.\n\n1. first\n2. second\n\n---`;
    const text = Array.from({ length: 250 }, (_, index) => section(index)).join("\n\n");
    expect(splitMarkdown(text).length).toBeGreaterThan(5);
    const whole = renderToStaticMarkup(
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={markdownUrlTransform}>
        {text}
      </ReactMarkdown>,
    );
    const withoutSpaceBetweenTags = (markup: string) => markup.replace(/>\s+</g, "><");
    expect(withoutSpaceBetweenTags(render(text))).toBe(withoutSpaceBetweenTags(`<div class="${/^<div class="([^"]+)"/.exec(render("x"))?.[1]}">${whole}</div>`));
  });

  it("shows a huge table as plain text with a note, and a table of a few hundred rows as a table", () => {
    const rows = (count: number) => `| service | p95 |\n|---|---:|\n${Array.from({ length: count }, (_, row) => `| svc-${row} | ${row} ms |`).join("\n")}\n`;
    const huge = render(rows(20_000));
    expect(noteOf(huge)).not.toBeNull();
    expect(huge).not.toContain("<table");
    expect(huge).toContain("| svc-19999 | 19999 ms |");
    const fine = render(rows(300));
    expect(noteOf(fine)).toBeNull();
    expect(fine.match(/<tr>/g)).toHaveLength(301);
  });

  it("renders a megabyte of prose: the part near the end formatted, the rest as text to be formatted later", () => {
    const paragraph = (index: number) => `Paragraph ${index} says **something** with \`code\` and a [link](https://example.com/${index}).`;
    const text = Array.from({ length: 12_000 }, (_, index) => paragraph(index)).join("\n\n");
    expect(text.length).toBeGreaterThan(1_000_000);
    const markup = renderToStaticMarkup(<Markdown text={text} deferBefore={text.length - 20_000} />);
    expect(noteOf(markup)).toBeNull();
    expect(markup).toContain("Paragraph 0 says **something**");
    expect(markup).toContain("<p>Paragraph 11999 says <strong>something</strong>");
    expect(markup.match(/data-markdown-deferred/g)?.length).toBeGreaterThan(100);
  });

  it("shows a single block past the length limit as plain text with the length note", () => {
    const text = `${"word ".repeat(20_000)}\n\nAfter it.\n`;
    const markup = render(text);
    expect(noteOf(markup)).toBe("length");
    expect(markup).toContain("This part is too long to format, so it is shown as plain text.");
    expect(markup).toContain("<p>After it.</p>");
  });

  it("shows inline Markdown past a limit as plain text with the note, inside the line", () => {
    const markup = renderToStaticMarkup(<Markdown inline text={`${"[".repeat(5_000)}x`} />);
    expect(markup).toMatch(/^<span class="[^"]*"><span class="[^"]*" data-markdown-limit="nesting">/);
    expect(markup).toContain("nested too deeply");
    expect(markup).not.toMatch(/<(div|p|pre)\b/);
  });

  it("draws chunks before the deferred offset as plain text, to be formatted later, and the rest formatted", () => {
    const paragraphs = Array.from({ length: 3_000 }, (_, index) => `## Part ${index}\n\nSome **bold** text.`).join("\n\n");
    const markup = renderToStaticMarkup(<Markdown text={paragraphs} deferBefore={paragraphs.length - 1_000} />);
    expect(markup).toContain("data-markdown-deferred");
    expect(markup).toContain("## Part 0");
    expect(markup).not.toContain("<h2>Part 0</h2>");
    expect(markup).toContain("<h2>Part 2999</h2>");
  });
});
