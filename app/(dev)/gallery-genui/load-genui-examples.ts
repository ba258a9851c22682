/**
 * Reads the GenUI examples under fixtures/genui-examples (see its README):
 * one JSON file per example. The spec is handed on as JSON text, the way a
 * panel arrives over the wire, so the renderer parses it like the chat does.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The folder of the examples, relative to the project root (where `next` and `vitest` run). */
export const GENUI_EXAMPLES_FOLDER = path.join("fixtures", "genui-examples");

/** One example file: what it shows, its surface, and the spec as a model would send it. */
export const GenuiExampleFileSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  surface: z.enum(["tool", "fence"]),
  spec: z.unknown(),
});

/** An example ready for the gallery. */
export type GenuiExample = {
  /** The file name without `.json`; also the gallery section's anchor. */
  id: string;
  title: string;
  description: string;
  surface: "tool" | "fence";
  /** The spec as JSON text. */
  specJson: string;
};

/** Every example, sorted by id; a malformed file throws (it is ours, and a test reads them all). */
export function loadGenuiExamples(root: string = process.cwd()): GenuiExample[] {
  const folder = path.join(root, GENUI_EXAMPLES_FOLDER);
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const file = GenuiExampleFileSchema.parse(JSON.parse(readFileSync(path.join(folder, name), "utf8")));
      return {
        id: name.slice(0, -".json".length),
        title: file.title,
        description: file.description,
        surface: file.surface,
        specJson: JSON.stringify(file.spec),
      };
    });
}
