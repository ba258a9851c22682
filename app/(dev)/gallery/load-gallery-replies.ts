import "server-only";
/**
 * Reads the replies the gallery draws: every hand-written example under
 * fixtures/ui-examples, then the renderer's own edge cases beside this file
 * (a broken diagram, hostile text). Each is compiled as final, as the chat
 * stores a finished reply.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { GALLERY_LATEST_ATTACHMENT, GALLERY_QUERY_SCHEMAS } from "./gallery-queries";
import { replySegments, type ReplySegment } from "./reply-segments";

/** Where the examples live, relative to the project root (where `next` and `vitest` run). */
export const UI_EXAMPLES_FOLDER = path.join("fixtures", "ui-examples");

/** Where the renderer's edge cases live, relative to the project root. */
export const GALLERY_CASES_FOLDER = path.join("app", "(dev)", "gallery", "cases");

/** One reply of the gallery. */
export type GalleryReply = {
  /** The file name without `.md`, prefixed by its kind: the section's anchor and the blocks' id. */
  id: string;
  /** A title made from the file name. */
  title: string;
  /** A hand-written example, or one of the renderer's edge cases. */
  kind: "example" | "case";
  /** The reply text. */
  text: string;
  /** Prose and compiled blocks, in order (blocks as plain JSON, the way they travel). */
  segments: ReplySegment[];
};

/** `01-build-status` → `Build status`. */
export function titleOf(name: string): string {
  const words = name.replace(/^\d+-/, "").replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Compiles a reply as final with the gallery's query sources; blocks become plain JSON (no lazy getters). */
export function compileGalleryReply(text: string, id: string): UiBlock[] {
  const blocks = compileUi(text, { id, final: true, querySchemas: GALLERY_QUERY_SCHEMAS, latestAttachment: GALLERY_LATEST_ATTACHMENT });
  return JSON.parse(JSON.stringify(blocks)) as UiBlock[];
}

function readReplies(folder: string, kind: GalleryReply["kind"]): GalleryReply[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".md") && name.toLowerCase() !== "readme.md")
    .sort()
    .map((name) => {
      const base = name.slice(0, -".md".length);
      const id = `${kind}-${base}`;
      const text = readFileSync(path.join(folder, name), "utf8");
      return { id, title: titleOf(base), kind, text, segments: replySegments(text, compileGalleryReply(text, id)) };
    });
}

/** Every example, then every case, each sorted by file name. */
export function loadGalleryReplies(root: string = process.cwd()): GalleryReply[] {
  return [...readReplies(path.join(root, UI_EXAMPLES_FOLDER), "example"), ...readReplies(path.join(root, GALLERY_CASES_FOLDER), "case")];
}
