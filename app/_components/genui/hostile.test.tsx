/**
 * What a careless or malicious model could send, rendered: HTML in every
 * string field, script URLs in every disguise, prototype keys, interactive
 * nodes on the read-only surface. Everything renders as text or is dropped.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, test } from "vitest";
import { loadGenuiExamples } from "../../(dev)/gallery-genui/load-genui-examples";
import { LinkNode } from "./nodes/link-node";
import { attributeNames, attributeValues, fieldsState, renderPanel, tagNames, textContent } from "./testing/render-panel";

/** Every element the renderer itself writes; anything else in the markup came from a model. */
const RENDERER_ELEMENTS = new Set([
  "section", "h3", "h4", "div", "p", "span", "ul", "li", "strong", "dl", "dt", "dd", "hr", "a", "figure", "figcaption",
  "pre", "code", "button", "table", "caption", "thead", "tbody", "tr", "th", "td", "label", "input", "select", "option",
  "fieldset", "legend", "textarea", "output", "details", "summary",
  // The diagram widget's enlarged view (its own dialog, holding a copy of the cleaned drawing only while open).
  "dialog",
]);

const SAFE_SCHEMES = /^(?:https?:\/\/[^/]|mailto:|tel:)/;
const PAYLOAD = `<img src=x onerror=alert(1)>"'&<script>alert(2)</script>`;

function examples(id: string): { spec: unknown; surface: "tool" | "fence" } {
  const example = loadGenuiExamples().find((candidate) => candidate.id === id);
  if (example === undefined) throw new Error(`no example ${id}`);
  return { spec: JSON.parse(example.specJson), surface: example.surface };
}

function expectOnlyRendererMarkup(html: string): void {
  for (const tag of tagNames(html)) expect(RENDERER_ELEMENTS, `element <${tag}>`).toContain(tag);
  for (const name of attributeNames(html)) {
    expect(name, `attribute ${name}`).not.toMatch(/^on/);
    expect(["src", "srcdoc", "formaction", "action", "dangerouslysetinnerhtml", "classname", "xlink:href"]).not.toContain(name);
  }
  for (const href of attributeValues(html, "href")) expect(href).toMatch(SAFE_SCHEMES);
  // Script URLs may appear as text (that is the point) but never as a URL-bearing attribute's value.
  for (const name of ["href", "src", "action", "formaction", "xlink:href"]) {
    for (const value of attributeValues(html, name)) expect(value).not.toMatch(/^\s*(?:javascript|data|vbscript):/i);
  }
}

afterEach(() => {
  // Nothing a spec or a stored state holds may reach Object.prototype.
  expect(Object.prototype).not.toHaveProperty("polluted");
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe("hostile specs", () => {
  test("the hostile fence example renders only the renderer's own elements, its strings as text", () => {
    const { spec, surface } = examples("hostile-fence");
    const html = renderPanel(spec, { surface, onAction: () => undefined });
    expectOnlyRendererMarkup(html);
    const text = textContent(html);
    for (const shown of [
      "<script>alert('title')</script>",
      "<img src=x onerror=alert('text')>",
      "\"><svg onload=alert('callout')>",
      "</p><a href=\"javascript:alert('callout')\">click</a>",
      "<marquee>badge</marquee>",
      "<h1>card</h1>",
      "</code></pre><script>alert('code')</script>",
      "<script>alert('cell')</script>",
      "<button>send</button>",
    ]) {
      expect(text).toContain(shown);
    }
    expect(html).not.toContain("injected");
    expect(html).not.toContain("color:red");
    expect(html).not.toContain("<iframe");
    // The one safe link survives, normalized; the seventeen disguised script, data, file and relative links are gone.
    expect(attributeValues(html, "href")).toEqual(["https://example.com/?q=%3Cscript%3E&x=%22quote%22"]);
    expect(text).not.toContain("javascript: plain");
    expect(text).not.toContain("relative path");
    // A password-style input cannot exist.
    expect(html).not.toContain('type="password"');
    expect(attributeValues(html, "type").filter((type) => type !== "button")).toEqual(["text"]);
  });

  test("HTML in every string field of every node type renders as text", () => {
    const option = { label: PAYLOAD, value: PAYLOAD };
    const spec = {
      title: PAYLOAD,
      items: [
        { type: "text", text: PAYLOAD },
        { type: "card", title: PAYLOAD, children: [{ type: "badge", text: PAYLOAD, tone: "info" }] },
        { type: "stat", label: PAYLOAD, value: PAYLOAD, delta: PAYLOAD },
        { type: "callout", title: PAYLOAD, text: PAYLOAD, tone: "warning" },
        { type: "list", items: [PAYLOAD, { label: PAYLOAD, value: PAYLOAD }] },
        { type: "keyvalue", items: [{ label: PAYLOAD, value: PAYLOAD }] },
        { type: "progress", value: 10, label: PAYLOAD },
        { type: "code", code: PAYLOAD, lang: PAYLOAD },
        { type: "code", code: PAYLOAD, lang: "xml" },
        { type: "link", text: PAYLOAD, href: "https://example.com/" },
        { type: "collapsible", title: PAYLOAD, open: true, children: [{ type: "text", text: PAYLOAD }] },
        { type: "plot", plot: "bar", xLabel: PAYLOAD, yLabel: PAYLOAD, series: [{ name: PAYLOAD, points: [{ label: PAYLOAD, value: 1 }] }] },
        { type: "mermaid", code: PAYLOAD },
        { type: "table", columns: [PAYLOAD], rows: [[PAYLOAD]], sortable: true },
        { type: "input", field: "a", label: PAYLOAD, placeholder: PAYLOAD, value: PAYLOAD },
        { type: "input", field: "b", placeholder: PAYLOAD },
        { type: "textarea", field: "c", label: PAYLOAD, placeholder: PAYLOAD, value: PAYLOAD },
        { type: "select", field: "d", label: PAYLOAD, options: [option], value: PAYLOAD },
        { type: "radio", field: "e", label: PAYLOAD, options: [option] },
        { type: "checkbox", field: "f", label: PAYLOAD },
        { type: "switch", field: "g", label: PAYLOAD },
        { type: "slider", field: "h", label: PAYLOAD, min: 0, max: 1 },
        { type: "number", field: "i", label: PAYLOAD },
        { type: "tabs", tabs: [{ label: PAYLOAD, children: [{ type: "text", text: PAYLOAD }] }] },
        { type: "quiz", field: "j", question: PAYLOAD, options: [option], correct: PAYLOAD, explanation: PAYLOAD },
        { type: "button", label: PAYLOAD, action: PAYLOAD, payload: { note: PAYLOAD } },
      ],
    };
    const html = renderPanel(spec, { state: fieldsState({ j: PAYLOAD }), onAction: () => undefined });
    expectOnlyRendererMarkup(html);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    const text = textContent(html);
    // Every text occurrence, counted: each string field above shows once as text (attributes aside).
    expect(text.split(PAYLOAD).length - 1).toBeGreaterThanOrEqual(30);
    expect(attributeValues(html, "placeholder")).toEqual([PAYLOAD, PAYLOAD, PAYLOAD]);
    expect(attributeValues(html, "aria-label")).toContain(PAYLOAD);
  });

  const HOSTILE_HREFS = [
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "\u0001javascript:alert(1)",
    "java\nscript:alert(1)",
    "java\rscript:alert(1)",
    "java\tscript:alert(1)",
    "java\u0000script:alert(1)",
    "javascript\u0000:alert(1)",
    "\u200bjavascript:alert(1)",
    "javascript\u200b:alert(1)",
    "ｊavascript:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;avascript:alert(1)",
    "&#0000106avascript:alert(1)",
    "jav&#x09;ascript:alert(1)",
    "%6Aavascript:alert(1)",
    "javascript%3Aalert(1)",
    "javascript&colon;alert(1)",
    "\\u006Aavascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "blob:https://example.com/0b6f",
    "about:blank",
    "ftp://example.com/file",
    "ws://example.com/socket",
    "chrome://settings",
    "//evil.example.com/steal",
    "/api/auth/sign-out",
    "./relative",
    "#fragment",
    "?query=1",
    "",
    "   ",
    "http://",
    "https://",
    `https://example.com/${"a".repeat(2_000)}`,
  ];

  test.each(HOSTILE_HREFS.map((href) => [JSON.stringify(href).slice(0, 60), href]))("link %s is dropped by the panel", (_name, href) => {
    const html = renderPanel({ items: [{ type: "link", text: "click me", href }, { type: "text", text: "sibling" }] });
    expect(html).not.toContain("<a ");
    expect(html).not.toContain("click me");
    expect(textContent(html)).toContain("sibling");
  });

  test.each(HOSTILE_HREFS.map((href) => [JSON.stringify(href).slice(0, 60), href]))("link %s draws nothing even when handed to the link node directly", (_name, href) => {
    expect(renderToStaticMarkup(<LinkNode node={{ type: "link", text: "click me", href }} />)).toBe("");
  });

  test("the safe schemes survive, normalized, in any letter case", () => {
    const html = renderPanel({
      items: [
        { type: "link", href: "HTTPS://Example.COM/a b" },
        { type: "link", href: "http://example.com" },
        { type: "link", href: "MAILTO:team@example.com" },
        { type: "link", href: "tel:+1-555-0100" },
      ],
    });
    expect(attributeValues(html, "href")).toEqual(["https://example.com/a%20b", "http://example.com/", "mailto:team@example.com", "tel:+1-555-0100"]);
  });

  test("prototype keys in the spec, a payload and the stored state change nothing", () => {
    const spec = JSON.parse(`{
      "__proto__": {"polluted": "spec"},
      "items": [
        {"type": "text", "text": "kept", "__proto__": {"polluted": "node"}},
        {"type": "input", "field": "__proto__", "label": "dropped field"},
        {"type": "input", "field": "constructor", "label": "dropped too"},
        {"type": "table", "columns": ["__proto__"], "rows": [["cell"]], "filterBy": {"field": "__proto__", "column": "__proto__"}},
        {"type": "button", "label": "Go", "action": "go", "payload": {"__proto__": {"polluted": "payload"}, "ok": 1}}
      ]
    }`);
    const state = JSON.parse('{"fields": {"__proto__": {"polluted": "state"}, "toString": "x"}, "tabs": {"__proto__": 1}, "folds": {"__proto__": true}}');
    const html = renderPanel(spec, { state, onAction: () => undefined });
    expect(textContent(html)).toContain("kept");
    expect(html).not.toContain("dropped");
    expect(textContent(html)).toContain("cell");
    expect(textContent(html)).toContain("Go");
  });
});

describe("the tool surface", () => {
  const INTERACTIVE = /<input|<select|<textarea|<fieldset|role="tab|role="switch"|type="range"/;

  test("never shows an input, whatever the spec holds; its read-only siblings still render", () => {
    const { spec } = examples("hostile-tool");
    const html = renderPanel(spec, { surface: "tool", onAction: () => undefined });
    expect(html).not.toMatch(INTERACTIVE);
    const text = textContent(html);
    expect(text).toContain("The read-only parts of this card render.");
    expect(text).toContain("Still here");
    expect(text).toContain("read-only");
    expect(text).not.toContain("Send");
    expect(text).not.toContain("inside a dropped tab");
    expect(html).not.toContain("<button");
  });

  test("the same spec as a fence does draw its controls (the check above is not vacuous)", () => {
    const { spec } = examples("hostile-tool");
    expect(renderPanel(spec, { surface: "fence" })).toMatch(INTERACTIVE);
  });

  test("every example shown on the tool surface is free of controls", () => {
    for (const example of loadGenuiExamples()) {
      expect(renderPanel(JSON.parse(example.specJson), { surface: "tool" }), example.id).not.toMatch(INTERACTIVE);
    }
  });
});
