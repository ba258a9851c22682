/**
 * The size and height of the values an evaluation builds. Work is bounded by
 * steps and iterations, but a built list may hold the same large value many
 * times over (`@Map($rows, r, $rows)`): cheap to build, huge to validate,
 * render or copy afterwards. So every list or record the evaluator builds has
 * its JSON tree measured — shared parts counted each time they appear — and
 * refused past `limits.steps` nodes (`budget_output`) or `limits.nesting`
 * levels (`budget_depth`), so whoever walks the result does bounded work.
 */
import { UiFailure } from "../failure";
import type { UiBudget } from "./budget";
import { ownKeys, readOwnIndex, readOwnValue } from "./read";
import type { UiRecord, UiValue } from "./value";

/** A value's tree size (nodes) and height: lists and records nested (a scalar is 0, `[1]` is 1), as `copyUiValue` counts depth. */
type Extent = { size: number; height: number };

const SCALAR: Extent = { size: 1, height: 0 };

/** Measures values for one evaluation; values seen before are remembered by identity. */
export class UiValueMeasure {
  /** Extents of containers already measured; the evaluation is short, so a Map (not a WeakMap) is fine. */
  private readonly known = new Map<object, Extent>();

  constructor(private readonly budget: UiBudget) {}

  /** Records a list or record just built from already-evaluated children, refusing one that is too large or too deep. */
  built<Container extends UiValue[] | UiRecord>(container: Container): Container {
    let size = 1;
    let height = 1;
    const children = Array.isArray(container) ? container : Object.values(container);
    for (const child of children) {
      const extent = this.extentOf(child, 1);
      size += extent.size;
      height = Math.max(height, extent.height + 1);
    }
    this.check(size, height);
    this.known.set(container, { size, height });
    return container;
  }

  private check(size: number, height: number): void {
    if (size > this.budget.limits.steps) throw new UiFailure("budget_output", `${size} values`);
    this.budget.checkDepth(height);
  }

  /** The extent of any value; a container not built here is walked once (a step per node) through own data properties. */
  private extentOf(value: UiValue, depth: number): Extent {
    if (typeof value !== "object" || value === null) return SCALAR;
    const known = this.known.get(value);
    if (known) return known;
    // A value handed in deeper than the nesting limit (or cyclic) ends here.
    this.budget.checkDepth(depth);
    this.budget.step();
    let size = 1;
    let height = 1;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const extent = this.extentOf(readOwnIndex(value, index), depth + 1);
        size += extent.size;
        height = Math.max(height, extent.height + 1);
      }
    } else {
      for (const key of ownKeys(value)) {
        const extent = this.extentOf(readOwnValue(value, key), depth + 1);
        size += extent.size;
        height = Math.max(height, extent.height + 1);
      }
    }
    const extent = { size, height };
    this.known.set(value, extent);
    return extent;
  }
}
