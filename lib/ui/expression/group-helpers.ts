/**
 * The grouping helpers: `@Group(list, "field"?)` and `@Unique(list,
 * "field"?)`, what a panel needs for "tests by owner" or "which branches".
 * Like the other list helpers they charge a step per element, reserve
 * iterations before they allocate, and register every list and record they
 * build, so a group's rows are bounded by the same measure as any built value.
 *
 * Decisions (the catalog text tells the model the same):
 * - Keys compare as `===` does (equal.ts): exactly, `1` and `"1"` apart, lists
 *   and records by content.
 * - Groups and distinct values come in order of first appearance.
 * - `@Group` gives `[{key, count, rows}]`, `rows` being the elements as they
 *   were; elements with no such field (or not records) form the group whose
 *   key is null, so the counts add up to the list's. `@Unique` leaves nulls out.
 * - Without a field the elements themselves are the keys.
 * - Null follows the other list helpers (helpers.ts): a null list (a query
 *   not answered yet) is no rows, so the result is `[]` — the block, not the
 *   helper, marks what reads an unanswered query as loading — and a null
 *   field is no field. A list of another kind is refused (`not_a_list`), a
 *   field that is not text too (`not_a_string`).
 */
import type { UiHelperContext } from "./context";
import { uiValuesEqual } from "./equal";
import { isUiRecord, readOwnField, readOwnIndex, uiValueKind } from "./read";
import { safeKey, type UiRecord, type UiValue } from "./value";

type Helper = (context: UiHelperContext) => UiValue;

/** The helper names this file implements. */
export type UiGroupHelperName = "Group" | "Unique";

/** A null list: no rows. */
const NO_ROWS: readonly UiValue[] = Object.freeze([]);

/** The list and field arguments of a grouping call; `field` is undefined when not written or null. */
function keyedArguments(context: UiHelperContext): { list: readonly UiValue[]; field: string | undefined } {
  const helper = context.call.helper;
  const list = context.argument(0);
  if (list !== null && !Array.isArray(list)) throw context.fail("not_a_list", `@${helper} takes a list, not ${uiValueKind(list)}`);
  let field: string | undefined;
  if (context.argumentCount > 1) {
    const given = context.argument(1);
    if (given !== null && typeof given !== "string") throw context.fail("not_a_string", `@${helper}'s field is a string, not ${uiValueKind(given)}`);
    if (given !== null && !safeKey(given)) throw context.fail("forbidden_key", JSON.stringify(given));
    field = given ?? undefined;
  }
  return { list: list ?? NO_ROWS, field };
}

/** The key of one element: its field (null when missing or not a record), or the element itself without a field. */
function keyOf(element: UiValue, field: string | undefined): UiValue {
  if (field === undefined) return element;
  return isUiRecord(element) ? readOwnField(element, field) : null;
}

/**
 * Finds the entry of a key among those seen so far: scalars through a Map
 * (which, like `===`, tells `1` from `"1"`), lists and records by content.
 */
class KeyIndex<Entry> {
  private readonly scalars = new Map<UiValue, Entry>();
  private readonly containers: { key: UiValue; entry: Entry }[] = [];

  constructor(private readonly context: UiHelperContext) {}

  find(key: UiValue): Entry | undefined {
    if (typeof key !== "object" || key === null) return this.scalars.get(key);
    for (const candidate of this.containers) {
      if (uiValuesEqual(candidate.key, key, this.context.budget)) return candidate.entry;
    }
    return undefined;
  }

  add(key: UiValue, entry: Entry): void {
    if (typeof key !== "object" || key === null) this.scalars.set(key, entry);
    else this.containers.push({ key, entry });
  }
}

type Group = { key: UiValue; rows: UiValue[] };

function group(context: UiHelperContext): UiValue {
  const { list, field } = keyedArguments(context);
  // Every element goes into one group's rows, and there are no more groups than elements.
  context.budget.iterate(list.length);
  const index = new KeyIndex<Group>(context);
  const groups: Group[] = [];
  for (let position = 0; position < list.length; position++) {
    context.budget.step();
    const element = readOwnIndex(list, position);
    const key = keyOf(element, field);
    let found = index.find(key);
    if (!found) {
      found = { key, rows: [] };
      index.add(key, found);
      groups.push(found);
    }
    found.rows.push(element);
  }
  const records: UiRecord[] = [];
  for (const { key, rows } of groups) {
    context.budget.step();
    records.push(context.built({ key, count: rows.length, rows: context.built(rows) }));
  }
  return context.built(records);
}

function unique(context: UiHelperContext): UiValue {
  const { list, field } = keyedArguments(context);
  context.budget.iterate(list.length);
  const seen = new KeyIndex<true>(context);
  const values: UiValue[] = [];
  for (let position = 0; position < list.length; position++) {
    context.budget.step();
    const key = keyOf(readOwnIndex(list, position), field);
    if (key === null || seen.find(key)) continue;
    seen.add(key, true);
    values.push(key);
  }
  return context.built(values);
}

/** The grouping helpers by name, for the value helpers' table. */
export const UI_GROUP_HELPERS: Readonly<Record<UiGroupHelperName, Helper>> = {
  Group: group,
  Unique: unique,
};
