/**
 * The caps on a chat's artifacts. Each one is stated to the model in the
 * system prompt (`artifacts-guide-text.ts`) and enforced by the tools with an
 * error the model can read and act on, never by silent truncation: an
 * artifact is a deliverable, and a cut one is a broken one.
 */
export const ARTIFACT_LIMITS = {
  /** UTF-8 bytes of one version (1 MiB): a long report or a page with its own inline charting code, far below a memory problem. */
  contentBytes: 1_048_576,
  /** Artifacts one chat may hold: a panel list a person can scan; a model writing more is looping. */
  artifactsPerChat: 50,
  /** Versions one artifact may have: an edit round per version leaves room for a long session of revisions. */
  versionsPerArtifact: 100,
  /** UTF-8 bytes of every version of every artifact of a chat (32 MiB): bounds what a looping model can make a chat store. */
  chatBytes: 33_554_432,
  /** Characters of a path: a readable file name with a folder or two, not a sentence. */
  pathLength: 120,
  /** Folders plus the file name in a path. */
  pathSegments: 4,
  /** Edits in one `edit_file` call; a rewrite larger than this is a `write_file`. */
  editsPerCall: 50,
  /** Characters of an artifact's text handed back to the model by `show_artifact` (about 25k tokens); longer text is cut with a note. */
  shownCharacters: 100_000,
} as const;
