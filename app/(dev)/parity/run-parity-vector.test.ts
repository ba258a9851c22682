import { describe, expect, test } from "vitest";
import { loadParityVectors } from "./load-parity-vectors";
import { runParityVector } from "./run-parity-vector";

describe("runParityVector", () => {
  const vectors = loadParityVectors();

  test("passes every vector, as the parity page will in the browser", () => {
    const failing = vectors.filter(({ json }) => runParityVector(json).difference !== undefined).map(({ id }) => id);
    expect(failing).toEqual([]);
  });

  test("fails a vector whose expected value is wrong, and says where", () => {
    const vector = vectors.find(({ id }) => id === "ui-show-switch-toggle");
    if (vector === undefined) throw new Error("the vector is part of the fixtures");
    const broken = JSON.parse(vector.json) as { expected: { state: Record<string, unknown> } };
    broken.expected.state.details = false;
    expect(runParityVector(JSON.stringify(broken)).difference).toBe("$.state.details");
  });
});
