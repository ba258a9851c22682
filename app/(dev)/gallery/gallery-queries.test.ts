import { describe, expect, it } from "vitest";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { UiState } from "@/lib/ui/state";
import { GALLERY_QUERY_DATA, GALLERY_QUERY_SCHEMAS, galleryQueryValues, supplyGalleryQueries } from "./gallery-queries";

const TEXT = '```ui\n$runs = @Query("tests", {branch: "main"})\n$limit = 3\n<Summary>{@Count($runs)} runs</Summary>\n```\n';

describe("gallery queries", () => {
  it("gives each declared query its source's demo rows, by declared name", () => {
    const [block] = compileUi(TEXT, { id: "g", final: true, querySchemas: GALLERY_QUERY_SCHEMAS });
    expect(block).toBeDefined();
    if (!block) return;
    expect(galleryQueryValues(block)).toEqual({ runs: GALLERY_QUERY_DATA.tests });
    const state = new UiState(block);
    expect(state.value("runs")).toBeNull();
    supplyGalleryQueries(state, block);
    expect(state.value("runs")).toEqual(GALLERY_QUERY_DATA.tests);
  });
});
