import { afterEach, describe, expect, it, vi } from "vitest";
import { compileUiBlock } from "../compile/compile-block";
import { evaluateUiBlock } from "../evaluate/evaluate-block";
import type { UiViewNode } from "../evaluate/view-node";
import { UiFailure } from "../failure";
import { UI_LIMITS } from "../limits";
import { UI_CLOCK_INTERVAL_STEPS, UiBudget } from "./budget";

function codeOf(action: () => void): string | undefined {
  try {
    action();
  } catch (caught) {
    if (caught instanceof UiFailure) return caught.code;
    throw caught;
  }
  return undefined;
}

describe("UiBudget", () => {
  it("resolves its limits against the defaults", () => {
    const budget = new UiBudget({ steps: 5 });
    expect(budget.limits.steps).toBe(5);
    expect(budget.limits.iterations).toBe(UI_LIMITS.iterations);
    expect(Object.isFrozen(budget.limits)).toBe(true);
  });

  it("refuses the step past the limit, not before", () => {
    const budget = new UiBudget({ steps: 3 });
    budget.step();
    budget.step(2);
    expect(budget.steps).toBe(3);
    expect(codeOf(() => budget.step())).toBe("budget_steps");
  });

  it("reserves iterations cumulatively", () => {
    const budget = new UiBudget({ iterations: 10 });
    budget.iterate(6);
    budget.iterate(4);
    expect(budget.iterations).toBe(10);
    expect(codeOf(() => budget.iterate(1))).toBe("budget_iterations");
  });

  it("checks string length, depth and characters against their limits", () => {
    const budget = new UiBudget({ stringLength: 4, nesting: 2, characters: 8 });
    expect(codeOf(() => budget.checkString(4))).toBeUndefined();
    expect(codeOf(() => budget.checkString(5))).toBe("budget_string");
    expect(codeOf(() => budget.checkDepth(2))).toBeUndefined();
    expect(codeOf(() => budget.checkDepth(3))).toBe("budget_depth");
    expect(codeOf(() => budget.checkCharacters(9))).toBe("budget_characters");
  });

  it("attaches a range to depth and string refusals when given one", () => {
    const budget = new UiBudget({ nesting: 1 });
    try {
      budget.checkDepth(2, { start: 3, end: 4 });
      expect.unreachable();
    } catch (caught) {
      expect((caught as UiFailure).range).toEqual({ start: 3, end: 4 });
    }
  });

  it("reads the clock once per interval of steps and, compiling, refuses past elapsedMs", () => {
    let time = 0;
    let readings = 0;
    const budget = UiBudget.forCompilation({ elapsedMs: 10 }, () => {
      readings++;
      return time;
    });
    expect(readings).toBe(1);
    for (let index = 0; index < UI_CLOCK_INTERVAL_STEPS - 1; index++) budget.step();
    expect(readings).toBe(1);
    time = 11;
    expect(codeOf(() => budget.step())).toBe("budget_time");
    expect(readings).toBe(2);
    expect(budget.elapsedMs()).toBe(11);
  });

  it("checks the clock when one charge covers many steps", () => {
    let time = 0;
    const budget = UiBudget.forCompilation({ elapsedMs: 5 }, () => time);
    time = 6;
    expect(codeOf(() => budget.step(UI_CLOCK_INTERVAL_STEPS))).toBe("budget_time");
  });

  it("lets an evaluation's clock pass elapsedMs: only evaluationGuardMs stops it, and then for good", () => {
    let time = 0;
    const budget = new UiBudget({ elapsedMs: 5, evaluationGuardMs: 100 }, () => time);
    time = 99;
    expect(codeOf(() => budget.step(UI_CLOCK_INTERVAL_STEPS))).toBeUndefined();
    expect(budget.expired).toBe(false);
    time = 101;
    expect(codeOf(() => budget.step(UI_CLOCK_INTERVAL_STEPS))).toBe("budget_time");
    expect(budget.expired).toBe(true);
    // Expired, every later charge is refused at once, before the clock is read again.
    time = 0;
    expect(codeOf(() => budget.step())).toBe("budget_time");
  });
});

/** A ```ui block whose nested Each multiplies: 99 × 100 tags, 149k steps, within the step and iteration bounds. */
const EXPANSION = [
  `$a = [${Array.from({ length: 99 }, (_, index) => index).join(", ")}]`,
  `$b = [${Array.from({ length: 100 }, (_, index) => index).join(", ")}]`,
  '<Each items={$a} as="x"><Each items={$b} as="y"><Tag>{x * y} {x + y}</Tag></Each></Each>',
].join("\n");

/** The tree an evaluation draws, with `performance.now` advancing `millisecondsPerReading` at each reading (a slow or busy machine). */
function drawnWith(millisecondsPerReading: number): { nodes: UiViewNode[]; codes: string[] } {
  const block = compileUiBlock(EXPANSION, { id: "expansion", final: true, now: () => 0 });
  let time = 0;
  vi.spyOn(globalThis.performance, "now").mockImplementation(() => (time += millisecondsPerReading));
  try {
    const evaluation = evaluateUiBlock(block);
    return { nodes: evaluation.nodes, codes: [...new Set(evaluation.diagnostics.map((diagnostic) => diagnostic.code))] };
  } finally {
    vi.restoreAllMocks();
  }
}

describe("an evaluation's clock never decides what is drawn", () => {
  afterEach(() => vi.restoreAllMocks());

  it("draws the same tree on a fast machine and on one 20 times slower (the server and the browser hydrating its HTML)", () => {
    const fast = drawnWith(0);
    // 149 readings of 10 ms: 1.5 s, far past the 250 ms a compilation has, well before the guard.
    const slow = drawnWith(10);
    expect(fast.codes).toEqual([]);
    expect(slow.codes).toEqual([]);
    expect(slow.nodes).toEqual(fast.nodes);
  });

  it("gives the whole evaluation up past the guard, the same way however far it got: the block as its plain text", () => {
    const late = drawnWith(UI_LIMITS.evaluationGuardMs / 20);
    const later = drawnWith(UI_LIMITS.evaluationGuardMs / 3);
    expect(late.codes).toEqual(["budget_time"]);
    expect(later).toEqual(late);
    expect(late.nodes.map((node) => node.type)).toEqual(["#fallback"]);
  });
});
