import { describe, expect, it } from "vitest";
import { compileBody, injectedMarkup, renderBody, textContent, visibleText } from "../testing";
import { renderToStaticMarkup } from "react-dom/server";
import { AttachmentsContext } from "../attachments-context";
import { UiBlockView } from "../ui-block-view";

describe("Content renderers", () => {
  it("draws a code block with CodeView, its literal text intact", () => {
    const markup = renderBody(`<CodeBlock lang="ts" title="retry.ts">
const html = "<b>{not an expression}</b>";
</CodeBlock>`);
    expect(markup).toContain("retry.ts");
    expect(markup).toContain('class="hljs-keyword"');
    expect(textContent(markup)).toContain('const html = "<b>{not an expression}</b>";');
    expect(markup).not.toContain("<b>");
  });

  it("draws a diagram only when its element is complete", () => {
    const source = "<Diagram title=\"Request path\">\nflowchart LR\n  Client --> API";
    const streaming = renderToStaticMarkup(<UiBlockView block={compileBody(source, { final: false })} />);
    // Still arriving, it stands as a placeholder of a diagram's size (its source may be cut anywhere).
    expect(streaming).toContain('data-placeholder="chart"');
    expect(streaming).not.toContain("data-status");
    const complete = renderBody(`${source}\n</Diagram>`);
    expect(complete).toContain('data-status="drawing"');
    expect(complete).toContain("Request path");
  });

  it("draws an image the conversation does not list as a labelled placeholder, never loading anything", () => {
    const markup = renderBody(`<Image attachment="att_42" alt="Sketch of the request path" caption="Attached by you"/>`);
    expect(markup).not.toContain("<img");
    expect(markup).not.toContain("src=");
    expect(markup).toContain('role="img"');
    expect(markup).toContain('aria-label="Sketch of the request path (Attachment att_42, not part of this conversation)"');
    expect(markup).toContain("<code>att_42</code>");
    expect(markup).toContain("Attached by you");
  });

  it("draws an attachment the conversation lists, from the host's URL for it and no other", () => {
    const sources = new Map([["att_42", { url: "/api/chats/c1/attachments/att_42", name: "sketch.png", width: 640, height: 480 }]]);
    const block = compileBody(`<Image attachment="att_42" alt="Sketch"/>\n<Image attachment="att_43" alt="Made up"/>`, { final: true });
    const markup = renderToStaticMarkup(
      <AttachmentsContext.Provider value={sources}>
        <UiBlockView block={block} />
      </AttachmentsContext.Provider>,
    );
    expect(markup.match(/<img /g)).toHaveLength(1);
    expect(markup).toMatch(/<img [^>]*src="\/api\/chats\/c1\/attachments\/att_42"[^>]*alt="Sketch"[^>]*width="640"[^>]*height="480"/);
    expect(markup).toContain('aria-label="Made up (Attachment att_43, not part of this conversation)"');
  });

  it("links sources by the safe-link rule, in a new tab", () => {
    const markup = renderBody(`<Sources>
  <Source title="MDN: Promise.catch" href="https://developer.mozilla.org/en-US/docs/Web">How catch passes a rejection on.</Source>
  <Source title="A book"/>
</Sources>`);
    expect(markup).toMatch(
      /<a class="[^"]*" href="https:\/\/developer\.mozilla\.org\/en-US\/docs\/Web" target="_blank" rel="noopener noreferrer nofollow">MDN: Promise\.catch<\/a>/,
    );
    expect(visibleText(markup)).toContain("A book");
    expect((markup.match(/<a /g) ?? []).length).toBe(1);
  });

  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<script>alert(1)</script>", "//evil.example", " javascript:alert(1)"])(
    "never links a source to %j",
    (href) => {
      const markup = renderBody(`<Sources><Source title="Evil" href="${href.replace(/"/g, '\\"')}"/></Sources>`);
      expect(markup).not.toMatch(/href="[^"]*(javascript|data:|evil)/i);
      expect(markup).not.toContain("<script");
    },
  );

  /** The accessible names of a drawn graph's nodes, in tab order. */
  const nodeNames = (markup: string) =>
    [...markup.matchAll(/<g[^>]*tabindex="0" role="img" aria-label="([^"]*)"/g)].map((match) => visibleText(match[1] ?? ""));

  it("draws a graph straight from nodes-query rows: the self row joined to its neighbours by their edges", () => {
    const markup = renderBody(`$graph = [{ref: "service:billing", kind: "service", title: "billing-api", direction: "self", edge: ""}, {ref: "db:ledger", kind: "database", title: "ledger", direction: "outgoing", edge: "writes"}, {ref: "web:checkout", kind: "web", title: "checkout-web", direction: "incoming", edge: "calls"}]
<Graph nodes={$graph} title="Billing"/>`);
    expect(markup).toContain('aria-label="Graph: Billing. 3 nodes, 2 edges; each node says its edges."');
    expect(nodeNames(markup)).toEqual([
      "checkout-web, web. Edges to billing-api (calls).",
      "billing-api, service. Edges to ledger (writes); from checkout-web (calls).",
      "ledger, database. Edges from billing-api (writes).",
    ]);
    expect(markup).toContain('data-edge="web:checkout&gt;service:billing"');
    expect(markup).toContain('data-edge="service:billing&gt;db:ledger"');
    expect(visibleText(markup)).toContain("writes");
  });

  it("draws a graph from node and edge records, adding a node an edge names, with tones and a direction", () => {
    const markup = renderBody(`<Graph nodes={[{id: "web", label: "Web", tone: "danger"}, {id: "api"}]} edges={[{from: "web", to: "api"}, {from: "api", to: "cache", label: "reads"}]} direction="down"/>`);
    expect(markup).toContain('data-direction="down"');
    expect(nodeNames(markup)).toEqual(["Web, danger. Edges to api.", "api. Edges to cache (reads); from Web.", "cache. Edges from api (reads)."]);
    expect(markup).toMatch(/<g class="[^"]*danger[^"]*" data-node="web"/);
  });

  it("draws hostile labels as text, with no markup, links or URLs in the drawing", () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const markup = renderBody(`<Graph nodes={[{id: "a", label: ${JSON.stringify(hostile)}}, {id: "javascript:alert(1)", label: "url(https://evil.example/x)"}]} edges={[{from: "a", to: "javascript:alert(1)", label: "<script>alert(1)</script>"}]} title="<b>t</b>"/>`);
    // The one <svg> is the drawing itself (marked data-graph), and nothing hostile got in.
    expect(markup.match(/<svg/g)).toHaveLength(1);
    expect(markup).toMatch(/<svg data-graph=""/);
    expect(injectedMarkup(markup)).toEqual([]);
    const drawing = markup.slice(markup.indexOf("<svg"), markup.indexOf("</svg>"));
    const tags = [...drawing.matchAll(/<([A-Za-z][A-Za-z0-9-]*)((?:[^>"']|"[^"]*")*)>/g)];
    expect(new Set(tags.map((tag) => tag[1]))).toEqual(new Set(["svg", "g", "path", "polygon", "rect", "text", "title"]));
    const attributes = new Set(tags.flatMap((tag) => [...(tag[2] ?? "").matchAll(/\s([^\s=]+)(?:="[^"]*")?/g)].map((attribute) => attribute[1])));
    for (const name of ["href", "xlink:href", "src", "style", "fill", "stroke"]) expect(attributes.has(name), name).toBe(false);
    expect(markup).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("says a graph with no nodes has nothing to draw", () => {
    expect(visibleText(renderBody(`$rows = []\n<Graph nodes={$rows}/>`))).toContain("No nodes to draw.");
  });
});
