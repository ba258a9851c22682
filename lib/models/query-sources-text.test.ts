import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

vi.mock("server-only", () => ({}));

const { querySignature, querySourcesText } = await import("./query-sources-text");
const { PROJECT_QUERY_SCHEMAS } = await import("@/lib/project/query-sources");

describe("querySignature", () => {
  it("prints each argument from the schema: required or optional, ranges, defaults, enumerations and ISO dates", () => {
    const schema = z.strictObject({
      branch: z.string(),
      limit: z.number().int().min(1).max(100).default(20),
      depth: z.number().int().min(0).max(3).optional(),
      weight: z.number().optional(),
      status: z.enum(["open", "resolved"]).optional(),
      since: z.iso.date().optional(),
      failedOnly: z.boolean().optional(),
    });
    expect(querySignature(schema)).toBe("{branch, limit?: 1–100 = 20, depth?: 0–3, weight?: number, status?: open|resolved, since?: YYYY-MM-DD, failedOnly?: boolean}");
  });
});

describe("querySourcesText", () => {
  it("lists each source by name, with its arguments, its rows' shape after an arrow and its description, text fields untyped and nullable ones marked", () => {
    const text = querySourcesText({
      tests: z.strictObject({ branch: z.string(), limit: z.number().int().min(1).max(500).default(500) }).describe("The newest run, failures first. Rows: {name: string, ms: number, at: string | null}."),
      files: z.strictObject({ prefix: z.string().optional() }),
    });
    expect(text).toContain("- tests {branch, limit?: 1–500 = 500} → {name, ms: number, at?}: The newest run, failures first.\n");
    expect(text).toContain("- files {prefix?}\n");
    expect(text.indexOf("- files")).toBeLessThan(text.indexOf("- tests"));
    expect(text).toMatch(/Never invent a source/);
  });

  it("states how arguments are read: literals and state only, optional and default marks, required without, numbers clamped, the rest refused", () => {
    const text = querySourcesText({ files: z.strictObject({}) });
    expect(text).toContain("Arguments are literals or state, never another query's rows");
    expect(text).toContain("`?` marks optional ones (`= x`: the default), the rest are required");
    expect(text).toContain("a number past its range is clamped to it, any other misfit refused.");
    expect(text).toContain("Row fields are text unless typed; `?`: may be null.");
  });

  it("compact: keeps a description's first sentence (what and in which order) and its rows, not what an argument means", () => {
    const schemas = {
      nodes: z.strictObject({ ref: z.string().optional() }).describe('The node, then its neighbours. ref: e.g. "service:billing-api". Rows: {ref: string}.'),
    };
    expect(querySourcesText(schemas, { detail: "compact" })).toContain("- nodes {ref?} → {ref}: The node, then its neighbours.\n");
    expect(querySourcesText(schemas)).toContain('- nodes {ref?} → {ref}: The node, then its neighbours. ref: e.g. "service:billing-api".\n');
  });

  it("tells the model not to declare a query when the host offers no source", () => {
    expect(querySourcesText({})).toMatch(/No query source is available/);
  });

  for (const detail of ["full", "compact"] as const) {
    it(`${detail}, with the project's sources: every limit's range and default as the schema has them, every source's order`, () => {
      const text = querySourcesText(PROJECT_QUERY_SCHEMAS, { detail });
      for (const [name, schema] of Object.entries(PROJECT_QUERY_SCHEMAS)) {
        const line = text.split("\n").find((candidate) => candidate.startsWith(`- ${name} {`));
        expect(line, name).toBeDefined();
        const limit = (schema as z.ZodObject).shape.limit as z.ZodDefault<z.ZodNumber> | undefined;
        if (limit) expect(line, name).toContain(`limit?: ${limit.unwrap().minValue}–${limit.unwrap().maxValue} = ${String(limit.def.defaultValue)}`);
        expect(line, name).toMatch(/first|then|by path|in path order/);
      }
      expect(text).toContain("path is a file or folder");
      expect(text).toContain('owner "me" is the person asking');
      expect(text).toContain('- tests {branch? = "main", ');
    });
  }
});
