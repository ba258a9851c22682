// @vitest-environment happy-dom
/**
 * The inspector as drawn: the blocks of its scope report what evaluating
 * them found, each finding once; the list opens from its summary and closes
 * with Escape; model text stays text; a block still arriving reports nothing.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { UiBlockView } from "../ui-block/ui-block-view";
import { InspectorScope } from "./inspector-scope";
import { ReplyInspector } from "./reply-inspector";

let root: Root | undefined;
let host: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = undefined;
});

/** A reply of one block (still arriving when `final` is false), drawn with its inspector. */
function draw(body: string, final = true): HTMLElement {
  const text = `Intro.\n\n\`\`\`ui\n${body}${final ? "\n\`\`\`\n" : ""}`;
  const block = compileUi(text, { id: "reply", final })[0]!;
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <InspectorScope>
        <UiBlockView block={block} streaming={!final} />
        <ReplyInspector text={text} blocks={[block]} fences={[]} tools={[]} receipt={[]} />
      </InspectorScope>,
    ),
  );
  return host;
}

describe("ReplyInspector", () => {
  it("lists receipt entries no part holds under the reply as a whole, with their place", () => {
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    const receipt = [
      { code: "unknown_component", message: "Gauge is not a component.", where: "ui block 1, line 2", dialect: "ui" as const },
      { code: "unknown_tool", message: 'The call to a tool named "rm" was refused.', where: "tool call 1 (rm), after 3 characters" },
    ];
    act(() => root!.render(<ReplyInspector text="Hi" blocks={[]} fences={[]} tools={[]} receipt={receipt} />));
    const inspector = host.querySelector<HTMLDetailsElement>("details[data-inspector]")!;
    expect(inspector.querySelector("summary")?.textContent).toBe("Notes: 1 part could not be shown, 1 tool request was refused");
    act(() => inspector.querySelector("summary")!.click());
    expect(inspector.querySelector('[role="group"] p')?.textContent).toBe("The reply as a whole");
    const items = [...inspector.querySelectorAll("li[data-code]")].map((item) => item.textContent);
    expect(items[0]).toContain("unknown_component");
    expect(items[0]).toContain("ui block 1, line 2");
    expect(items[0]).toContain("Gauge is not a component.");
    expect(items[1]).toContain("The reply asked to use a tool this app does not have; nothing ran.");
    expect(items[1]).toContain("tool call 1 (rm), after 3 characters");
  });

  it("lists the block's compile and evaluation diagnostics, each once, with the source marked", () => {
    const body = `<Summary>ok</Summary>\n<Gauge value={3}>3 of 6</Gauge>\n<Tag tone="purple">x</Tag>`;
    const view = draw(body);
    const inspector = view.querySelector<HTMLDetailsElement>("details[data-inspector]")!;
    expect(inspector.dataset.diagnostics).toBe("2");
    expect(inspector.querySelector("summary")?.textContent).toBe("Notes: 2 parts could not be shown");
    // Closed, the list is not in the page: the reply's source stands in it once.
    expect(inspector.querySelector("li")).toBeNull();
    act(() => inspector.querySelector("summary")!.click());
    const findings = [...inspector.querySelectorAll("li[data-code]")];
    expect(findings.map((item) => item.getAttribute("data-code")).sort()).toEqual(["invalid_prop", "unknown_component"]);
    const gauge = inspector.querySelector('li[data-code="unknown_component"]')!;
    expect(gauge.textContent).toContain("A kind of element the app does not know was used");
    expect(gauge.textContent).toContain("line 2");
    expect(gauge.querySelector("mark")?.textContent).toBe("Gauge");
    // Evaluation found the purple tag (compiling cannot know the tone is wrong): the report reached the inspector.
    expect(inspector.querySelector('li[data-code="invalid_prop"] mark')?.textContent).toContain('tone="purple"');
  });

  it("lists what a data check found under its block, with the check's name and what it did", () => {
    const text = 'Intro.\n\n```ui id=health\n$t = @Query("tests", {branch: "main"})\n<Stats><Stat label="Failing" value={@Sum($t, "failed")}/></Stats>\n```\n';
    const block = compileUi(text, { id: "reply", final: true, querySchemas: { tests: z.object({ branch: z.string() }) } })[0]!;
    const receipt = [
      { code: "not_a_number", message: "A number was expected. (@Sum adds numbers, not boolean)", where: "ui block 1 (panel health), line 2, on real data", dialect: "ui" as const, blockId: "health", range: { start: 40, end: 99 }, check: "real data" as const },
    ];
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    act(() => root!.render(<ReplyInspector text={text} blocks={[block]} fences={[]} tools={[]} receipt={receipt} />));
    const inspector = host.querySelector<HTMLDetailsElement>("details[data-inspector]")!;
    act(() => inspector.querySelector("summary")!.click());
    expect(inspector.querySelector('[role="group"] p')?.textContent).toBe("UI block 1 (panel health) ui");
    const finding = inspector.querySelector('li[data-code="not_a_number"]')!;
    expect(finding.querySelector("[data-check]")?.textContent).toBe("real data check");
    expect(finding.textContent).toContain("Found before the reply was shown, by trying the block on the project's real rows.");
    expect(finding.textContent).toContain("line 2");
  });

  it("opens from its summary and closes with Escape, giving focus back to the summary", () => {
    const view = draw(`<Gauge value={3}>3 of 6</Gauge>`);
    const inspector = view.querySelector<HTMLDetailsElement>("details[data-inspector]")!;
    const summary = inspector.querySelector("summary")!;
    act(() => summary.click());
    expect(inspector.open).toBe(true);
    act(() => {
      inspector.querySelector("li")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(inspector.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });

  it("draws model text as text", () => {
    const body = `<Gauge label="<img src=x onerror=alert(1)>">x</Gauge>`;
    const view = draw(body);
    act(() => view.querySelector<HTMLElement>("details[data-inspector] summary")!.click());
    expect(view.querySelector("details[data-inspector] img")).toBeNull();
    expect(view.querySelector("details[data-inspector] pre")?.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  it("shows the excerpt's bidi and invisible characters as marks, so it reads in its stored order (Trojan Source)", () => {
    const body = `<Gauge label="admin\u202e \u2067// ok\u2069 \u2066">x\u200b\u001b[2J</Gauge>`;
    const view = draw(body);
    act(() => view.querySelector<HTMLElement>("details[data-inspector] summary")!.click());
    const excerpt = view.querySelector("details[data-inspector] pre")!.textContent ?? "";
    expect(excerpt).toContain("admin⟨U+202E⟩ ⟨U+2067⟩// ok⟨U+2069⟩ ⟨U+2066⟩");
    expect(excerpt).toContain("x⟨U+200B⟩⟨ESC⟩[2J");
    expect(view.querySelector("details[data-inspector]")!.textContent).not.toMatch(/[\u001b\u200b\u202a-\u202e\u2066-\u2069]/u);
  });

  it("says nothing about a clean block, and waits for a block still arriving", () => {
    expect(draw(`<Summary>ok</Summary>`).querySelector("details[data-inspector]")).toBeNull();
    act(() => root?.unmount());
    const prefix = `<Summary>ok</Summary>\n<Tag tone="purple">x</Tag>\n<Callout tone="info" title="Hold">Part`;
    // Drawn here with the block's compile findings, as a stored reply would be; while arriving, the block adds none of its own.
    const view = draw(prefix, false);
    act(() => view.querySelector<HTMLElement>("details[data-inspector] summary")?.click());
    const listed = [...view.querySelectorAll("details[data-inspector] li[data-code]")].map((item) => item.getAttribute("data-code"));
    expect(listed).not.toContain("invalid_prop");
  });
});
