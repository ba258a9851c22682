/**
 * The libraries' public surface is written for strangers: lib/ui and lib/genui
 * could be published as they are. Every exported declaration carries a doc
 * comment, and no exported declaration mentions `any`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const LIBRARIES = ["lib/ui", "lib/genui"];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "bench" || entry.name === "testing" ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && entry.name !== "test-support.ts" ? [full] : [];
  });
}

type Finding = { file: string; line: number; text: string };

function findings(file: string): { undocumented: Finding[]; anys: Finding[] } {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const undocumented: Finding[] = [];
  const anys: Finding[] = [];
  const where = (node: ts.Node): Finding => ({
    file,
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    text: node.getText(source).split("\n")[0]!.slice(0, 100),
  });
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.getJSDocCommentsAndTags(statement).length === 0) undocumented.push(where(statement));
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.AnyKeyword) anys.push(where(node.parent));
      ts.forEachChild(node, visit);
    };
    visit(statement);
  }
  return { undocumented, anys };
}

describe.each(LIBRARIES)("%s", (library) => {
  const files = sourceFiles(library);
  const all = files.map(findings);

  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it("documents every export", () => {
    expect(all.flatMap((result) => result.undocumented)).toEqual([]);
  });

  it("has no `any` in an exported declaration", () => {
    expect(all.flatMap((result) => result.anys)).toEqual([]);
  });
});
