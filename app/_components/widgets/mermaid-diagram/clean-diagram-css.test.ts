import { describe, expect, it } from "vitest";
import { cleanCssValue, cleanStyleDeclarations, cleanStyleSheet, keyframeNames, scopedName, type DiagramCssScope } from "./clean-diagram-css";

const PREFIX = "octo-d1";
const SCOPE: DiagramCssScope = {
  rootId: "octo-d1-diagram",
  prefix: PREFIX,
  ids: new Map([
    ["diagram", "octo-d1-diagram"],
    ["diagram_flowchart-v2-pointEnd", "octo-d1-diagram_flowchart-v2-pointEnd"],
    ["diagram-drop-shadow", "octo-d1-diagram-drop-shadow"],
  ]),
  keyframes: new Map([["dash", "octo-d1-dash"]]),
};

describe("cleanCssValue", () => {
  it("keeps colours, lengths, fonts and transforms", () => {
    for (const value of ["#f9f", "rgba(0, 0, 0, 0.5)", "hsl(240, 100%, 46%)", "1px", "9,5", "'trebuchet ms', verdana, arial, sans-serif", "translate(10, 20) rotate(45)", "drop-shadow(1px 2px 2px hsl(0, 0%, 50%))", "var(--mermaid-font-family)", "none"]) {
      expect(cleanCssValue(value, SCOPE), value).toEqual({ value });
    }
  });

  it("keeps a reference to the diagram's own element, rewritten to its scoped id", () => {
    expect(cleanCssValue("url(#diagram_flowchart-v2-pointEnd)", SCOPE)).toEqual({ value: "url(#octo-d1-diagram_flowchart-v2-pointEnd)" });
    expect(cleanCssValue("url('#diagram-drop-shadow')", SCOPE)).toEqual({ value: "url(#octo-d1-diagram-drop-shadow)" });
  });

  it("drops every url() that does not name one of the diagram's ids, in any spelling", () => {
    for (const value of [
      "url(//tracker.example.test/x)",
      "url(//tracker.example.test/x",
      "URL(https://tracker.example.test/x)",
      "url( 'https://tracker.example.test/x' )",
      "url(/api/auth/sign-out)",
      "url(#main)",
      "url(#diagram) url(//tracker.example.test/x)",
      "u\\72l(//tracker.example.test/x)",
      "u\\rl(//tracker.example.test/x)",
      "red url(x)",
      "image-set('https://tracker.example.test/x.png' 1x)",
      "-webkit-image-set(url(x) 1x)",
      "src('https://tracker.example.test/x')",
      "cross-fade(url(a), url(b), 50%)",
      "element(#main)",
    ]) {
      expect(cleanCssValue(value, SCOPE), value).toEqual({ dropped: "reference" });
    }
  });

  it("drops values that could end a declaration or hide something: escapes, comments, braces, at-rules, unknown functions", () => {
    for (const value of ["red;background:blue", "red}body{display:none", "expression(alert(1))", "attr(href)", "red /* x */", "env(safe-area-inset-top)", "var(--app-colour)", "'unclosed", "calc(1px"]) {
      expect("dropped" in cleanCssValue(value, SCOPE), value).toBe(true);
    }
  });
});

describe("cleanStyleDeclarations", () => {
  it("keeps the allowed declarations and drops the rest, reporting a dropped reference", () => {
    expect(cleanStyleDeclarations("fill:#f9f;stroke:#333;stroke-width:4px", SCOPE)).toEqual({ css: "fill:#f9f;stroke:#333;stroke-width:4px", droppedReference: false });
    expect(cleanStyleDeclarations("fill:url(//tracker.example.test/x) !important;stroke:red", SCOPE)).toEqual({ css: "stroke:red", droppedReference: true });
    // A colour that injects further declarations (C4's UpdateElementStyle): each is judged on its own.
    expect(cleanStyleDeclarations("fill:red;background-image:url(//tracker.example.test/c4);position:fixed;top:0;z-index:9", SCOPE)).toEqual({ css: "fill:red", droppedReference: true });
    expect(cleanStyleDeclarations("fill:u\\72l(//tracker.example.test/x);color:blue", SCOPE)).toEqual({ css: "color:blue", droppedReference: true });
  });

  it("keeps !important, drops comments, scopes keyframe names in animation", () => {
    expect(cleanStyleDeclarations("fill:red !important", SCOPE).css).toBe("fill:red !important");
    expect(cleanStyleDeclarations("fill:/* hi */red", SCOPE).css).toBe("fill:red");
    // A comment splits tokens: `u/**/rl(` is no url() to a browser, and it is not emitted either.
    expect(cleanStyleDeclarations("u/**/rl:x;fill:u/**/rl(//x)", SCOPE).css).toBe("");
    expect(cleanStyleDeclarations("animation:dash 50s linear infinite", SCOPE).css).toBe("animation:octo-d1-dash 50s linear infinite");
  });

  it("does not take custom properties other than mermaid's own", () => {
    expect(cleanStyleDeclarations("--mermaid-font-family:sans-serif;--app-accent:red", SCOPE).css).toBe("--mermaid-font-family:sans-serif");
  });
});

describe("cleanStyleSheet", () => {
  it("keeps rules scoped to the diagram's root and rewrites the ids they name", () => {
    const sheet = "#diagram{font-family:sans-serif;fill:#333;}#diagram .node rect,#diagram .cluster rect{fill:#ECECFF;stroke:#9370DB;}#diagram [data-look=\"neo\"].node path{stroke:red}";
    expect(cleanStyleSheet(sheet, SCOPE)).toEqual({
      css: '#octo-d1-diagram{font-family:sans-serif;fill:#333}#octo-d1-diagram .node rect,#octo-d1-diagram .cluster rect{fill:#ECECFF;stroke:#9370DB}#octo-d1-diagram [data-look="neo"].node path{stroke:red}',
      droppedReference: false,
    });
  });

  it("drops rules that reach outside the diagram: the page's elements, ids or classes", () => {
    const sheet = "body{display:none}.app-shell{opacity:0}#main{display:none}#diagramX{fill:red}#diagram .a,body{fill:red}:root #diagram{fill:red}#diagram .kept{fill:blue}";
    expect(cleanStyleSheet(sheet, SCOPE).css).toBe("#octo-d1-diagram .kept{fill:blue}");
  });

  it("an id the diagram does not declare is prefixed too, so it matches nothing on the page", () => {
    expect(cleanStyleSheet("#diagram #main{fill:red}", SCOPE).css).toBe(`#octo-d1-diagram #${scopedName(PREFIX, "main")}{fill:red}`);
  });

  it("drops @import, @font-face and every other at-rule but keyframes, which get the diagram's prefix", () => {
    const sheet =
      "@import url(https://tracker.example.test/a.css);@import 'https://tracker.example.test/b.css';@font-face{font-family:x;src:url(https://tracker.example.test/f.woff)}@media print{#diagram rect{fill:red}}@keyframes dash{to{stroke-dashoffset:0;}}#diagram .edge{animation:dash 20s linear infinite}";
    expect(cleanStyleSheet(sheet, SCOPE)).toEqual({
      css: "@keyframes octo-d1-dash{to{stroke-dashoffset:0}}#octo-d1-diagram .edge{animation:octo-d1-dash 20s linear infinite}",
      droppedReference: true,
    });
  });

  it("drops url() fills from classDef rules in every form, and keeps the rest of the rule", () => {
    const sheet =
      "#diagram .hot>*{fill:url(//tracker.example.test/class) !important;stroke:red}#diagram .cold rect{fill:url(//tracker.example.test/unclosed}#diagram .esc{fill:u\\72l(//tracker.example.test/e)}#diagram .ok{fill:url(#diagram-drop-shadow)}";
    const cleaned = cleanStyleSheet(sheet, SCOPE);
    expect(cleaned.droppedReference).toBe(true);
    expect(cleaned.css).not.toMatch(/url\((?!#octo-d1-)/);
    expect(cleaned.css).not.toContain("\\");
    expect(cleaned.css).toContain("#octo-d1-diagram .hot>*{stroke:red}");
    expect(cleaned.css).toContain("#octo-d1-diagram .ok{fill:url(#octo-d1-diagram-drop-shadow)}");
  });

  it("drops nested rules, stray braces and an unclosed block", () => {
    expect(cleanStyleSheet("#diagram .a{fill:red; .b{fill:url(//x)}}", SCOPE)).toEqual({ css: "", droppedReference: true });
    expect(cleanStyleSheet("}}#diagram .a{fill:red}#diagram .b{fill:blue", SCOPE).css).toBe("#octo-d1-diagram .a{fill:red}");
  });

  it("finds the keyframe names a sheet declares", () => {
    expect(keyframeNames("@keyframes edge-animation-frame{from{stroke-dashoffset:0;}}@keyframes dash{to{stroke-dashoffset:0;}}")).toEqual(["edge-animation-frame", "dash"]);
  });
});

describe("scopedName", () => {
  it("prefixes an id and keeps only characters a selector takes unescaped", () => {
    expect(scopedName(PREFIX, "main")).toBe("octo-d1-main");
    expect(scopedName(PREFIX, "a b\"c{d}")).toBe("octo-d1-a_b_c_d_");
  });
});
