/**
 * The ui parity vectors (fixtures/parity/*.json with `"dialect": "ui"`) on
 * the server. `UPDATE_PARITY=1` rewrites each vector's `expected` from what
 * the library does now — review the diff by eye: the vectors are a contract
 * other clients implement, so a wrong expected value is a bug.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { runUiParityVector } from "./run-ui-parity-vector";
import { UiParityInputSchema, UiParityVectorSchema } from "./ui-parity-vector";

const FOLDER = path.join(process.cwd(), "fixtures", "parity");
const UPDATE = process.env.UPDATE_PARITY === "1";

/** The vectors of this dialect, by file name. */
const files = readdirSync(FOLDER)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({ name, raw: JSON.parse(readFileSync(path.join(FOLDER, name), "utf8")) as Record<string, unknown> }))
  .filter((file) => file.raw.dialect === "ui");

describe("ui parity vectors", () => {
  test("there are vectors to run", () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
  });

  for (const { name, raw } of files) {
    test(name, () => {
      const { expected, ...rest } = raw;
      const input = UiParityInputSchema.parse(rest);
      // JSON's own round trip: the vector is compared as the file states it, with no undefined keys or shared objects.
      const actual: unknown = JSON.parse(JSON.stringify(runUiParityVector(input).result));
      if (UPDATE) {
        writeFileSync(path.join(FOLDER, name), `${JSON.stringify({ ...rest, expected: actual }, null, 2)}\n`);
        return;
      }
      UiParityVectorSchema.parse(raw);
      expect(actual).toStrictEqual(expected);
    });
  }
});
