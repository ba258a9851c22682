import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { evaluateUiBlock } from "@/lib/ui/evaluate/evaluate-block";
import { uiQueryFallback } from "@/lib/ui/query/query-fallback";
import { UiState } from "@/lib/ui/state";
import { galleryQueryValues, supplyGalleryQueries } from "./gallery-queries";

vi.mock("server-only", () => ({}));
const { compileGalleryReply, GALLERY_CASES_FOLDER } = await import("./load-gallery-replies");

/** A Friday in March 2025, late in the UTC day. */
const TODAY = Date.UTC(2025, 2, 14, 23, 30);

/** The gallery's date and grouping case, as the gallery compiles it. */
function caseBlock() {
  const text = readFileSync(path.join(process.cwd(), GALLERY_CASES_FOLDER, "dates-and-grouping.md"), "utf8");
  const [block] = compileGalleryReply(text, "case-dates-and-grouping");
  if (!block) throw new Error("the case has no block");
  return block;
}

describe("the gallery's dates and grouping case", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("compiles without diagnostics and evaluates over the demo rows without any", () => {
    const block = caseBlock();
    expect(block.diagnostics).toEqual([]);
    const state = new UiState(block);
    supplyGalleryQueries(state, block);
    expect(evaluateUiBlock(block, state).diagnostics).toEqual([]);
  });

  it("shows days since the last release, each release's week and month, and failing tests by owner", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(TODAY);
    const block = caseBlock();
    const text = uiQueryFallback(block, galleryQueryValues(block));
    // v2.4.0 shipped on 2025-03-03: eleven days before the 14th.
    expect(text).toContain("Days since the last release: 11 days");
    expect(text).toContain("Releases in February: 2");
    expect(text).toContain("Owners: 3");
    expect(text).toMatch(/v2\.4\.0.*2025-03-03.*2025-03-01.*11/);
    expect(text).toMatch(/v2\.3\.1.*2025-02-17.*2025-02-01.*24/);
    expect(text).toMatch(/ana.*2.*billing › rounds invoice totals; checkout › applies a coupon once/);
    expect(text).toMatch(/cy.*1.*profile › saves the avatar/);
    expect(text).not.toMatch(/\| bo /);
    expect(text).toContain("Today is 2025-03-14; v2.4.0 shipped on 2025-03-03, and the next weekly train leaves 2025-03-17.");
  });
});
