// @vitest-environment happy-dom
/**
 * The admin's source view reads another person's reply in the order it is
 * stored in: every bidi, control and invisible character is drawn as a mark,
 * inside the highlight its character belongs to.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sourceMarks } from "@/lib/admin/source-marks";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { SourceView } from "./source-view";

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

describe("SourceView", () => {
  it("draws bidi controls and invisible characters as marks, the block's highlight around them", () => {
    const text = 'Access "user\u202e \u2066// Check if admin\u2069 \u2066" granted.\n\n```ui\n<Gauge label="x\u2067y">z\u200b</Gauge>\n```\n';
    const blocks = compileUi(text, { id: "reply", final: true });
    const marks = sourceMarks({ text, ui: blocks, fences: [], tools: [] });
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    act(() => root!.render(<SourceView text={text} marks={marks.marks} segments={marks.segments} />));
    const source = host.querySelector('pre[aria-label="Reply source"]')!;
    expect(source.textContent).toContain('Access "user⟨U+202E⟩ ⟨U+2066⟩// Check if admin⟨U+2069⟩ ⟨U+2066⟩" granted.');
    expect(source.textContent).not.toMatch(/[\u200b\u202a-\u202e\u2066-\u2069]/u);
    const highlighted = [...source.querySelectorAll("[data-marks]")].map((element) => element.textContent).join("");
    expect(highlighted).toContain('label="x⟨U+2067⟩y">z⟨U+200B⟩');
  });
});
