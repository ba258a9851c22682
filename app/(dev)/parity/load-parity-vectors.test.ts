import { describe, expect, test } from "vitest";
import { loadParityVectors } from "./load-parity-vectors";

describe("loadParityVectors", () => {
  const vectors = loadParityVectors();

  test("reads every vector file and validates it with ParityVectorSchema", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(25);
  });

  test("names each file after its dialect, so a reader of the folder sees which runner it needs", () => {
    for (const { id, vector } of vectors) expect(id.startsWith(`${vector.dialect}-`), id).toBe(true);
  });

  test("covers both dialects", () => {
    expect(vectors.filter(({ vector }) => vector.dialect === "ui").length).toBeGreaterThanOrEqual(15);
    expect(vectors.filter(({ vector }) => vector.dialect === "octo-ui").length).toBeGreaterThanOrEqual(10);
  });

  test("gives an octo-ui fence vector a reply and a tool vector a spec", () => {
    for (const { id, vector } of vectors) {
      if (vector.dialect !== "octo-ui") continue;
      if (vector.surface === "fence") expect(vector.reply, id).toBeTypeOf("string");
      else expect(vector.spec, id).toBeDefined();
    }
  });
});
