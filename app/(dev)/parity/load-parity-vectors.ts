/**
 * Reads the parity vectors under fixtures/parity (see its README): one JSON
 * file per vector, its name (without `.json`) the vector's id. Each is
 * handed on as the file's JSON text as well, so the browser compares its own
 * results with the expected values as the file states them, not as a
 * server-side parse rebuilt them.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ParityVectorSchema, type ParityVector } from "./parity-vector";

/** The folder of the vectors, relative to the project root (where `next` and `vitest` run). */
export const PARITY_VECTORS_FOLDER = path.join("fixtures", "parity");

/** A vector ready for the parity page. */
export type LoadedParityVector = {
  /** The file name without `.json`. */
  id: string;
  vector: ParityVector;
  /** The file's text. */
  json: string;
};

/** Every vector, sorted by id; a malformed file throws (it is ours, and a test reads them all). */
export function loadParityVectors(root: string = process.cwd()): LoadedParityVector[] {
  const folder = path.join(root, PARITY_VECTORS_FOLDER);
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const json = readFileSync(path.join(folder, name), "utf8");
      const parsed = ParityVectorSchema.safeParse(JSON.parse(json));
      if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
      return { id: name.slice(0, -".json".length), vector: parsed.data, json };
    });
}
