/**
 * The system prompt's section on artifacts: the three tools by name, the
 * kinds, what a page may and may not do in its sandbox, every cap from
 * `ARTIFACT_LIMITS`, and the chat's artifacts as they stand, so a model can
 * edit one written in an earlier reply. The tools' descriptions and input
 * fields reach the model with the tool definitions themselves
 * (`artifact-tools.ts`), so they are not printed again here; which content
 * goes to an artifact is the system prompt's routing rule.
 */
import { formatBytes } from "./artifact-content";
import { ARTIFACT_KINDS, type ArtifactKind } from "./artifact-kind";
import { ARTIFACT_TOOL_NAMES } from "./artifact-tools";
import { ARTIFACT_LIMITS } from "./limits";

const L = ARTIFACT_LIMITS;

/** One existing artifact, as the guide lists it. */
export type GuideArtifact = { path: string; kind: ArtifactKind; version: number; bytes: number };

/** Extensions the guide names per kind (the full list is `inferArtifactKind`'s). */
const KIND_EXTENSIONS: Readonly<Record<ArtifactKind, string>> = {
  markdown: "`.md`",
  html: "`.html`",
  svg: "`.svg`",
  code: "any other extension",
  csv: "`.csv`",
  json: "`.json`",
  text: "`.txt` or none",
};

function existingText(artifacts: readonly GuideArtifact[]): string {
  if (artifacts.length === 0) return "This chat has no artifacts yet.";
  return [
    "This chat's artifacts (call `show_artifact` to read one before you edit it):",
    ...artifacts.slice(0, L.artifactsPerChat).map((artifact) => `- \`${artifact.path}\` (${artifact.kind}, version ${artifact.version}, ${formatBytes(artifact.bytes)})`),
  ].join("\n");
}

/** Options of {@link artifactsGuideText}. */
export type ArtifactsGuideOptions = {
  /** `compact` (for a compact system prompt) keeps the tools, the reply rule, the kinds and the rule that a call past a cap fails. */
  detail?: "full" | "compact";
};

/** The section, with the chat's current artifacts listed at its end. */
export function artifactsGuideText(artifacts: readonly GuideArtifact[] = [], options: ArtifactsGuideOptions = {}): string {
  const tools = ARTIFACT_TOOL_NAMES.map((name) => `\`${name}\``).join(", ");
  const kinds = `Kinds, by extension unless \`kind\` says otherwise: ${ARTIFACT_KINDS.map((kind) => `\`${kind}\` (${KIND_EXTENSIONS[kind]})`).join(", ")}.`;
  const heading = "# Artifacts: deliverables beside the conversation";
  const intro = `The tools ${tools} write to this chat's Artifacts panel, where a deliverable outlives the reply: the person can reopen it, compare versions and download it. Keep the reply short: say what you wrote and what to look at, never repeat its text.`;
  if (options.detail === "compact")
    return `${heading}\n\n${intro} The kind follows the extension (${ARTIFACT_KINDS.join(", ")}; code for any other). An html page is one self-contained document with no network. A call past a cap fails and changes nothing.\n\n${existingText(artifacts)}`;
  return `${heading}

${intro}

${kinds} A \`csv\` file, or a \`json\` array of objects, shows as a table; an \`svg\` is shown inert. An \`html\` page runs in a sandbox with no network, cookies, storage, windows or forms: make it one self-contained document, inlining every script, style, library, image and font. Only classic \`<script>\` elements run: attach handlers with addEventListener (\`on…=\` attributes, module scripts, \`eval\`, frames, \`<link>\` and \`<meta>\` do nothing).

Caps (a call past one fails, says which, and changes nothing): text ${formatBytes(L.contentBytes)} of UTF-8, no NUL; ${L.artifactsPerChat} artifacts per chat, ${L.versionsPerArtifact} versions each, ${formatBytes(L.chatBytes)} in all; a path ${L.pathLength} characters, ${L.pathSegments} parts; ${L.editsPerCall} edits per \`edit_file\` call.

${existingText(artifacts)}`;
}
