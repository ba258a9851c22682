import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { forEachGenuiNode, genuiLint, parseGenuiSpec, type GenuiNodeType } from "@/lib/genui";
import { GENUI_EXAMPLES_FOLDER, loadGenuiExamples } from "./load-genui-examples";

const examples = loadGenuiExamples();

describe("the GenUI examples", () => {
  test("every JSON file of the folder is read, in id order", () => {
    const files = readdirSync(path.join(process.cwd(), GENUI_EXAMPLES_FOLDER)).filter((name) => name.endsWith(".json"));
    expect(examples.map((example) => `${example.id}.json`)).toEqual([...files].sort());
  });

  const isTroubled = (id: string) => id.startsWith("hostile-") || id.startsWith("broken-");

  test.each(examples.filter((example) => !isTroubled(example.id)).map((example) => [example.id, example]))(
    "%s parses without a trim, a drop or a lint finding",
    (_id, example) => {
      const parsed = parseGenuiSpec(JSON.parse(example.specJson), { surface: example.surface });
      expect(parsed.diagnostics).toEqual([]);
      expect(parsed.spec).not.toBeNull();
      if (parsed.spec !== null) expect(genuiLint(parsed.spec)).toEqual([]);
    },
  );

  test.each(examples.filter((example) => example.id.startsWith("hostile-")).map((example) => [example.id, example]))(
    "%s is caught by the parser, which says what it cut",
    (_id, example) => {
      const parsed = parseGenuiSpec(JSON.parse(example.specJson), { surface: example.surface });
      expect(parsed.spec).not.toBeNull();
      expect(parsed.diagnostics.length).toBeGreaterThan(5);
    },
  );

  test.each(examples.filter((example) => example.id.startsWith("broken-")).map((example) => [example.id, example]))(
    "%s has nothing to render, and the parser says why",
    (_id, example) => {
      const parsed = parseGenuiSpec(JSON.parse(example.specJson), { surface: example.surface });
      expect(parsed.spec).toBeNull();
      expect(parsed.diagnostics.map((diagnostic) => diagnostic.code)).toContain("missing_items");
    },
  );

  test("together the examples use every node type on a surface that keeps it", () => {
    const used = new Set<GenuiNodeType>();
    for (const example of examples) {
      const parsed = parseGenuiSpec(JSON.parse(example.specJson), { surface: example.surface });
      if (parsed.spec !== null) forEachGenuiNode(parsed.spec.items, (node) => used.add(node.type));
    }
    const all: GenuiNodeType[] = [
      "row", "col", "card", "list", "keyvalue", "progress", "divider", "code", "link", "collapsible", "plot", "mermaid", "text",
      "stat", "badge", "callout", "table", "input", "select", "checkbox", "switch", "radio", "tabs", "slider", "number",
      "textarea", "quiz", "button",
    ];
    expect(all.filter((type) => !used.has(type))).toEqual([]);
  });
});
