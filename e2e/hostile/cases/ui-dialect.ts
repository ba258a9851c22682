/**
 * Hostile ```ui blocks: URL-ish props on components that take no URL,
 * script links on Source, host-link chips with traversal paths, markup in
 * table cells and titles, @Query of sources the host does not have,
 * prototype keys, props no component has, expression bombs, and a Diagram
 * with hostile mermaid. The tag language must keep all of it text.
 */
import { fence, reply, TRACKER_ORIGIN, type HostileCase } from "../hostile-case";
import { HOSTILE_MERMAID } from "./mermaid";

/** A ```ui block reply with a sentence before and after it, so a lost or blank reply shows. */
function uiCase(options: { id: string; title: string; body: string; usesProjectData?: boolean; shows?: string[]; ownChat?: boolean; dependsOn?: string }): HostileCase {
  const before = `Block ${options.id} follows.`;
  const after = `Block ${options.id} ended.`;
  return {
    id: options.id,
    class: "ui-dialect",
    title: options.title,
    steps: reply(`${before}\n\n`, fence("ui", options.body), `\n${after}\n`),
    expect: { replyShows: [before, after, ...(options.shows ?? [])] },
    ...(options.usesProjectData ? { usesProjectData: true } : {}),
    ...(options.ownChat ? { ownChat: true } : {}),
    ...(options.dependsOn ? { dependsOn: options.dependsOn } : {}),
  };
}

export const UI_DIALECT_CASES: HostileCase[] = [
  uiCase({
    id: "ui-image-url-props",
    title: "Image with URLs where an attachment id belongs, and props it does not have (src, href, srcset)",
    body: [
      `<Image attachment="${TRACKER_ORIGIN}/attachment.png" alt="Attachment URL" caption="<img src=${TRACKER_ORIGIN}/caption.png>"/>`,
      `<Image generated="${TRACKER_ORIGIN}/generated.png" alt="Generated URL"/>`,
      `<Image attachment="../../api/auth/sign-out" src="${TRACKER_ORIGIN}/src.png" href="/api/auth/sign-out" srcset="${TRACKER_ORIGIN}/srcset.png 1x" alt="Extra props"/>`,
      `<Image attachment="javascript:alert(1)" alt="Script attachment"/>`,
    ].join("\n"),
  }),
  uiCase({
    id: "ui-image-made-up-attachment",
    title: "Image naming attachment ids this chat never had (made up, our own API's shape), and the latest image of a chat with none",
    body: [
      '<Image attachment="att_AAAAAAAAAAAAAAAAAAAAAAAA" alt="Made-up attachment"/>',
      '<Image attachment="att_probe_api_chats_attachments" alt="Another shape"/>',
      '<Image generated="latest" alt="Latest of none"/>',
    ].join("\n"),
  }),
  uiCase({
    id: "ui-source-hrefs",
    title: "Source hrefs: javascript:, data:, protocol-relative, our own API, credentials, controls",
    body: [
      "<Sources>",
      '  <Source title="Script link" href="javascript:alert(1)"/>',
      '  <Source title="Data link" href="data:text/html,<script>alert(2)</script>"/>',
      '  <Source title="Protocol-relative" href="//tracker.example.test/pr"/>',
      '  <Source title="Sign-out link" href="/api/auth/sign-out"/>',
      '  <Source title="Credentials" href="https://user:pass@tracker.example.test/"/>',
      '  <Source title="Tab inside" href="java\\tscript:alert(3)"/>',
      '  <Source title="Upper case" href="JAVASCRIPT:alert(4)"/>',
      '  <Source title="Safe link" href="https://example.com/docs"/>',
      "</Sources>",
    ].join("\n"),
    shows: ["Script link", "Safe link"],
  }),
  uiCase({
    id: "ui-host-chips-traversal",
    title: "File, Diff, Commit and Node chips with traversal paths, our API, script refs and prototype names",
    usesProjectData: true,
    body: [
      "<EntityList>",
      '  <Entry title="Traversal">',
      '    <File path="../../../../etc/passwd"/> <File path="/api/auth/sign-out"/> <File path="..%2F..%2Fapi%2Fauth%2Fsign-out"/>',
      "  </Entry>",
      '  <Entry title="Commits and diffs">',
      '    <Commit sha="../../api/auth/sign-out"/> <Commit sha="javascript:alert(1)"/> <Diff path="../../api" base="main" head="//tracker.example.test"/>',
      "  </Entry>",
      '  <Entry title="Nodes">',
      '    <Node ref="javascript:alert(2)"/> <Node ref="__proto__"/> <Node ref="service:billing-api"/> <File path="lib/billing/invoice.ts" line={42}/>',
      "  </Entry>",
      "</EntityList>",
    ].join("\n"),
    shows: ["Traversal", "Nodes"],
  }),
  uiCase({
    id: "ui-table-markup-cells",
    title: "table cells and column titles carrying HTML, Markdown links and script URLs",
    body: [
      `<Table rows={[{name: "<img src=${TRACKER_ORIGIN}/cell.png onerror=alert(1)>", link: "[x](javascript:alert(2))", tag: "<b onmouseover=alert(3)>tag</b>", code: "</code><script>alert(4)</script>"}]} title="<i>Cells</i>">`,
      '  <Column field="name" title="<img src=x>"/>',
      '  <Column field="link" title="Link"/>',
      '  <Column field="tag" title="Tag" presentation="tag"/>',
      '  <Column field="code" title="Code" presentation="code"/>',
      "</Table>",
    ].join("\n"),
  }),
  uiCase({
    id: "ui-query-unknown-source",
    title: "@Query of sources the host does not have: unknown, a path, a prototype name, and hostile arguments",
    usesProjectData: true,
    body: [
      '$users = @Query("users", {})',
      '$path = @Query("../../api/auth/sign-out", {})',
      '$proto = @Query("__proto__", {})',
      `$runs = @Query("tests", {branch: "<img src=${TRACKER_ORIGIN}/arg.png>", limit: 100000})`,
      "<Stats>",
      '  <Stat label="Users" value={@Count($users)}/>',
      '  <Stat label="Runs" value={@Count($runs)}/>',
      "</Stats>",
      '<Table rows={$path} title="Path rows"><Column field="name"/></Table>',
    ].join("\n"),
  }),
  uiCase({
    id: "ui-prototype-keys",
    title: "__proto__, constructor and prototype as variable names, object keys, field reads and Each names",
    body: [
      "$__proto__ = 1",
      "$constructor = {polluted: true}",
      '$o = {__proto__: {polluted: true}, "constructor": {prototype: 1}, safe: "kept"}',
      '<Summary>Safe: {$o.safe}; proto: {$o.__proto__}; ctor: {$o["constructor"]}; count: {@Count($o.prototype)}</Summary>',
      '<Each items={[{name: "a"}]} as="prototype"><Tag>{prototype.name}</Tag></Each>',
      '<Table rows={[{__proto__: "x", name: "row"}]}><Column field="__proto__"/><Column field="name"/></Table>',
    ].join("\n"),
    shows: ["Safe:"],
  }),
  uiCase({
    id: "ui-unknown-props",
    title: "props no component has (on*, style, html, className, dangerouslySetInnerHTML, href) and components that do not exist",
    body: [
      `<Callout tone="danger" title="Props" onclick="alert(1)" style="background:url(${TRACKER_ORIGIN}/style.png)" html="<img src=${TRACKER_ORIGIN}/html.png>" className="x" dangerouslySetInnerHTML={{__html: "<img src=x onerror=alert(2)>"}} href="javascript:alert(3)">Callout text</Callout>`,
      '<Stat label="Stat" value="1" onmouseover="alert(4)" tone="danger;background:url(//tracker.example.test/tone.png)"/>',
      `<Script>alert(5)</Script>`,
      `<img src="${TRACKER_ORIGIN}/element.png"/>`,
      `<Iframe src="${TRACKER_ORIGIN}/frame"/>`,
      "<Summary>Summary after the unknown ones.</Summary>",
    ].join("\n"),
    shows: ["Callout text", "Summary after the unknown ones."],
  }),
  uiCase({
    id: "ui-markup-everywhere",
    title: "markup in titles, state strings, tags, code blocks and a CDATA close",
    body: [
      '$note = "<img src=x onerror=alert(\'state\')>"',
      `<Callout tone="warning" title="<img src=${TRACKER_ORIGIN}/title.png onerror=alert(1)>">]]><script>alert(2)</script> is text.</Callout>`,
      "<Summary>{$note} stays text.</Summary>",
      '<Tag tone="info"><svg onload=alert(3)></Tag>',
      '<CodeBlock lang="html&quot;><img src=x>">',
      `</code></pre><img src="${TRACKER_ORIGIN}/code.png"><script>alert(4)</script>`,
      "</CodeBlock>",
    ].join("\n"),
    shows: ["stays text."],
  }),
  uiCase({
    id: "ui-diagram-mermaid",
    title: "Diagram elements with hostile mermaid: an off-site image shape, a same-origin one, a classDef url()",
    body: [
      `<Diagram title="Off-site shape">\n${HOSTILE_MERMAID.imageShapeOffsite}\n</Diagram>`,
      `<Diagram title="Same-origin shape">\n${HOSTILE_MERMAID.imageShapeSameOrigin}\n</Diagram>`,
      `<Diagram title="Class url">\n${HOSTILE_MERMAID.flowchartStyleUrl}\n</Diagram>`,
    ].join("\n"),
    dependsOn: "(1) mermaid diagrams make the browser fetch",
  }),
  uiCase({
    id: "ui-expression-bombs",
    title: "array literals and parentheses nested 5,000 deep, a helper chain 2,000 long",
    ownChat: true,
    body: [
      `$deep = ${"[".repeat(5_000)}1${"]".repeat(5_000)}`,
      `$parens = ${"(".repeat(5_000)}1${")".repeat(5_000)}`,
      `$chain = ${"@Count(".repeat(2_000)}[]${")".repeat(2_000)}`,
      "<Summary>Bombs: {@Count($deep)} {$parens} {$chain}</Summary>",
      "<Summary>After the bombs.</Summary>",
    ].join("\n"),
    dependsOn: "(2) deep nesting kills the chat (the tag language's expressions)",
  }),
  uiCase({
    id: "ui-chart-hostile",
    title: "a chart whose labels and series names carry markup, prototype names and url()",
    body: [
      `<Chart kind="bar" title="<img src=${TRACKER_ORIGIN}/chart-title.png>" rows={[{label: "<script>alert(1)</script>", __proto__: 5, "url(//tracker.example.test/s.png)": 3, value: 4}]} series={["value", "__proto__", "url(//tracker.example.test/s.png)"]}/>`,
      '<Progress value={1e308} label="<img src=x onerror=alert(2)>"/>',
    ].join("\n"),
  }),
  uiCase({
    id: "ui-entries-links",
    title: "Markdown links and autolinks inside entry titles, steps and checklist items",
    body: [
      "<EntityList>",
      '  <Entry title="[click](javascript:alert(1))" subtitle="<https://tracker.example.test/auto>">Text with [a link](javascript:alert(2)) and ![img](' + TRACKER_ORIGIN + "/entry.png)</Entry>",
      "</EntityList>",
      '<Steps><Step title="![step](' + TRACKER_ORIGIN + '/step.png)" status="done">[x](data:text/html,x)</Step></Steps>',
      '<Checklist><Item label="<img src=' + TRACKER_ORIGIN + '/item.png>" checked/></Checklist>',
    ].join("\n"),
  }),
];
