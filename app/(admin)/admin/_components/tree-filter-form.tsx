/**
 * The listing's filters as a plain GET form: submitting it puts the filters
 * in the URL (so a filtered page can be linked, reloaded and exported as it
 * is), and it works without JavaScript. Times are UTC.
 */
import Link from "next/link";
import {
  DEFAULT_TREES_PER_PAGE,
  MAX_TREES_PER_PAGE,
  STORED_TREE_CODES,
  STORED_TREE_DIALECTS,
  STORED_TREE_SORTS,
  type StoredTreeQuery,
} from "@/lib/admin/stored-tree-filter";
import styles from "./admin.module.css";

/** `datetime-local` wants `YYYY-MM-DDTHH:MM`. */
function localValue(date: Date | undefined): string {
  return date ? date.toISOString().slice(0, 16) : "";
}

const SORT_LABELS: Record<(typeof STORED_TREE_SORTS)[number], string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  nodes: "Most nodes",
  size: "Largest",
};

/** The page sizes offered (the URL takes any size up to `MAX_TREES_PER_PAGE`). */
const PAGE_SIZES = [5, DEFAULT_TREES_PER_PAGE, 50, MAX_TREES_PER_PAGE];

/** Props of `TreeFilterForm`. */
export type TreeFilterFormProps = { query: StoredTreeQuery; models: readonly string[] };

/** The filter form (see the file comment). */
export function TreeFilterForm({ query, models }: TreeFilterFormProps) {
  const { filter } = query;
  const modelChoices = filter.model && !models.includes(filter.model) ? [filter.model, ...models] : models;
  return (
    <form method="get" action="/admin/trees" className={styles.filters} aria-label="Filter stored trees">
      <label className={styles.filter}>
        From (UTC)
        <input type="datetime-local" name="from" defaultValue={localValue(filter.from)} />
      </label>
      <label className={styles.filter}>
        Until (UTC)
        <input type="datetime-local" name="to" defaultValue={localValue(filter.to)} />
      </label>
      <label className={styles.filter}>
        Account (email or user id)
        <input type="text" name="user" defaultValue={filter.user ?? ""} autoComplete="off" spellCheck={false} />
      </label>
      <label className={styles.filter}>
        Model
        <select name="model" defaultValue={filter.model ?? ""}>
          <option value="">Any model</option>
          {modelChoices.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter}>
        Dialect
        <select name="dialect" defaultValue={filter.dialect ?? ""}>
          <option value="">Any dialect</option>
          {STORED_TREE_DIALECTS.map((dialect) => (
            <option key={dialect} value={dialect}>
              {dialect}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter}>
        Catalog version
        <input type="text" name="catalog" defaultValue={filter.catalog ?? ""} inputMode="numeric" autoComplete="off" />
      </label>
      <label className={styles.filter}>
        Diagnostic code
        <select name="code" defaultValue={filter.code ?? ""}>
          <option value="">Any code</option>
          {STORED_TREE_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.check}>
        <input type="checkbox" name="budget" value="1" defaultChecked={filter.budget === true} />
        Has a budget refusal
      </label>
      <fieldset className={`${styles.filter} ${styles.range}`} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className={styles.filter}>Nodes (min – max)</legend>
        <input type="number" name="nodes-min" min={0} aria-label="Fewest nodes" defaultValue={filter.minNodes ?? ""} />
        <input type="number" name="nodes-max" min={0} aria-label="Most nodes" defaultValue={filter.maxNodes ?? ""} />
      </fieldset>
      <fieldset className={`${styles.filter} ${styles.range}`} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className={styles.filter}>Size in bytes (min – max)</legend>
        <input type="number" name="size-min" min={0} aria-label="Smallest size in bytes" defaultValue={filter.minSize ?? ""} />
        <input type="number" name="size-max" min={0} aria-label="Largest size in bytes" defaultValue={filter.maxSize ?? ""} />
      </fieldset>
      <label className={`${styles.filter} ${styles.filterWide}`}>
        Text in the reply
        <input type="search" name="q" defaultValue={filter.q ?? ""} />
      </label>
      <label className={styles.filter}>
        Sort
        <select name="sort" defaultValue={query.sort}>
          {STORED_TREE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter}>
        Per page
        <select name="limit" defaultValue={String(query.limit)}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      {filter.chat ? <input type="hidden" name="chat" value={filter.chat} /> : null}
      <div className={styles.filterActions}>
        <button type="submit" className="button button-primary button-small">
          Apply filters
        </button>
        <Link href="/admin/trees" className="button button-ghost button-small">
          Clear
        </Link>
      </div>
    </form>
  );
}
