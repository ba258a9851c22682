import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, markdownUrlTransform } from "./markdown";

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
