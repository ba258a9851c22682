import { describe, expect, it } from "vitest";
import { z } from "zod";
import { querySourcesText } from "./query-sources-text";

describe("querySourcesText", () => {
  it("lists each source with its arguments from the schema and its description", () => {
    const text = querySourcesText({
      tests: z.strictObject({ branch: z.string(), limit: z.number().int().optional(), failedOnly: z.boolean().optional() }).describe("The newest run. Rows: {name: string}."),
      files: z.strictObject({ prefix: z.string().optional() }),
    });
    expect(text).toContain('- `@Query("tests", {branch: string, limit?: number, failedOnly?: boolean})` — The newest run. Rows: {name: string}.');
    expect(text).toContain('- `@Query("files", {prefix?: string})`');
    expect(text.indexOf('"files"')).toBeLessThan(text.indexOf('"tests"'));
    expect(text).toMatch(/Never invent a source/);
  });

  it("compact: keeps each description's first sentence and its rows, text fields untyped, one line per source still", () => {
    const schemas = {
      tests: z.strictObject({ branch: z.string() }).describe('The newest run, e.g. "main" 1.5 times. Arguments: branch (e.g. "main"), limit (1–500). Link one with <File path={x}/>. Rows: {name: string, ms: number, failed: boolean}.'),
      files: z.strictObject({ prefix: z.string().optional() }).describe("Files. Arguments: prefix (e.g. \"lib/\")."),
    };
    const text = querySourcesText(schemas, { detail: "compact" });
    expect(text).toContain('- `@Query("tests", {branch: string})` — The newest run, e.g. "main" 1.5 times. Rows: {name, ms: number, failed: boolean}.');
    expect(text).toContain('- `@Query("files", {prefix?: string})` — Files.');
    expect(text).toContain("A row field without a type is text.");
    expect(querySourcesText(schemas)).toContain('Arguments: branch (e.g. "main"), limit (1–500).');
    expect(querySourcesText(schemas)).not.toContain("without a type");
    expect(text).toContain("one without is required, with no default");
  });

  it("tells the model not to declare a query when the host offers no source", () => {
    expect(querySourcesText({})).toMatch(/No query source is available/);
  });
});
