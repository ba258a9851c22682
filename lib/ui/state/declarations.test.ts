import { describe, expect, it } from "vitest";
import type { UiBlock } from "../envelope/schema";
import { blockBuilder } from "../evaluate/testing/block-builder";
import { uiBlockDeclarations } from "./declarations";

describe("uiBlockDeclarations", () => {
  it("keeps the first declaration of each safe name and skips what is not a declaration", () => {
    const b = blockBuilder();
    const first = b.state("x", 1);
    const block = b.block([], [first, b.state("x", 2), b.state("constructor", 1), null as never, { kind: "state" } as never]);
    expect(uiBlockDeclarations(block)).toEqual([first]);
    expect(uiBlockDeclarations({ ...block, declarations: "nope" } as unknown as UiBlock)).toEqual([]);
  });
});
