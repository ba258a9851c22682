// @vitest-environment happy-dom
/**
 * The inspector's repair account: a repaired reply's notes say so even when
 * nothing else is noted, and open to what was wrong with each block and the
 * block before and after; a failed repair says why. Model text stays text.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ReplyRepair } from "@/lib/chat/final/reply-repair";
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

function draw(repair: ReplyRepair): HTMLElement {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<ReplyInspector text="Intro." blocks={[]} fences={[]} tools={[]} receipt={[]} repair={repair} />));
  const details = host.querySelector("details")!;
  act(() => {
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
  });
  return host;
}

const BEFORE = '```ui\n<Gauge value={3}/><img src=x onerror=alert(1)>\n```';
const AFTER = "```ui\n<Summary>ok</Summary>\n```";

describe("the inspector's repair account", () => {
  it("names a repaired reply in its notes, with each block's errors and its source before and after, as text", () => {
    const drawn = draw({ status: "repaired", of: "m1", blocks: [{ dialect: "ui", position: 1, before: BEFORE, diagnostics: [{ code: "unknown_component", message: "Not in the catalog." }], after: AFTER, diagnosticsAfter: [] }] });
    expect(drawn.querySelector("summary")?.textContent).toBe("Notes: 1 block was repaired");
    const group = drawn.querySelector('[data-group="repair"]')!;
    expect(group.textContent).toContain("UI block 1 was replaced: 1 error before, no errors now.");
    expect(group.querySelector("code")?.textContent).toBe("unknown_component");
    expect(drawn.querySelector('[aria-label="UI block 1 as first written"]')?.textContent).toBe(BEFORE);
    expect(drawn.querySelector('[aria-label="UI block 1 as repaired"]')?.textContent).toBe(AFTER);
    expect(drawn.querySelector("img")).toBeNull();
  });

  it("says which data check found what was wrong with a block that compiled cleanly", () => {
    const drawn = draw({
      status: "repaired",
      of: "m1",
      blocks: [
        {
          dialect: "ui",
          position: 1,
          before: BEFORE,
          diagnostics: [
            { code: "not_a_number", message: "A number was expected. (@Sum adds numbers, not boolean)", check: "real data" },
            { code: "invalid_prop", message: "Each needs a list.", check: "empty data" },
            { code: "unknown_component", message: "Not in the catalog." },
          ],
          after: AFTER,
          diagnosticsAfter: [],
        },
      ],
    });
    const items = [...drawn.querySelectorAll('[aria-label="What was wrong with UI block 1"] li')];
    expect(items.map((item) => item.getAttribute("data-check"))).toEqual(["real data", "empty data", null]);
    expect(items[0]?.textContent).toBe("not_a_number real data check A number was expected. (@Sum adds numbers, not boolean)");
    expect(items[1]?.textContent).toContain("empty data check");
    expect(items[2]?.textContent).toBe("unknown_component Not in the catalog.");
    expect(drawn.textContent).toContain("UI block 1 was replaced: 3 errors before, no errors now.");
  });

  it("says why a repair failed, and which blocks were kept as written", () => {
    const drawn = draw({ status: "failed", reason: "The model failed while rewriting the blocks.", blocks: [{ dialect: "octo-ui", position: 2, before: BEFORE, diagnostics: [{ code: "invalid_json", message: "Not JSON." }], rejected: "The rewrite still has 1 error." }] });
    expect(drawn.querySelector("summary")?.textContent).toBe("Notes: repair failed for 1 block");
    const group = drawn.querySelector('[data-group="repair"]')!;
    expect(group.textContent).toContain("The model failed while rewriting the blocks.");
    expect(group.textContent).toContain("JSON panel 2 was kept as written. The rewrite still has 1 error.");
    expect(drawn.querySelector('[aria-label="JSON panel 2 as repaired"]')).toBeNull();
  });
});
