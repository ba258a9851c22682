import { describe, expect, it } from "vitest";
import { activePath, newestLeafUnder, versionGroups, type TreeNode } from "./thread-tree";

// u1 → a1 → u2 → a2            (the first branch)
//         ↘ u2b → a2b → u3     (u2 edited; a2b regenerated as a2c)
//                ↘ a2c
const nodes: (TreeNode & { silent?: boolean })[] = [
  { id: "u1", parentId: null, sequence: 1 },
  { id: "a1", parentId: "u1", sequence: 2 },
  { id: "u2", parentId: "a1", sequence: 3 },
  { id: "a2", parentId: "u2", sequence: 4 },
  { id: "u2b", parentId: "a1", sequence: 5 },
  { id: "a2b", parentId: "u2b", sequence: 6 },
  { id: "u3", parentId: "a2b", sequence: 7 },
  { id: "a2c", parentId: "u2b", sequence: 8 },
];

describe("the thread tree", () => {
  it("reads the path from the root to the active leaf", () => {
    expect(activePath(nodes, "a2").map((node) => node.id)).toEqual(["u1", "a1", "u2", "a2"]);
    expect(activePath(nodes, "u3").map((node) => node.id)).toEqual(["u1", "a1", "u2b", "a2b", "u3"]);
  });

  it("reads an unknown or missing leaf as the newest message", () => {
    expect(activePath(nodes, null).map((node) => node.id)).toEqual(["u1", "a1", "u2b", "a2c"]);
    expect(activePath(nodes, "gone").map((node) => node.id)).toEqual(["u1", "a1", "u2b", "a2c"]);
    expect(activePath([], null)).toEqual([]);
  });

  it("stops at a cycle a corrupted row could make", () => {
    const looped = [
      { id: "x", parentId: "y", sequence: 1 },
      { id: "y", parentId: "x", sequence: 2 },
    ];
    expect(activePath(looped, "y").map((node) => node.id)).toEqual(["x", "y"]);
  });

  it("follows the newest child down from a picked version", () => {
    expect(newestLeafUnder(nodes, "u2")?.id).toBe("a2");
    expect(newestLeafUnder(nodes, "u2b")?.id).toBe("a2c");
    expect(newestLeafUnder(nodes, "a2b")?.id).toBe("u3");
    expect(newestLeafUnder(nodes, "nope")).toBeNull();
  });

  it("groups the versions of each turn on the path, in the order they were written", () => {
    expect(versionGroups(nodes, activePath(nodes, "u3"))).toEqual([
      { parentId: "a1", messageIds: ["u2", "u2b"] },
      { parentId: "u2b", messageIds: ["a2b", "a2c"] },
    ]);
    expect(versionGroups(nodes, activePath(nodes, "a1"))).toEqual([]);
  });

  it("leaves out siblings that do not count (a silent action turn is no version of a typed one)", () => {
    const withSilent = [...nodes, { id: "s1", parentId: "a2", sequence: 9, silent: true }, { id: "u4", parentId: "a2", sequence: 10 }];
    const path = activePath(withSilent, "u4");
    expect(versionGroups(withSilent, path, (node) => !node.silent).filter((group) => group.parentId === "a2")).toEqual([]);
  });
});
