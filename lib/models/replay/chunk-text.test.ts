import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REPLAY_CHUNK_MAX_CHARACTERS, chunkText } from "./chunk-text";

const SAMPLE = "Main is red: 3 of the 12 tests failed.\n\n```ui\n<Stat label=\"Failed\" value={3}/>\n```\n";

describe("chunkText", () => {
  it("gives the same pieces for the same seed and different pieces for another", () => {
    const first = chunkText(SAMPLE, { seed: 7 });
    expect(chunkText(SAMPLE, { seed: 7 })).toEqual(first);
    expect(chunkText(SAMPLE, { seed: 8 })).not.toEqual(first);
  });

  it("pieces concatenate to the text and are 1–12 characters long", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer(), (text, seed) => {
        const pieces = chunkText(text, { seed });
        expect(pieces.join("")).toBe(text);
        for (const piece of pieces) {
          expect(piece.length).toBeGreaterThanOrEqual(1);
          expect(piece.length).toBeLessThanOrEqual(REPLAY_CHUNK_MAX_CHARACTERS);
        }
      }),
    );
  });

  it("never splits a surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), fc.integer(), (text, seed) => {
        for (const piece of chunkText(text, { seed })) {
          // A lone surrogate at either end of a piece means a pair was split.
          expect(piece).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
        }
      }),
    );
  });

  it("mostly starts pieces at a word's leading space, like a tokenizer", () => {
    const text = "the quick brown fox jumps over the lazy dog ".repeat(20);
    const pieces = chunkText(text, { seed: 3 });
    const startingWithSpace = pieces.filter((piece) => piece.startsWith(" ")).length;
    expect(startingWithSpace / pieces.length).toBeGreaterThan(0.5);
  });
});
