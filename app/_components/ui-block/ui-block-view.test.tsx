import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { UiBlock, UiNode } from "@/lib/ui/envelope/schema";
import { UiState } from "@/lib/ui/state";
import { compileBody, injectedMarkup, renderBody, visibleText } from "./testing";
import { UiBlockView } from "./ui-block-view";

/** A hand-made node, as a hostile or buggy server might send it. */
function node(type: string, props: UiNode["props"], children: UiNode[] = [], id = `wire:${Math.random()}`): UiNode {
  return { id, type, props, expressions: {}, bindings: {}, children, range: { start: 0, end: 1 }, complete: true };
}

/** A hand-made block around `nodes`. */
function wireBlock(nodes: UiNode[]): UiBlock {
  return {
    id: "wire:0",
    range: { start: 0, end: 10 },
    source: { start: 0, end: 10 },
    catalog: "1",
    declarations: [],
    nodes,
    diagnostics: [],
    fallback: "",
    complete: true,
  };
}

const HOSTILE = [
  '<img src=x onerror="alert(1)">',
  "<script>alert(1)</script>",
  "]]><svg onload=alert(1)>",
  '"><iframe src="javascript:alert(1)">',
  "javascript:alert(1)",
];


describe("UiBlockView", () => {
  it("validates the block before drawing it and shows a fallback for one that is not valid", () => {
    for (const block of [null, "text", { id: 1 }, { ...wireBlock([]), nodes: "x" }]) {
      const markup = renderToStaticMarkup(<UiBlockView block={block} />);
      expect(markup).toContain('data-ui-block="invalid"');
      expect(markup).toContain("This part could not be shown");
      expect(markup).toContain("The block is not valid UI.");
    }
  });

  it("shows an invalid block's fallback text, as safe Markdown", () => {
    const markup = renderToStaticMarkup(
      <UiBlockView block={{ id: "x", fallback: "**Build** is red <img src=x onerror=alert(1)> [x](javascript:alert(1))" }} />,
    );
    expect(markup).toContain("<strong>Build</strong> is red");
    expect(injectedMarkup(markup)).toEqual([]);
  });

  it("never turns hostile strings from the wire into elements or attributes", () => {
    for (const hostile of HOSTILE) {
      const block = wireBlock([
        node("Summary", {}, [node("#text", { text: hostile })]),
        node("Callout", { tone: "danger", title: hostile }, [node("#text", { text: hostile })]),
        node("Tag", { tone: "info" }, [node("#text", { text: hostile })]),
        node("Stats", {}, [node("Stat", { label: hostile, value: hostile, unit: "ms" })]),
        node("Table", { rows: [{ name: hostile }], title: hostile }, [node("Column", { field: "name", title: hostile })]),
        node("Chart", { kind: "bar", rows: [{ label: hostile, value: 1 }], title: hostile }),
        node("CodeBlock", { code: hostile, lang: "html", title: hostile }),
        node("Diagram", { code: hostile, title: hostile }),
        node("Sources", {}, [node("Source", { title: hostile, href: hostile })]),
        node("Image", { attachment: "a1", alt: hostile, caption: hostile }),
        node("File", { path: hostile }),
        node("Node", { ref: "service:auth", label: hostile }),
        node("Switch", { label: hostile, value: true }),
        node("TextField", { label: hostile, value: hostile }),
        node("Choices", { title: hostile }, [node("Choice", { id: "go", label: hostile, context: hostile })]),
        node("EntityList", { title: hostile }, [node("Entry", { title: hostile, subtitle: hostile })]),
        node(hostile, {}, [node("#text", { text: hostile })]),
      ]);
      const markup = renderToStaticMarkup(<UiBlockView block={block} onChoice={() => {}} />);
      expect(injectedMarkup(markup), hostile).toEqual([]);
      expect(visibleText(markup)).toContain(hostile.replace(/\s+/g, " "));
    }
  });

  it("never reads props a hostile wire block hides on the prototype chain", () => {
    const block = JSON.parse('{"id":"p:0","range":{"start":0,"end":1},"source":{"start":0,"end":1},"catalog":"1","declarations":[],"diagnostics":[],"fallback":"","complete":true,"nodes":[{"id":"p:0:1","type":"Summary","props":{"__proto__":{"polluted":true}},"expressions":{},"bindings":{},"children":[],"range":{"start":0,"end":1},"complete":true}]}');
    const markup = renderToStaticMarkup(<UiBlockView block={block} />);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(markup).not.toContain("polluted");
  });

  it("marks the innermost element still arriving, and only while streaming", () => {
    const prefix = `<Tabs>\n  <Tab label="One">\n    <Summary>first</Summary>\n  </Tab>\n  <Tab label="Two">\n    <Callout tone="info" title="Hold">Part`;
    const streaming = renderToStaticMarkup(<UiBlockView block={compileBody(prefix, { final: false })} />);
    expect(streaming).toContain('aria-busy="true"');
    expect(streaming.match(/data-streaming=""/g)).toHaveLength(1);
    expect(streaming.indexOf("data-streaming")).toBeGreaterThan(streaming.indexOf("Hold"));
    const stopped = renderToStaticMarkup(<UiBlockView block={compileBody(prefix, { final: false })} streaming={false} />);
    expect(stopped).not.toContain("data-streaming");
    expect(stopped).not.toContain("aria-busy");
    const done = renderBody(`${prefix}</Callout>\n  </Tab>\n</Tabs>`);
    expect(done).not.toContain("data-streaming");
    expect(done).toContain('data-complete="true"');
  });

  it("explains a fallback in place and leaves the list of diagnostics to the reply's inspector", () => {
    const markup = renderBody(`<Summary>ok</Summary>\n<Gauge value={3}>3 of 6</Gauge>\n<Tag tone="purple">x</Tag>`);
    expect(markup.match(/data-fallback=""/g)).toHaveLength(2);
    expect(visibleText(markup)).toContain("3 of 6");
    // The block draws no list of its own, only each fallback's "Why?" (reply-inspector.test.tsx checks the reply's list).
    expect(markup.match(/<details/g)).toHaveLength(2);
    expect(markup).not.toContain("data-diagnostics");
  });

  it("follows a block that grows while streaming, keeping the edits of an external state", () => {
    const first = compileBody(`$limit = 5\n<Slider label="Limit" min={1} max={20} value={$limit}/>\n<Summary>At most {$limit}`, { final: false });
    const state = new UiState(first);
    state.set("limit", 9);
    const later = compileBody(`$limit = 5\n$period = "week"\n<Slider label="Limit" min={1} max={20} value={$limit}/>\n<Summary>At most {$limit} per {$period}</Summary>`);
    const markup = renderToStaticMarkup(<UiBlockView block={later} state={state} />);
    expect(visibleText(markup)).toContain("At most 9 per week");
    expect(state.isSyncedWith(later)).toBe(true);
    expect(markup).not.toContain("stale_state");
  });

  it("keeps its own state when the host's belongs to another block", () => {
    const block = compileBody(`$on = true\n<Switch label="On" value={$on}/>`);
    const other = new UiState(compileBody(`$x = 1`, { fenceInfo: "id=other" }));
    const markup = renderToStaticMarkup(<UiBlockView block={block} state={other} />);
    expect(markup).toMatch(/role="switch"[^>]*checked=""/);
    expect(markup).not.toContain("stale_state");
  });

  it("draws every block of the catalog examples without a fallback", async () => {
    const { UI_GROUPS } = await import("@/lib/ui/catalog");
    for (const [group, { example }] of Object.entries(UI_GROUPS)) {
      const markup = renderBody(example);
      if (group !== "Content") expect(markup, group).not.toContain("data-fallback");
      expect(injectedMarkup(markup), group).toEqual([]);
    }
  });
});
