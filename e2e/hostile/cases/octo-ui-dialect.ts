/**
 * Hostile ```octo-ui fences (the GenUI JSON dialect): link nodes with script,
 * data, protocol-relative and over-long hrefs, fields no node has, markup in
 * every text field, prototype keys, tabs and collapsibles far past the depth
 * cap, a mermaid node, broken JSON, and buttons whose action and payload try
 * to forge another envelope. The JSON dialect held every case in the
 * issue's attack; these keep it held.
 */
import { octoUi, reply, TRACKER_ORIGIN, type HostileCase } from "../hostile-case";
import { HOSTILE_MERMAID } from "./mermaid";

/** An octo-ui reply: a sentence, the fence (or raw text standing for one), a closing sentence. */
function fenceCase(options: { id: string; title: string; spec?: unknown; raw?: string; shows?: string[]; followUp?: HostileCase["followUp"]; ownChat?: boolean; dependsOn?: string }): HostileCase {
  const before = `Panel ${options.id} follows.`;
  const after = `Panel ${options.id} ended.`;
  return {
    id: options.id,
    class: "octo-ui-dialect",
    title: options.title,
    steps: reply(`${before}\n\n`, options.raw ?? octoUi(options.spec), `\n${after}\n`),
    expect: { replyShows: [before, after, ...(options.shows ?? [])] },
    ...(options.followUp ? { followUp: options.followUp } : {}),
    ...(options.ownChat ? { ownChat: true } : {}),
    ...(options.dependsOn ? { dependsOn: options.dependsOn } : {}),
  };
}

/** Every text-bearing node once, each text carrying markup. */
const MARKUP = `<img src="${TRACKER_ORIGIN}/genui-text.png" onerror="alert(1)">`;

/** Cards nested `depth` deep around a text node. */
function nestedCards(depth: number): unknown {
  let node: unknown = { type: "text", text: "the bottom card" };
  for (let level = 0; level < depth; level += 1) node = { type: level % 2 === 0 ? "card" : "collapsible", title: `level ${level}`, children: [node] };
  return node;
}

export const OCTO_UI_DIALECT_CASES: HostileCase[] = [
  fenceCase({
    id: "genui-link-script",
    title: "link nodes with javascript: in every spelling",
    spec: {
      title: "Script links",
      items: [
        { type: "link", text: "plain", href: "javascript:alert(1)" },
        { type: "link", text: "mixed case", href: " JaVaScRiPt:alert(2)" },
        { type: "link", text: "tab", href: "java\tscript:alert(3)" },
        { type: "link", text: "entity", href: "&#106;avascript:alert(4)" },
        { type: "link", text: "control", href: "\u0001javascript:alert(5)" },
        { type: "link", text: "safe", href: "https://example.com/docs" },
      ],
    },
    shows: ["safe"],
  }),
  fenceCase({
    id: "genui-link-schemes",
    title: "link nodes with data:, vbscript:, protocol-relative, our own API, file: and blob:",
    spec: {
      title: "Other links",
      items: [
        { type: "link", text: "data", href: "data:text/html,<script>alert(1)</script>" },
        { type: "link", text: "vbscript", href: "vbscript:msgbox(1)" },
        { type: "link", text: "protocol-relative", href: "//tracker.example.test/genui" },
        { type: "link", text: "sign out", href: "/api/auth/sign-out" },
        { type: "link", text: "file", href: "file:///etc/passwd" },
        { type: "link", text: "blob", href: `blob:${TRACKER_ORIGIN}/x` },
        { type: "link", text: "mail", href: "mailto:someone@example.com" },
      ],
    },
    shows: ["mail"],
  }),
  fenceCase({
    id: "genui-link-overlong",
    title: "link hrefs of 2,001 and 100,000 characters, and one without a host",
    spec: {
      title: "Long links",
      items: [
        { type: "link", text: "just over", href: `https://example.com/${"a".repeat(1_982)}` },
        { type: "link", text: "huge", href: `https://example.com/${"b".repeat(100_000)}` },
        { type: "link", text: "no host", href: "https:///path" },
        { type: "text", text: "Links checked." },
      ],
    },
    shows: ["Links checked."],
  }),
  fenceCase({
    id: "genui-unknown-fields",
    title: "fields no node has: style, html, onclick, className, dangerouslySetInnerHTML, src, href on text",
    spec: {
      title: "Unknown fields",
      style: `background:url(${TRACKER_ORIGIN}/spec-style.png)`,
      items: [
        { type: "text", text: "Text with extra fields.", style: `background:url(${TRACKER_ORIGIN}/style.png)`, html: MARKUP, onclick: "alert(1)", className: "x", dangerouslySetInnerHTML: { __html: MARKUP } },
        { type: "stat", label: "Stat", value: 1, src: `${TRACKER_ORIGIN}/src.png`, href: "javascript:alert(2)", onmouseover: "alert(3)" },
        { type: "card", title: "Card", children: [{ type: "badge", text: "badge", srcset: `${TRACKER_ORIGIN}/srcset.png 1x` }], background: `${TRACKER_ORIGIN}/bg.png` },
        { type: "image", src: `${TRACKER_ORIGIN}/image-node.png` },
        { type: "iframe", src: `${TRACKER_ORIGIN}/frame` },
        { type: "html", html: MARKUP },
      ],
    },
    shows: ["Text with extra fields."],
  }),
  fenceCase({
    id: "genui-text-markup",
    title: "markup and script links in every text field: titles, text, stats, badges, callouts, key-values, lists, cells, code",
    spec: {
      id: "markup-panel",
      title: MARKUP,
      items: [
        { type: "text", text: `${MARKUP} [link](javascript:alert(2)) **bold**` },
        { type: "stat", label: MARKUP, value: "<script>alert(3)</script>", delta: "<b onmouseover=alert(4)>" },
        { type: "badge", text: MARKUP, tone: "danger" },
        { type: "callout", title: MARKUP, text: "<iframe src=//tracker.example.test/callout>", tone: "info" },
        { type: "keyvalue", items: [{ label: MARKUP, value: "javascript:alert(5)" }] },
        { type: "list", items: [MARKUP, { label: "<svg onload=alert(6)>", value: "data:text/html,x" }] },
        { type: "table", columns: [MARKUP, "b"], rows: [[MARKUP, "[x](javascript:alert(7))"]] },
        { type: "code", lang: `"><img src=${TRACKER_ORIGIN}/lang.png>`, code: "</code></pre><script>alert(8)</script>" },
        { type: "text", text: "Markup checked." },
      ],
    },
    shows: ["Markup checked."],
  }),
  fenceCase({
    id: "genui-prototype-keys",
    title: "__proto__, constructor and prototype as spec keys, node types, field names and condition fields",
    raw:
      "```octo-ui\n" +
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, "title": "Prototype keys", "items": [' +
      '{"type": "__proto__"}, {"type": "constructor"}, {"type": "text", "text": "Prototype text.", "__proto__": {"html": "<img src=x>"}},' +
      '{"type": "input", "field": "__proto__", "label": "p"}, {"type": "checkbox", "field": "constructor", "label": "c"},' +
      '{"type": "text", "text": "hidden?", "visibleWhen": {"field": "__proto__", "equals": ""}}' +
      "]}\n```\n",
    shows: ["Prototype text."],
  }),
  fenceCase({
    id: "genui-depth",
    title: "cards and collapsibles nested 200 deep, tabs nested in tabs, 1,000 tabs",
    spec: {
      title: "Depth",
      items: [
        nestedCards(200),
        { type: "tabs", tabs: Array.from({ length: 1_000 }, (_, index) => ({ label: `tab ${index}`, children: [{ type: "tabs", tabs: [{ label: "inner", children: [nestedCards(20)] }] }] })) },
        { type: "text", text: "Depth checked." },
      ],
    },
    shows: ["Depth checked."],
  }),
  fenceCase({
    id: "genui-mermaid-node",
    title: "a mermaid node with an off-site image shape and a classDef url()",
    spec: {
      title: "Hostile mermaid node",
      items: [
        { type: "mermaid", code: HOSTILE_MERMAID.imageShapeOffsite },
        { type: "mermaid", code: HOSTILE_MERMAID.stateClassDefUrl },
        { type: "text", text: "Mermaid node checked." },
      ],
    },
    shows: ["Mermaid node checked."],
    dependsOn: "(1) mermaid diagrams make the browser fetch",
  }),
  fenceCase({
    id: "genui-broken-json",
    title: "fences that are not JSON: unterminated strings, comments, NaN, a BOM, a spec that is an array",
    raw:
      '```octo-ui\n{"title": "unterminated, "items": [{"type": "text", "text": "<img src=x onerror=alert(1)>\n```\n\n' +
      '```octo-ui\n\ufeff// comment\n{"items": [{"type": "stat", "label": "NaN", "value": NaN}, {"type": "text", "text": "after NaN"},]}\n```\n\n' +
      '```octo-ui\n[{"type": "text", "text": "an array"}]\n```\n\n' +
      '```octo-ui\n{"items": [{"type": "text", "text": "Broken JSON checked."}]}\n```\n',
    shows: ["Broken JSON checked."],
  }),
  fenceCase({
    id: "genui-plot-hostile",
    title: "plot series with markup labels, huge values, non-numbers and a height past the cap",
    spec: {
      title: "Plot",
      items: [
        { type: "plot", plot: "line", height: 100_000, xLabel: MARKUP, yLabel: "url(//tracker.example.test/y.png)", series: [{ name: "<script>alert(1)</script>", points: [{ label: MARKUP, value: 1e308 }, { label: "b", value: "NaN" }, { label: "c", value: -1e308 }] }] },
        { type: "plot", plot: "pie", series: [{ name: "__proto__", points: [{ label: "__proto__", value: 1 }, { label: "constructor", value: 2 }] }] },
        { type: "text", text: "Plot checked." },
      ],
    },
    shows: ["Plot checked."],
  }),
  fenceCase({
    id: "genui-panel-ids",
    title: "panel ids that are paths, prototype names, markup and 10,000 characters",
    raw: [
      octoUi({ id: "../../api/auth/sign-out", title: "Path id", items: [{ type: "text", text: "path id" }] }),
      octoUi({ id: "__proto__", title: "Proto id", items: [{ type: "text", text: "proto id" }] }),
      octoUi({ id: MARKUP, title: "Markup id", items: [{ type: "text", text: "markup id" }] }),
      octoUi({ id: "x".repeat(10_000), title: "Long id", items: [{ type: "text", text: "Panel ids checked." }] }),
    ].join("\n"),
    shows: ["Panel ids checked."],
  }),
  fenceCase({
    id: "genui-button-forged-payload",
    title: "a button whose action and payload try to name another panel and smuggle prototype keys; clicking it sends the button's own envelope",
    raw:
      "```octo-ui\n" +
      JSON.stringify({
        id: "hostile-panel",
        title: "Forging button",
        items: [
          { type: "input", field: "note", label: "Note", value: '","panel":"victim' },
          { type: "button", label: "Send forged payload", action: 'hostile-case:genui-button-reply"],"panel":"victim', payload: { panel: "victim", action: "other", nested: { __proto__: { admin: true } } } },
        ],
      }).replace('"nested":{}', '"nested":{"__proto__":{"admin":true}}') +
      "\n```\n",
    followUp: { kind: "click-expecting-silent-action", button: "Send forged payload", panel: "hostile-panel", action: 'hostile-case:genui-button-reply"],"panel":"victim', threadShows: "The forging button's panel, updated." },
  }),
];
