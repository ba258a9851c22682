import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { GALLERY_CASES_FOLDER, loadGalleryReplies, titleOf, UI_EXAMPLES_FOLDER } = await import("./load-gallery-replies");

describe("loadGalleryReplies", () => {
  const replies = loadGalleryReplies();

  it("loads every example and every case", () => {
    const examples = readdirSync(path.join(process.cwd(), UI_EXAMPLES_FOLDER)).filter((name) => name.endsWith(".md"));
    const cases = readdirSync(path.join(process.cwd(), GALLERY_CASES_FOLDER)).filter((name) => name.endsWith(".md"));
    expect(replies.filter((reply) => reply.kind === "example")).toHaveLength(examples.length);
    expect(replies.filter((reply) => reply.kind === "case")).toHaveLength(cases.length);
    expect(new Set(replies.map((reply) => reply.id)).size).toBe(replies.length);
  });

  it("compiles every block as final, as plain JSON, without diagnostics in the examples", () => {
    for (const reply of replies) {
      const blocks = reply.segments.flatMap((segment) => (segment.kind === "block" ? [segment.block] : []));
      expect(blocks.length, reply.id).toBeGreaterThan(0);
      for (const block of blocks) {
        expect(block.complete, `${reply.id} ${block.id}`).toBe(true);
        expect(Object.getOwnPropertyDescriptor(block, "fallback")?.get).toBeUndefined();
        if (reply.kind === "example") expect(block.diagnostics, `${reply.id} ${block.id}`).toEqual([]);
      }
    }
  });

  it("titles a reply from its file name", () => {
    expect(titleOf("01-build-status")).toBe("Build status");
    expect(titleOf("broken-diagram")).toBe("Broken diagram");
  });
});
