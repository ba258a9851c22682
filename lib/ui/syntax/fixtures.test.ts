/**
 * Parser cases as folders (Svelte's `parser-modern/samples`): each
 * `fixtures/ui-syntax/<case>/input.ui` is parsed and compared with its
 * `expected.json`; `UPDATE_FIXTURES=1` rewrites them. An `options.json` with
 * `{"final": false}` parses the input as a body still streaming. Recovery
 * cases are named `loose-…`; diagnostics are kept as `{code, range}`, so their
 * wording can change without touching the cases.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { UI_LIMITS } from "../limits";
import { parseUiSyntax, uiSyntaxOfState } from "./parse";
import { UiSyntaxParser } from "./parser";
import type { UiSyntax, UiSyntaxNode } from "./types";

const CASES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../fixtures/ui-syntax");
const UPDATE = process.env.UPDATE_FIXTURES === "1";

/** The case's expected form: the whole syntax, with diagnostics as `{code, range}`. */
function expectedForm(syntax: UiSyntax) {
  return {
    complete: syntax.complete,
    declarations: syntax.declarations.map((declaration) => ({ name: declaration.name, expression: declaration.expression, range: declaration.range })),
    nodes: syntax.nodes.map(nodeForm),
    diagnostics: syntax.diagnostics.map((diagnostic) => ({ code: diagnostic.code, range: diagnostic.range })),
  };
}

function nodeForm(node: UiSyntaxNode): unknown {
  switch (node.kind) {
    case "element":
      return {
        element: node.name,
        range: node.range,
        props: node.props.map((prop) => ({ name: prop.name, kind: prop.kind, value: prop.value, range: prop.range, ...(prop.complete ? {} : { complete: false }) })),
        ...(node.selfClosing ? { selfClosing: true } : {}),
        ...(node.tagComplete ? {} : { tagComplete: false }),
        ...(node.complete ? {} : { complete: false }),
        ...(node.literal ? { literal: node.literal.text } : {}),
        ...(node.children.length > 0 ? { children: node.children.map(nodeForm) } : {}),
      };
    case "text":
      return { text: node.text, range: node.range, ...(node.complete ? {} : { complete: false }) };
    case "expression":
      return { expression: node.source, range: node.range };
    case "comment":
      return { comment: node.text, range: node.range };
  }
}

const cases = readdirSync(CASES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe("parser cases (fixtures/ui-syntax)", () => {
  it("has the corpus: at least 40 malformed inputs", () => {
    expect(cases.filter((name) => name.startsWith("loose-")).length).toBeGreaterThanOrEqual(40);
  });

  for (const name of cases) {
    it(name, () => {
      const folder = path.join(CASES, name);
      const input = readFileSync(path.join(folder, "input.ui"), "utf8");
      const optionsFile = path.join(folder, "options.json");
      const final = existsSync(optionsFile) ? (JSON.parse(readFileSync(optionsFile, "utf8")) as { final?: boolean }).final !== false : true;
      // A clock that never moves: the parse is compared with the stored case, which a busy machine must not change.
      const syntax = parseUiSyntax(input, { final, now: () => 0 });
      const form = expectedForm(syntax);
      const expectedFile = path.join(folder, "expected.json");
      if (UPDATE || !existsSync(expectedFile)) writeFileSync(expectedFile, `${JSON.stringify(form, null, 2)}\n`);
      expect(form).toEqual(JSON.parse(readFileSync(expectedFile, "utf8")));

      // Every diagnostic has a code and a range inside the input.
      for (const diagnostic of syntax.diagnostics) {
        expect(diagnostic.code.length).toBeGreaterThan(0);
        expect(diagnostic.range.start).toBeGreaterThanOrEqual(0);
        expect(diagnostic.range.end).toBeGreaterThanOrEqual(diagnostic.range.start);
        expect(diagnostic.range.end).toBeLessThanOrEqual(input.length);
      }
      if (name.startsWith("loose-")) expect(syntax.diagnostics.length, "a malformed input is diagnosed").toBeGreaterThan(0);
      // Content never parses to a blank result: what was written is kept, or said to be refused.
      if (input.trim().length > 0 && final) expect(syntax.nodes.length + syntax.declarations.length + syntax.diagnostics.length).toBeGreaterThan(0);

      // One character at a time gives the same result as the whole input.
      const parser = new UiSyntaxParser({ now: () => 0 });
      for (let end = 1; end <= input.length; end++) parser.feed(input.slice(0, end));
      expect(expectedForm(uiSyntaxOfState(parser.view(final), UI_LIMITS.diagnostics))).toEqual(form);
    });
  }
});
