/**
 * Replies as folders: each `fixtures/genui/<case>/reply.md` is read as a model
 * reply and compared with its `expected.json` — every octo-ui fence with its
 * range, spec, diagnostics and lint, and the reply as IM and the terminal
 * show it. `UPDATE_FIXTURES=1` rewrites them. Recovery cases are named
 * `loose-…`, refused ones `error-…`; diagnostics are kept as `{code, path}`,
 * so their wording can change without touching the cases.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { genuiLint } from "../lint/genui-lint";
import { extractGenuiFences } from "./extract-genui-fences";
import { genuiReplyFallback } from "./genui-fallback";

const CASES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../fixtures/genui");
const UPDATE = process.env.UPDATE_FIXTURES === "1";

const codes = (diagnostics: readonly { code: string; path: string }[]) => diagnostics.map(({ code, path: at }) => ({ code, path: at }));

function expectedForm(reply: string) {
  return {
    fences: extractGenuiFences(reply).map((fence) => ({
      range: fence.range,
      closed: fence.closed,
      spec: fence.spec,
      diagnostics: codes(fence.diagnostics),
      lint: fence.spec === null ? [] : codes(genuiLint(fence.spec)),
    })),
    fallback: genuiReplyFallback(reply),
  };
}

const cases = readdirSync(CASES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe("reply cases (fixtures/genui)", () => {
  it("has clean, loose and error cases", () => {
    expect(cases.filter((name) => name.startsWith("loose-")).length).toBeGreaterThanOrEqual(8);
    expect(cases.filter((name) => name.startsWith("error-")).length).toBeGreaterThanOrEqual(2);
  });
  for (const name of cases) {
    it(name, () => {
      const folder = path.join(CASES, name);
      const reply = readFileSync(path.join(folder, "reply.md"), "utf8");
      const form = expectedForm(reply);
      const expectedFile = path.join(folder, "expected.json");
      if (UPDATE || !existsSync(expectedFile)) writeFileSync(expectedFile, `${JSON.stringify(form, null, 2)}\n`);
      expect(form).toEqual(JSON.parse(readFileSync(expectedFile, "utf8")));
      // A clean case has nothing to report; a loose or error case has something.
      const reported = form.fences.flatMap((fence) => [...fence.diagnostics, ...fence.lint]);
      if (name.startsWith("loose-") || name.startsWith("error-")) expect(reported.length).toBeGreaterThan(0);
      else expect(reported).toEqual([]);
    });
  }
});
