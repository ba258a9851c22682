import { describe, expect, it } from "vitest";
import { neutralizeFrameCss } from "./neutralize-frame-css";

describe("neutralizeFrameCss", () => {
  it("leaves ordinary CSS and local references alone", () => {
    for (const text of ["fill:#f9f;stroke:#333", "url(#diagram_flowchart-v2-pointEnd)", "url('#m-drop-shadow')", "translate(10, 20)", "#diagram .node rect{fill:red}"]) {
      expect(neutralizeFrameCss(text), text).toEqual({ text, loaded: false });
    }
  });

  it("makes every load inert, closed or not, escaped or not", () => {
    const cases: [string, string][] = [
      ["fill:url(//tracker.example.test/x) !important", "fill:refused !important"],
      ["fill:url(//tracker.example.test/x", "fill:refused"],
      ["fill:u\\72l(//tracker.example.test/x)", "fill:u72l(//tracker.example.test/x)"],
      ["fill:ur\\l(//tracker.example.test/x)", "fill:refused"],
      ["@import url(https://tracker.example.test/a.css);#d{fill:red}", "#d{fill:red}"],
      ["@import 'https://tracker.example.test/b.css';", ""],
      ["background:image-set('https://tracker.example.test/i.png' 1x)", "background:none('https://tracker.example.test/i.png' 1x)"],
      ["fill:red;background-image:URL( https://tracker.example.test/c4 )", "fill:red;background-image:refused"],
    ];
    for (const [text, expected] of cases) {
      const neutralized = neutralizeFrameCss(text);
      expect(neutralized.text, text).toBe(expected);
      expect(neutralized.text, text).not.toMatch(/url\((?!#)|@import|\\/i);
    }
    // An escape alone loads nothing: it is removed without a note.
    expect(neutralizeFrameCss("fill:u\\72l(//tracker.example.test/x)").loaded).toBe(false);
    expect(neutralizeFrameCss("fill:url(//tracker.example.test/x)").loaded).toBe(true);
  });
});
