import { isValidElement } from "react";
import { describe, expect, it } from "vitest";
import { codeLanguage, HIGHLIGHT_MAX_CHARACTERS, highlightCode, highlightTree } from "./highlight-code";

/** Every string attribute and text value anywhere in a hast tree. */
function treeStrings(node: unknown, out: string[] = []): string[] {
  if (typeof node !== "object" || node === null) return out;
  const record = node as { value?: unknown; properties?: Record<string, unknown>; children?: unknown[] };
  if (typeof record.value === "string") out.push(record.value);
  for (const child of record.children ?? []) treeStrings(child, out);
  return out;
}

describe("codeLanguage", () => {
  it("knows the shipped grammars and their common aliases", () => {
    for (const name of ["javascript", "js", "jsx", "typescript", "ts", "tsx", "go", "golang", "python", "py", "bash", "sh", "shell", "zsh", "json", "xml", "html", "svg"]) {
      expect(codeLanguage(name), name).toBe(name);
    }
    expect(codeLanguage("TS")).toBe("ts");
  });

  it("leaves other languages plain", () => {
    expect(codeLanguage("rust")).toBeUndefined();
    expect(codeLanguage("sql")).toBeUndefined();
    expect(codeLanguage("__proto__")).toBeUndefined();
    expect(codeLanguage(undefined)).toBeUndefined();
  });
});

describe("highlightTree", () => {
  it("keeps markup in the code as text nodes, never as elements", () => {
    const code = 'const html = "<img src=x onerror=alert(1)>"; // ]]>';
    const tree = highlightTree(code, "ts");
    expect(tree).toBeDefined();
    expect(treeStrings(tree).join("")).toBe(code);
    const tags = new Set<string>();
    const visit = (node: { tagName?: string; children?: unknown[] }) => {
      if (node.tagName) tags.add(node.tagName);
      for (const child of node.children ?? []) visit(child as { tagName?: string; children?: unknown[] });
    };
    visit(tree as never);
    expect([...tags]).toEqual(["span"]);
  });

  it("gives up on code past the limit", () => {
    expect(highlightTree("x".repeat(HIGHLIGHT_MAX_CHARACTERS + 1), "js")).toBeUndefined();
  });
});

describe("highlightCode", () => {
  it("returns React elements for a known language and the plain string otherwise", () => {
    const highlighted = highlightCode("let a = 1", "js");
    expect(isValidElement(highlighted)).toBe(true);
    expect(highlightCode("fn main() {}", "rust")).toBe("fn main() {}");
  });
});
