import type { Root } from "mdast";
import { describe, expect, it } from "vitest";
import { MARKDOWN_MAX_NODES, MARKDOWN_MAX_TREE_DEPTH } from "./markdown-limits";
import { MarkdownLimitError, remarkBoundTree, treeLimit } from "./remark-bound-tree";

type Node = { type: string; children?: Node[] };

/** A chain of `depth` nested blockquotes, built without recursion. */
function chain(depth: number): Node {
  const root: Node = { type: "root", children: [] };
  let node = root;
  for (let level = 1; level < depth; level += 1) {
    const child: Node = { type: "blockquote", children: [] };
    node.children?.push(child);
    node = child;
  }
  return root;
}

/** The tree of "> quoted *text*". */
function ordinaryReply(): Root {
  return {
    type: "root",
    children: [{ type: "blockquote", children: [{ type: "paragraph", children: [{ type: "text", value: "quoted " }, { type: "emphasis", children: [{ type: "text", value: "text" }] }] }] }],
  };
}

/** A tree of `depth` nested blockquotes around a paragraph, as remark would parse `>>>… deep`. */
function quotes(depth: number): Root {
  let content: Root["children"][number] = { type: "paragraph", children: [{ type: "text", value: "deep" }] };
  for (let level = 0; level < depth; level += 1) content = { type: "blockquote", children: [content as never] };
  return { type: "root", children: [content] };
}

describe("treeLimit", () => {
  it("walks a tree a hundred thousand levels deep without recursing, and finds it too deep", () => {
    expect(treeLimit(chain(100_000))).toBe("nesting");
  });

  it("allows the deepest tree within the limit", () => {
    expect(treeLimit(chain(MARKDOWN_MAX_TREE_DEPTH))).toBeNull();
    expect(treeLimit(chain(MARKDOWN_MAX_TREE_DEPTH + 1))).toBe("nesting");
  });

  it("counts nodes", () => {
    const wide: Node = { type: "root", children: Array.from({ length: MARKDOWN_MAX_NODES }, () => ({ type: "text" })) };
    expect(treeLimit(wide)).toBe("nodes");
    wide.children?.pop();
    expect(treeLimit(wide)).toBeNull();
  });

  it("passes the tree of an ordinary reply", () => {
    expect(treeLimit(ordinaryReply())).toBeNull();
  });
});

describe("remarkBoundTree", () => {
  it("throws a MarkdownLimitError naming the limit for a tree past it", () => {
    const transform = remarkBoundTree();
    expect(() => transform(quotes(150))).toThrow(MarkdownLimitError);
    try {
      transform(quotes(150));
    } catch (error) {
      expect(error instanceof MarkdownLimitError && error.limit).toBe("nesting");
    }
    expect(() => transform(quotes(20))).not.toThrow();
    expect(() => transform(ordinaryReply())).not.toThrow();
  });
});
