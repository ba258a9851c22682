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

  it("compact: keeps a first sentence that names values, and the rows, text fields and enumerations bare, one line per source still", () => {
    const schemas = {
      tests: z.strictObject({ branch: z.string() }).describe('The newest run, e.g. "main" 1.5 times. Arguments: branch (e.g. "main"), limit (1–500). Link one with <File path={x}/>. Rows: {name: string, ms: number, failed: boolean}.'),
      files: z.strictObject({ prefix: z.string().optional() }).describe("Files. Arguments: prefix (e.g. \"lib/\")."),
      jobs: z.strictObject({ status: z.enum(["passed", "failed"]).optional() }).describe("CI jobs (lint, unit), newest first. Rows: {job: string}."),
    };
    const text = querySourcesText(schemas, { detail: "compact" });
    // A first sentence without values in parentheses says what the name says: left out.
    expect(text).toContain('- `@Query("tests", {branch})` — Rows: {name, ms: number, failed: boolean}.');
    expect(text).toContain('- `@Query("files", {prefix?})`\n');
    expect(text).toContain('- `@Query("jobs", {status?: passed|failed})` — CI jobs (lint, unit), newest first. Rows: {job}.');
    expect(text).toContain("A field without a type is text.");
    expect(querySourcesText(schemas)).toContain('Arguments: branch (e.g. "main"), limit (1–500).');
    expect(querySourcesText(schemas)).not.toContain("without a type");
    expect(text).toContain("one without is required, with no default");
  });

  it("tells the model not to declare a query when the host offers no source", () => {
    expect(querySourcesText({})).toMatch(/No query source is available/);
  });
});
