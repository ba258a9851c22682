/**
 * The host-link targets a block may name: `File`, `Diff`, `Commit` and `Node`
 * elements. A target is only what the model wrote; whether it belongs to the
 * project, and what it links to, is the host's decision (`UiLinkResolution`).
 */
import { z } from "zod";

/** Bounds on a link target's fields: generous for real repositories, small enough to store and log. */
export const UI_LINK_TARGET_LIMITS = {
  /** UTF-16 units of a file path; deep monorepo paths stay far below this. */
  path: 1_024,
  /** UTF-16 units of a revision (`base`/`head`): a branch, tag or sha. */
  revision: 256,
  /** UTF-16 units of a project model node reference. */
  ref: 256,
  /** Highest line number; no source file is longer. */
  line: 10_000_000,
} as const;

/** True when the text has no control characters (C0, DEL, C1): a path or ref shown as a chip must print as written. */
function printable(text: string): boolean {
  return !/[\u0000-\u001f\u007f-\u009f]/.test(text);
}

const PathSchema = z.string().min(1).max(UI_LINK_TARGET_LIMITS.path).refine(printable, "control character");
const RevisionSchema = z.string().min(1).max(UI_LINK_TARGET_LIMITS.revision).refine(printable, "control character");

/** A file in the project, optionally at a line. */
export const UiFileTargetSchema = z.strictObject({
  kind: z.literal("file"),
  path: PathSchema,
  line: z.number().int().min(1).max(UI_LINK_TARGET_LIMITS.line).optional(),
});

/** A diff: of one path and/or between two revisions (all optional: the host's default diff). */
export const UiDiffTargetSchema = z.strictObject({
  kind: z.literal("diff"),
  path: PathSchema.optional(),
  base: RevisionSchema.optional(),
  head: RevisionSchema.optional(),
});

/** A commit by its (possibly abbreviated) hexadecimal sha. */
export const UiCommitTargetSchema = z.strictObject({
  kind: z.literal("commit"),
  sha: z.string().regex(/^[0-9a-fA-F]{4,64}$/, "a commit sha is 4–64 hexadecimal digits"),
});

/** A node of the project model by its id. */
export const UiNodeTargetSchema = z.strictObject({
  kind: z.literal("node"),
  ref: z.string().min(1).max(UI_LINK_TARGET_LIMITS.ref).refine(printable, "control character"),
});

/** A host-link target named by a block, discriminated by `kind`. */
export const UiLinkTargetSchema = z.discriminatedUnion("kind", [
  UiFileTargetSchema,
  UiDiffTargetSchema,
  UiCommitTargetSchema,
  UiNodeTargetSchema,
]);
/** A host-link target named by a block, discriminated by `kind`. */
export type UiLinkTarget = z.infer<typeof UiLinkTargetSchema>;

/** The target kind of each host-link component. */
export const UI_LINK_COMPONENTS = {
  File: "file",
  Diff: "diff",
  Commit: "commit",
  Node: "node",
} as const satisfies Record<string, UiLinkTarget["kind"]>;
