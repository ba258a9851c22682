import { describe, expect, it } from "vitest";
import { injectedMarkup } from "./testing";

describe("injectedMarkup", () => {
  it("finds dangerous elements, handlers and script URLs, and ignores escaped text", () => {
    expect(injectedMarkup('<p>x<img src="a.png"></p>')).toEqual(["<img>"]);
    expect(injectedMarkup('<a href="JavaScript:alert(1)">x</a>')).toEqual(["a[href=javascript:alert(1)]"]);
    expect(injectedMarkup('<div onclick="x()">x</div>')).toEqual(["div[onclick]"]);
    expect(injectedMarkup("<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>")).toEqual([]);
    expect(injectedMarkup('<a href="https://example.com" title="onerror=">x</a>')).toEqual([]);
  });

  it("passes the Graph renderer's own SVG and still finds any other, or a handler inside it", () => {
    expect(injectedMarkup('<svg data-graph="" viewBox="0 0 1 1"><text>a</text></svg>')).toEqual([]);
    expect(injectedMarkup('<svg viewBox="0 0 1 1"></svg>')).toEqual(["<svg>"]);
    expect(injectedMarkup('<svg data-graph=""><g onclick="x()"></g></svg>')).toEqual(["g[onclick]"]);
  });
});
