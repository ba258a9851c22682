// @vitest-environment happy-dom
/**
 * The structural diff of two panes: the counts and the changes between the
 * two picked panes' final trees, another pick redrawing them, and a plain
 * sentence while a pane has no stored reply.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AssistantMessage } from "@/lib/chat/wire";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { PaneDiff, type PaneDiffPane } from "./pane-diff";

const AT = "2026-12-01T00:00:00.000Z";
const RELAXED = { limits: { elapsedMs: 60_000 }, replyLimits: { elapsedMs: 60_000 } };

function reply(id: string, text: string): AssistantMessage {
  return {
    id,
    chatId: `chat-${id}`,
    sequence: 2,
    role: "assistant",
    text,
    ui: compileUi(text, { ...RELAXED, id, final: true }),
    receipt: [],
    status: "complete",
    silent: false,
    model: "replay:default",
    createdAt: AT,
  };
}

const STATS = ["```ui id=build", '<Stats><Stat label="Passed" value={42}/><Stat label="Failed" value={3}/></Stats>', "```"].join("\n");
const MORE_STATS = ["```ui id=build", '<Stats><Stat label="Passed" value={44}/><Stat label="Failed" value={3}/><Stat label="Skipped" value={1}/></Stats>', "```"].join("\n");

const PANES: PaneDiffPane[] = [
  { id: "a", label: "A", message: reply("a", STATS) },
  { id: "b", label: "B", message: reply("b", MORE_STATS) },
  { id: "c", label: "C", message: reply("c", STATS) },
  { id: "d", label: "D", message: null },
];

function markup(panes: readonly PaneDiffPane[]): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToStaticMarkup(<PaneDiff panes={panes} />);
  return container;
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

describe("PaneDiff", () => {
  it("compares the first two panes by default: counts, then each change at its path with before → after", () => {
    const container = markup(PANES);
    const counts = [...container.querySelectorAll("[aria-label='Change counts'] li")].map((item) => item.textContent);
    expect(counts).toEqual(["1added", "0removed", "1changed", "1with changed props", "0with changed diagnostics"]);
    const changes = container.querySelector("ul[aria-label='Changes from A to B']")?.textContent ?? "";
    expect(changes).toContain("added");
    expect(changes).toContain("Stat[2]");
    expect(changes).toContain("prop value: 42 → 44");
    expect(container.querySelector("[role=status]")?.textContent).toContain("B against A: 2 changes");
  });

  it("labels both pickers and redraws when another pane is picked", () => {
    const container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
    act(() => root?.render(<PaneDiff panes={PANES} />));
    const selects = [...container.querySelectorAll("select")];
    expect(selects.map((select) => container.querySelector(`label[for="${select.id}"]`)?.textContent)).toEqual(["Compare", "with"]);
    const right = selects[1];
    if (!right) throw new Error("no right select");
    act(() => {
      right.value = "c";
      right.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(container.querySelector("[role=status]")?.textContent).toBe("No structural difference: C has the same components and props as A.");
    act(() => {
      right.value = "d";
      right.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(container.querySelector("[role=status]")?.textContent).toBe("D has no stored reply yet; the diff appears once it finishes.");
    expect(container.querySelector("[aria-label='Change counts']")).toBeNull();
  });

  it("asks for a second pane when there is only one", () => {
    expect(markup(PANES.slice(0, 1)).textContent).toBe("A structural diff needs two panes.");
  });
});
