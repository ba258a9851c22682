import { describe, expect, it } from "vitest";
import { disarmHandlerMarkup } from "./disarm-handler-markup";

describe("disarmHandlerMarkup", () => {
  it("renames every handler attribute inside a tag, however it is written", () => {
    const cases: [string, string][] = [
      [`<img src='x' onerror=alert(1)>`, `<img src='x' data-refused-onerror=alert(1)>`],
      [`<img/onerror="alert(1)">`, `<img/data-refused-onerror="alert(1)">`],
      [`<img src="x"onerror=alert(1)>`, `<img src="x"data-refused-onerror=alert(1)>`],
      [`<IMG SRC=x ONLOAD = "a()" OnClick='b()'>`, `<IMG SRC=x data-refused-ONLOAD = "a()" data-refused-OnClick='b()'>`],
      [`<img alt=">" onerror=alert(1)>`, `<img alt=">" data-refused-onerror=alert(1)>`],
      [`<svg><rect onclick=alert(1)></rect></svg>`, `<svg><rect data-refused-onclick=alert(1)></rect></svg>`],
      [`<img src=x onerror=alert(1)`, `<img src=x data-refused-onerror=alert(1)`],
    ];
    for (const [markup, expected] of cases) expect(disarmHandlerMarkup(markup), markup).toBe(expected);
  });

  it("leaves text, quoted values and ordinary attributes alone", () => {
    for (const markup of [
      "Turn one=2 on",
      `<span title="onerror=alert(1)">on and on</span>`,
      `<a href="#one" class="node done">label on=x</a>`,
      "plain label",
      "a < b > c on=1",
    ]) {
      expect(disarmHandlerMarkup(markup), markup).toBe(markup);
    }
  });
});
