import "server-only";
/**
 * mermaid's own browser bundle (`dist/mermaid.min.js`, one file that sets
 * `window.mermaid`), served to the diagram frame from node_modules. Read
 * once; its version in URLs is a digest of its bytes, so a new mermaid is
 * a new URL and the old one can be cached for good.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/** Where the bundle lives, relative to the project root (where `next` runs). */
const MERMAID_BUNDLE_FILE = path.join("node_modules", "mermaid", "dist", "mermaid.min.js");

/** The bundle's bytes and the digest that names this version. */
export type MermaidBundle = { code: Buffer; version: string };

let bundle: MermaidBundle | undefined;

/** The bundle, read on first use. */
export function mermaidBundle(): MermaidBundle {
  if (bundle === undefined) {
    const code = readFileSync(path.join(process.cwd(), MERMAID_BUNDLE_FILE));
    bundle = { code, version: createHash("sha256").update(code).digest("hex").slice(0, 16) };
  }
  return bundle;
}
