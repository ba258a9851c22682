import { describe, expect, it } from "vitest";
import { forEachGenuiNode, parseGenuiSpec } from "@/lib/genui";
import { GenuiNodeSchema } from "@/lib/genui/schema/nodes";
import { UI_CATALOG } from "@/lib/ui/catalog";
import type { UiNode } from "@/lib/ui/envelope/schema";
import { loadGenuiExamples } from "../gallery-genui/load-genui-examples";
import { loadGalleryReplies } from "./load-gallery-replies";

/** The gallery is where a person sees every component of both dialects drawn: a component added to a catalog must be added to a gallery fixture too. */
describe("the gallery", () => {
  it("draws every component of the ```ui catalog", () => {
    const drawn = new Set<string>();
    const pending: UiNode[] = loadGalleryReplies().flatMap((reply) => reply.segments.flatMap((segment) => (segment.kind === "block" ? segment.block.nodes : [])));
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      drawn.add(node.type);
      pending.push(...node.children);
    }
    expect(Object.keys(UI_CATALOG).filter((name) => !drawn.has(name))).toEqual([]);
  });

  it("draws every node type of the octo-ui dialect", () => {
    const drawn = new Set<string>();
    for (const example of loadGenuiExamples()) {
      const spec = parseGenuiSpec(JSON.parse(example.specJson), { surface: example.surface }).spec;
      if (spec) forEachGenuiNode(spec.items, (node) => drawn.add(node.type));
    }
    const types = GenuiNodeSchema.options.map((option) => option.shape.type.value);
    expect(types.length).toBeGreaterThan(20);
    expect(types.filter((type) => !drawn.has(type))).toEqual([]);
  });
});
