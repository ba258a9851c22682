// @vitest-environment happy-dom
/**
 * A NumberField as a person uses it: typing a number applies it at once
 * (everything reading the variable updates), an entry past a bound or off
 * the step is kept as typed but not applied and marked invalid with what the
 * field takes, and leaving the field shows the bound value again.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { UiState } from "@/lib/ui/state";
import { compileBody } from "../testing";
import { UiBlockView } from "../ui-block-view";

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

const BODY = `$budget = 800
<NumberField label="Budget" value={$budget} min={0} max={2000} step={100} unit="ms"/>
<Summary>Budget {$budget} ms</Summary>`;

function draw(): { field: HTMLInputElement; state: UiState; text: () => string } {
  const block = compileBody(BODY);
  const state = new UiState(block);
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<UiBlockView block={block} state={state} />));
  const field = host.querySelector<HTMLInputElement>('input[type="number"]')!;
  return { field, state, text: () => host!.textContent ?? "" };
}

/** Types `text` as a browser does: the native value setter, then an input event React listens to. */
function type(field: HTMLInputElement, text: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(field, text);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

describe("NumberField", () => {
  it("is found by its label and applies a typed number at once", () => {
    const { field, state, text } = draw();
    const label = host!.querySelector(`label[for="${field.id}"]`);
    expect(label?.textContent).toBe("Budget");
    type(field, "1200");
    expect(state.value("budget")).toBe(1200);
    expect(text()).toContain("Budget 1200 ms");
    expect(field.getAttribute("aria-invalid")).toBeNull();
  });

  it("keeps an entry past max or off the step as typed, unapplied and marked, and shows the bound value on leaving", () => {
    const { field, state, text } = draw();
    for (const refused of ["2500", "850", "-100"]) {
      type(field, refused);
      expect(state.value("budget"), refused).toBe(800);
      expect(field.value).toBe(refused);
      expect(field.getAttribute("aria-invalid")).toBe("true");
      const description = document.getElementById(field.getAttribute("aria-describedby")!);
      expect(description?.textContent).toBe("Not applied: 0 to 2,000 ms, in steps of 100.");
    }
    expect(text()).toContain("Budget 800 ms");
    act(() => field.dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    expect(field.value).toBe("800");
    expect(field.getAttribute("aria-invalid")).toBeNull();
    type(field, "900");
    expect(state.value("budget")).toBe(900);
  });

  it("treats an emptied field as no entry yet: nothing applied, nothing marked", () => {
    const { field, state } = draw();
    type(field, "");
    expect(state.value("budget")).toBe(800);
    expect(field.getAttribute("aria-invalid")).toBeNull();
  });
});
