import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DATA_TABLE_PAGE_ROWS, DataTable, type DataTableColumn } from "./data-table";

const columns: DataTableColumn[] = [
  { field: "name", title: "Test", presentation: "code" },
  { field: "suite", title: "Suite", presentation: "tag" },
  { field: "ms", title: "Time", unit: "ms", presentation: "number" },
];
const rows = [
  { name: "login", suite: "auth", ms: 1200 },
  { name: "checkout", suite: "payments", ms: 940 },
  { name: "search", suite: "catalog", ms: 310 },
];

/** The text of each body row's cells, in order. */
function bodyRows(markup: string): string[] {
  const body = markup.slice(markup.indexOf("<tbody>"), markup.indexOf("</tbody>"));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((match) => (match[1] ?? "").replace(/<[^>]*>/g, "|").replace(/\|+/g, "|"));
}

describe("DataTable", () => {
  it("draws headers with units, cells by presentation and numbers on the right", () => {
    const markup = renderToStaticMarkup(<DataTable columns={columns} rows={rows} title="Test runs" caption="Last night" />);
    expect(markup).toContain("<caption");
    expect(markup).toContain("Test runs");
    expect(markup).toContain("Time (ms)");
    expect(markup).toContain("<code>login</code>");
    expect(markup).toContain("1,200");
    expect(markup).toContain('data-tone="neutral"');
    expect(markup).toMatch(/<td class="[^"]*numeric[^"]*">1,200<\/td>/);
    expect(markup).toContain("Last night");
    expect(markup).not.toContain("aria-sort");
  });

  it("makes sortable headers buttons with aria-sort", () => {
    const markup = renderToStaticMarkup(<DataTable columns={columns} rows={rows} sortable />);
    expect(markup.match(/aria-sort="none"/g)).toHaveLength(3);
    expect(markup).toContain('<button type="button"');
  });

  it("draws rows in the order of a controlled sort", () => {
    const ascending = renderToStaticMarkup(
      <DataTable columns={columns} rows={rows} sortable sort={{ field: "ms", direction: "ascending" }} />,
    );
    expect(ascending).toContain('aria-sort="ascending"');
    expect(bodyRows(ascending).map((row) => row.split("|")[1])).toEqual(["search", "checkout", "login"]);
    const descending = renderToStaticMarkup(
      <DataTable columns={columns} rows={rows} sortable sort={{ field: "name", direction: "descending" }} />,
    );
    expect(bodyRows(descending).map((row) => row.split("|")[1])).toEqual(["search", "login", "checkout"]);
  });

  it("filters by the shown text, case-insensitively, and says how many rows match", () => {
    const markup = renderToStaticMarkup(<DataTable columns={columns} rows={rows} filterable filter="PAY" />);
    expect(markup).toContain('type="search"');
    expect(markup).toContain("Filter rows");
    expect(bodyRows(markup)).toHaveLength(1);
    expect(markup).toContain("checkout");
    expect(markup).toContain("1 of 3 rows");
    const none = renderToStaticMarkup(<DataTable columns={columns} rows={rows} filterable filter="zzz" />);
    expect(none).toContain("No rows match “zzz”");
  });

  it("says so when there are no rows", () => {
    expect(renderToStaticMarkup(<DataTable columns={columns} rows={[]} />)).toContain("No rows");
    expect(renderToStaticMarkup(<DataTable columns={columns} rows={[]} emptyText="Nothing yet" />)).toContain("Nothing yet");
  });

  it("draws a long table a page at a time", () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({ name: `test ${index}`, suite: "s", ms: index }));
    const started = performance.now();
    const markup = renderToStaticMarkup(<DataTable columns={columns} rows={many} sortable filterable />);
    const elapsed = performance.now() - started;
    expect(bodyRows(markup)).toHaveLength(DATA_TABLE_PAGE_ROWS);
    expect(markup).toContain(`Show ${DATA_TABLE_PAGE_ROWS} more rows (${DATA_TABLE_PAGE_ROWS} of 10000 shown)`);
    expect(elapsed).toBeLessThan(2_000);
  });

  it("prints hostile cells and headers as text", () => {
    const hostile = [{ name: '<img src=x onerror="alert(1)">', suite: "]]><script>x</script>", ms: "<b>1</b>" }];
    const markup = renderToStaticMarkup(
      <DataTable columns={[...columns, { field: "name", title: "<i>t</i>" }]} rows={hostile} title="<u>x</u>" />,
    );
    expect(markup).not.toMatch(/<img|<script|<b>|<i>|<u>/);
    expect(markup).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("never reads inherited fields", () => {
    const markup = renderToStaticMarkup(<DataTable columns={[{ field: "constructor" }, { field: "toString" }]} rows={[{}]} />);
    expect(markup).not.toContain("function");
    expect(markup).not.toContain("native code");
  });

  it("draws a cell through renderCell when it returns something, with the row object as given", () => {
    const rows = [{ name: "a", sha: "9f2c1ab" }, { name: "b", sha: null }];
    const seen: unknown[] = [];
    const markup = renderToStaticMarkup(
      <DataTable
        columns={[{ field: "name" }, { field: "sha" }]}
        rows={rows}
        renderCell={(value, column, row) => {
          seen.push(row);
          if (column.field !== "sha") return undefined;
          return value === null ? "—" : <b>{String(value)}</b>;
        }}
      />,
    );
    expect(markup).toContain("<td>a</td>");
    expect(markup).toContain("<b>9f2c1ab</b>");
    expect(markup).toContain("<td>—</td>");
    expect(seen).toContain(rows[0]);
  });
});
