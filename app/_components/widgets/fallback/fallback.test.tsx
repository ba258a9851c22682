import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Fallback, FALLBACK_MAX_DIAGNOSTICS } from "./fallback";

describe("Fallback", () => {
  it("says the part could not be shown, shows its text and explains on expand", () => {
    const markup = renderToStaticMarkup(
      <Fallback text="**Rollout**: 3 of 6 regions" diagnostics={["unknown_component: <Gauge> is not a component"]} />,
    );
    expect(markup).toContain("This part could not be shown");
    expect(markup).toContain("<strong>Rollout</strong>");
    expect(markup).toContain("<details");
    expect(markup).toContain("<summary>Why?</summary>");
    expect(markup).toContain("unknown_component: &lt;Gauge&gt; is not a component");
    expect(markup).toContain('title="unknown_component');
  });

  it("keeps the list of reasons short", () => {
    const diagnostics = Array.from({ length: FALLBACK_MAX_DIAGNOSTICS + 3 }, (_, index) => `problem ${index}`);
    const markup = renderToStaticMarkup(<Fallback diagnostics={diagnostics} />);
    expect(markup).toContain(`problem ${FALLBACK_MAX_DIAGNOSTICS - 1}`);
    expect(markup).not.toContain(`<li>problem ${FALLBACK_MAX_DIAGNOSTICS}</li>`);
    expect(markup).toContain("and 3 more");
  });

  it("renders hostile text as text and drops its raw HTML", () => {
    const markup = renderToStaticMarkup(<Fallback text={'<img src=x onerror=alert(1)> [x](javascript:alert(1)) ]]>'} />);
    expect(markup).not.toMatch(/<img|href=/);
    expect(markup).toContain("]]&gt;");
  });
});

describe("Fallback inline", () => {
  it("stays inside the line: spans only, with the notice for screen readers and the diagnostics on hover", () => {
    const markup = renderToStaticMarkup(<Fallback inline text={"**3** regions\n\nand more"} diagnostics={["unknown_component: <Gauge>"]} />);
    expect(markup).not.toMatch(/<(div|p|details)\b/);
    expect(markup).toContain("<strong>3</strong> regions");
    expect(markup).toContain("This part could not be shown: ");
    expect(markup).toContain('title="This part could not be shown\nunknown_component: &lt;Gauge&gt;"');
  });
});
