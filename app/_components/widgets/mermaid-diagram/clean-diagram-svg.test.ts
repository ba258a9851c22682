// @vitest-environment jsdom
/**
 * The cleaner against hostile SVG, one class of attack per case (what a
 * prompt-injected model can make mermaid emit, and worse: the frame that
 * sends the SVG runs hostile input, so the page trusts nothing it sends),
 * and against real mermaid output (fixtures/, as the frame serializes it),
 * which must come through whole with every reference still resolving.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cleanDiagramSvg, type DiagramRemoval } from "./clean-diagram-svg";

const PREFIX = "octo-d1";
const FIXTURES = path.join(import.meta.dirname, "fixtures");

/** An SVG document as the frame sends it, with `inner` inside the root. */
function diagram(inner: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" id="diagram" viewBox="0 0 100 100">${inner}</svg>`;
}

/** Cleans `markup`; the result as the page would get it: the element, its markup, and what was removed. */
function clean(markup: string): { svg: SVGSVGElement; text: string; removed: DiagramRemoval[] } {
  const result = cleanDiagramSvg({ markup, prefix: PREFIX });
  if ("error" in result) throw new Error(result.error);
  return { svg: result.svg, text: new XMLSerializer().serializeToString(result.svg), removed: result.removed };
}

/** What no cleaned diagram may carry, whatever went in. */
function expectNothingReachesOut(svg: SVGSVGElement): void {
  const elements = [svg, ...Array.from(svg.getElementsByTagName("*"))];
  for (const element of elements) {
    expect(element.namespaceURI, element.localName).toBe("http://www.w3.org/2000/svg");
    expect(["image", "feImage", "foreignObject", "a", "script", "img", "set", "animate"], element.localName).not.toContain(element.localName);
    for (const attribute of Array.from(element.attributes)) {
      const where = `${element.localName} ${attribute.name}="${attribute.value}"`;
      expect(attribute.name, where).not.toMatch(/^on/i);
      expect(attribute.value, where).not.toContain("\\");
      for (const match of attribute.value.matchAll(/url\s*\(([^)]*)\)?/gi)) expect(match[1], where).toMatch(/^#octo-d1-[\w-]+$/);
      if (/href$/i.test(attribute.name)) expect(attribute.value, where).toMatch(/^#octo-d1-[\w-]+$/);
      if (attribute.name === "id") expect(attribute.value, where).toMatch(/^octo-d1-/);
    }
    if (element.localName === "style") {
      const css = element.textContent ?? "";
      expect(css).not.toMatch(/@import|@font-face|\\/i);
      for (const match of css.matchAll(/url\s*\(([^)]*)\)?/gi)) expect(match[1], css).toMatch(/^#octo-d1-[\w-]+$/);
    }
  }
}

describe("cleanDiagramSvg against hostile SVG", () => {
  it("removes an <image>, whatever it points at, and says an image was refused", () => {
    for (const image of [
      '<image href="/api/auth/sign-out" width="60" height="60"/>',
      '<image xlink:href="https://tracker.example.test/pixel.png"/>',
      '<g><feImage href="https://tracker.example.test/f.png"/></g>',
    ]) {
      const cleaned = clean(diagram(`<g class="node">${image}<rect width="10" height="10"/></g>`));
      expect(cleaned.text, image).not.toMatch(/image|sign-out|tracker/i);
      expect(cleaned.removed).toEqual(["image"]);
      expect(cleaned.svg.querySelector("rect")).not.toBeNull();
      expectNothingReachesOut(cleaned.svg);
    }
  });

  it("removes HTML in a foreignObject: an <img> is a refused image, other HTML a refused label", () => {
    const withImage = clean(
      diagram('<foreignObject width="80" height="80"><div xmlns="http://www.w3.org/1999/xhtml"><img src="https://tracker.example.test/arch.png"/></div></foreignObject>'),
    );
    expect(withImage.text).not.toMatch(/foreignObject|img|tracker/);
    expect(withImage.removed).toEqual(["image"]);
    const withText = clean(diagram('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml" style="position:fixed">Label</div></foreignObject>'));
    expect(withText.text).not.toMatch(/foreignObject|div|Label/);
    expect(withText.removed).toEqual(["html"]);
    // HTML outside any foreignObject is no SVG either.
    const stray = clean(diagram('<img xmlns="http://www.w3.org/1999/xhtml" src="https://tracker.example.test/s.png"/>'));
    expect(stray.removed).toEqual(["image"]);
    expectNothingReachesOut(stray.svg);
  });

  it("keeps the SVG alternative of a <switch> and drops its foreignObject without a note (mermaid's journey labels)", () => {
    const cleaned = clean(diagram('<switch><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">Go</div></foreignObject><text x="1" y="2">Go</text></switch>'));
    expect(cleaned.text).toContain("<switch><text");
    expect(cleaned.svg.querySelector("text")?.textContent).toBe("Go");
    expect(cleaned.removed).toEqual([]);
  });

  it("drops a url() presentation attribute that points outside the diagram, closed or not, escaped or not", () => {
    for (const fill of ['fill="url(//tracker.example.test/x)"', 'fill="url(//tracker.example.test/x"', 'fill="u\\72l(//tracker.example.test/x)"', 'stroke="URL(https://tracker.example.test/s)"', 'fill="url(#main)"', 'filter="url(/api/auth/sign-out)"']) {
      const cleaned = clean(diagram(`<rect ${fill} stroke-width="2" width="5" height="5"/>`));
      expect(cleaned.text, fill).not.toMatch(/tracker|sign-out|main|url/);
      expect(cleaned.svg.querySelector("rect")?.getAttribute("stroke-width"), fill).toBe("2");
      expect(cleaned.removed, fill).toEqual(["reference"]);
      expectNothingReachesOut(cleaned.svg);
    }
  });

  it("cleans style attributes declaration by declaration, including a colour that injects more declarations", () => {
    const cleaned = clean(
      diagram(
        '<rect style="fill:url(x) !important;stroke:#333"/><rect style="fill:red;background-image:url(//tracker.example.test/c4);position:fixed;inset:0;z-index:99"/><rect style="fill:u\\72l(//tracker.example.test/e);stroke-width:2px"/>',
      ),
    );
    const styles = Array.from(cleaned.svg.querySelectorAll("rect")).map((rect) => rect.getAttribute("style"));
    expect(styles).toEqual(["stroke:#333", "fill:red", "stroke-width:2px"]);
    expect(cleaned.removed).toEqual(["reference"]);
    expectNothingReachesOut(cleaned.svg);
  });

  it("cleans a <style> sheet: no @import, no outside url(), and every rule scoped to the diagram", () => {
    const cleaned = clean(
      diagram(
        "<style>@import url(https://tracker.example.test/a.css);#diagram .node rect{fill:url(//tracker.example.test/class);stroke:red}#diagram .esc{fill:u\\72l(//tracker.example.test/e)}body{display:none}#main{display:none}#diagram .ok{fill:#fdd}</style><g class=\"node\"><rect/></g>",
      ),
    );
    const css = cleaned.svg.querySelector("style")?.textContent;
    expect(css).toBe("#octo-d1-diagram .node rect{stroke:red}#octo-d1-diagram .ok{fill:#fdd}");
    expect(cleaned.removed).toEqual(["reference"]);
    expectNothingReachesOut(cleaned.svg);
  });

  it("keeps only local href: an external <use>, xlink:href or textPath target is dropped", () => {
    const cleaned = clean(
      diagram(
        '<defs><path id="diagram-shape" d="M0 0L1 1"/></defs><use href="//tracker.example.test/sprite.svg#a"/><use xlink:href="https://tracker.example.test/s.svg#b"/><use href="#main"/><use href="#diagram-shape"/><text><textPath xlink:href="#diagram-shape">along</textPath></text>',
      ),
    );
    const hrefs = Array.from(cleaned.svg.querySelectorAll("use, textPath")).map((element) => element.getAttribute("href"));
    expect(hrefs).toEqual([null, null, null, "#octo-d1-diagram-shape", "#octo-d1-diagram-shape"]);
    expect(cleaned.text).not.toContain("xlink:href");
    expect(cleaned.removed).toEqual(["reference"]);
    expectNothingReachesOut(cleaned.svg);
  });

  it("unwraps a link: what it showed stays, the link goes, and the note says so", () => {
    const cleaned = clean(diagram('<a xlink:href="https://tracker.example.test/click"><g><text>Click me</text></g></a><a href="javascript:alert(1)"><rect/></a>'));
    expect(cleaned.svg.querySelector("a")).toBeNull();
    expect(cleaned.svg.querySelector("text")?.textContent).toBe("Click me");
    expect(cleaned.svg.querySelector("rect")).not.toBeNull();
    expect(cleaned.text).not.toMatch(/tracker|javascript/);
    expect(cleaned.removed).toEqual(["link"]);
  });

  it("removes event attributes, scripts and animation elements that could rewrite an href", () => {
    const cleaned = clean(
      diagram(
        '<rect onload="alert(1)" onclick="alert(2)" ONMOUSEOVER="alert(3)" width="1"/><script>alert(4)</script><script href="https://tracker.example.test/s.js"/><a id="diagram-l" href="#diagram-l"><set attributeName="href" to="https://tracker.example.test/smil"/><animate attributeName="href" values="//tracker.example.test/a"/></a>',
      ),
    );
    expect(cleaned.text).not.toMatch(/alert|script|tracker|<set|<animate/);
    expect(cleaned.svg.querySelector("rect")?.getAttribute("width")).toBe("1");
    expect(cleaned.removed).toEqual(["script"]);
    expectNothingReachesOut(cleaned.svg);
  });

  it("prefixes every id, so a diagram cannot clobber the page's (id=\"main\") or point at them", () => {
    const cleaned = clean(diagram('<g id="main"><rect id="chat-composer"/></g><text id="diagram-label" aria-labelledby="diagram-label main-heading">x</text>'));
    expect(cleaned.svg.getAttribute("id")).toBe("octo-d1-diagram");
    expect(Array.from(cleaned.svg.querySelectorAll("[id]")).map((element) => element.id)).toEqual(["octo-d1-main", "octo-d1-chat-composer", "octo-d1-diagram-label"]);
    // main-heading is no id of the diagram: the reference to the page's element is dropped, the diagram's is rewritten.
    expect(cleaned.svg.querySelector("text")?.getAttribute("aria-labelledby")).toBe("octo-d1-diagram-label");
    expectNothingReachesOut(cleaned.svg);
  });

  it("keeps references inside the diagram working: markers, filters, gradients and clip paths point at the prefixed ids", () => {
    const cleaned = clean(
      diagram(
        '<defs><marker id="diagram_flowchart-v2-pointEnd" refX="5" refY="5"><path d="M 0 0 L 10 5 L 0 10 z"/></marker><filter id="diagram-drop-shadow"><feDropShadow dx="1" dy="1" stdDeviation="1"/></filter><linearGradient id="linearGradient-4"><stop offset="0%" stop-color="red"/></linearGradient><clipPath id="clip-diagram-0"><rect width="3"/></clipPath></defs><path marker-end="url(#diagram_flowchart-v2-pointEnd)" style="filter:url(#diagram-drop-shadow)" stroke="url(#linearGradient-4)" clip-path="url(\'#clip-diagram-0\')" d="M1 1L2 2"/><style>#diagram .edge{filter:url(#diagram-drop-shadow)}</style>',
      ),
    );
    const edge = cleaned.svg.querySelector("path[d='M1 1L2 2']")!;
    expect(edge.getAttribute("marker-end")).toBe("url(#octo-d1-diagram_flowchart-v2-pointEnd)");
    expect(edge.getAttribute("style")).toBe("filter:url(#octo-d1-diagram-drop-shadow)");
    expect(edge.getAttribute("stroke")).toBe("url(#octo-d1-linearGradient-4)");
    expect(edge.getAttribute("clip-path")).toBe("url(#octo-d1-clip-diagram-0)");
    expect(cleaned.svg.querySelector("style")?.textContent).toBe("#octo-d1-diagram .edge{filter:url(#octo-d1-diagram-drop-shadow)}");
    for (const id of ["octo-d1-diagram_flowchart-v2-pointEnd", "octo-d1-diagram-drop-shadow", "octo-d1-linearGradient-4", "octo-d1-clip-diagram-0"]) {
      expect(cleaned.svg.querySelector(`[id="${id}"]`), id).not.toBeNull();
    }
    expect(cleaned.removed).toEqual([]);
  });

  it("keeps text as text: markup in a label never becomes an element", () => {
    const cleaned = clean(diagram("<text>&lt;img src=x onerror=alert(1)&gt;<tspan><![CDATA[<script>alert(2)</script>]]></tspan></text>"));
    expect(cleaned.svg.querySelector("text")?.textContent).toBe("<img src=x onerror=alert(1)><script>alert(2)</script>");
    expect(cleaned.svg.querySelectorAll("img, script")).toHaveLength(0);
  });

  it("drops data and unknown attributes that carry a URL", () => {
    const cleaned = clean(diagram('<g data-look="classic" data-x="url(//tracker.example.test/d)" src="https://tracker.example.test/s" action="/api/auth/sign-out"><rect/></g>'));
    const group = cleaned.svg.querySelector("g")!;
    expect(Array.from(group.attributes).map((attribute) => `${attribute.name}=${attribute.value}`)).toEqual(["data-look=classic"]);
    expect(cleaned.removed).toEqual(["reference"]);
  });

  it("refuses markup it cannot read, and document types (entity expansion)", () => {
    expect(cleanDiagramSvg({ markup: "<svg xmlns='http://www.w3.org/2000/svg'><g></svg>", prefix: PREFIX })).toEqual({ error: "The drawn diagram could not be read." });
    expect(cleanDiagramSvg({ markup: '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>', prefix: PREFIX })).toEqual({ error: "The drawn diagram could not be read." });
    expect(cleanDiagramSvg({ markup: '<html xmlns="http://www.w3.org/1999/xhtml"><img src="x"/></html>', prefix: PREFIX })).toEqual({ error: "The drawn diagram could not be read." });
  });

  it("drops nesting deeper than any diagram has, without recursing into it", () => {
    const depth = 1_000;
    const cleaned = clean(diagram(`${"<g>".repeat(depth)}<rect/>${"</g>".repeat(depth)}`));
    expect(cleaned.svg.querySelectorAll("g").length).toBeLessThan(200);
  });
});

describe("cleanDiagramSvg against real mermaid output", () => {
  const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith(".svg"));

  it.each(fixtures)("%s comes through whole, with nothing refused and every reference resolving", (name) => {
    const markup = readFileSync(path.join(FIXTURES, name), "utf8");
    const cleaned = clean(markup);
    expect(cleaned.removed).toEqual([]);
    expectNothingReachesOut(cleaned.svg);
    const ids = new Set(Array.from(cleaned.svg.querySelectorAll("[id]")).map((element) => element.id));
    const references = [...cleaned.text.matchAll(/url\(#([\w-]+)\)|href="#([\w-]+)"/g)].map((match) => match[1] ?? match[2]!);
    for (const reference of references) expect(ids.has(reference), reference).toBe(true);
    // The drawing is all there: as many shapes and as much text as mermaid drew.
    const source = new DOMParser().parseFromString(markup, "image/svg+xml");
    for (const shape of ["path", "rect", "circle", "polygon", "line", "text", "marker"]) {
      expect(cleaned.svg.getElementsByTagName(shape).length, `${name} ${shape}`).toBe(source.getElementsByTagName(shape).length);
    }
    const texts = (root: Element | Document) => Array.from(root.getElementsByTagName("text")).map((text) => text.textContent);
    expect(texts(cleaned.svg)).toEqual(texts(source));
    expect(cleaned.svg.querySelector("style")?.textContent).toMatch(/^#octo-d1-diagram\{/);
  });
});
