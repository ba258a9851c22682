import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { UiState } from "@/lib/ui/state";
import { hostDataLabel } from "./host-data-mark";
import { UiBlockView } from "./ui-block-view";

const BODY = `$runs = @Query("tests", {branch: "main"})
$failed = @Filter($runs, run, run.failed)
<Stats>
  <Stat label="Failed" value={@Count($failed)}/>
  <Stat label="Budget" value={5}/>
</Stats>
<Summary>{@Count($runs)} runs read</Summary>
<Table rows={$runs}><Column field="name"/></Table>`;

const READ_AT = Date.UTC(2026, 11, 4, 18, 55, 3);

function render(withSources: boolean): string {
  const [block] = compileUi(`\`\`\`ui\n${BODY}\n\`\`\`\n`, { id: "test", final: true, querySchemas: { tests: z.object({ branch: z.string() }) } });
  if (!block) throw new Error("no block");
  expect(block.diagnostics).toEqual([]);
  const state = new UiState(block);
  state.setQuery("runs", [{ name: "login", failed: true }, { name: "search", failed: false }], block);
  const hostSources = new Map([["runs", { source: "tests", readAt: READ_AT }]]);
  return renderToStaticMarkup(<UiBlockView block={block} state={state} {...(withSources ? { hostSources } : {})} />);
}

describe("host data marks", () => {
  it("marks values read from a query with their source and time, and a typed figure beside them as unverified", () => {
    const markup = render(true);
    const label = hostDataLabel(["runs"], new Map([["runs", { source: "tests", readAt: READ_AT }]]));
    expect(label).toMatch(/^From the project's data: tests, read /);
    // The failed count, the interpolated run count and the table's rows.
    expect(markup.match(/data-host-data=""/g)).toHaveLength(3);
    expect(markup).toContain(`title="${label?.replace("'", "&#x27;")}"`);
    expect(markup.match(/data-unverified=""/g)).toHaveLength(1);
    expect(markup).toMatch(/Budget.*5.*unverified/s);
  });

  it("marks nothing where no host supplies the data", () => {
    const markup = render(false);
    expect(markup).not.toContain("data-host-data");
    expect(markup).not.toContain("data-unverified");
  });

  it("says a source is loading until its rows arrive", () => {
    expect(hostDataLabel(["runs"], new Map([["runs", { source: "tests" }]]))).toBe("From the project's data: tests, loading");
    expect(hostDataLabel(["other"], new Map([["runs", { source: "tests" }]]))).toBeUndefined();
  });
});
