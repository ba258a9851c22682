/**
 * The system prompt's section on artifacts: the three tools printed from
 * their definitions (`artifact-tools.ts`), the kinds, what a page may and may
 * not do in its sandbox, every cap from `ARTIFACT_LIMITS`, and the chat's
 * artifacts as they stand, so a model can edit one written in an earlier reply.
 * Which content goes to an artifact and which to a panel is the GenUI guide's
 * "GenUI or an artifact?" — not repeated here.
 */
import { z } from "zod";
import { describeSchema } from "@/lib/genui/guide/describe-schema";
import { formatBytes } from "./artifact-content";
import { ARTIFACT_KINDS, ARTIFACT_KIND_NOTES, type ArtifactKind } from "./artifact-kind";
import { ARTIFACT_TOOL_DEFINITIONS, ARTIFACT_TOOL_NAMES } from "./artifact-tools";
import { ARTIFACT_LIMITS } from "./limits";

const L = ARTIFACT_LIMITS;

/** One existing artifact, as the guide lists it. */
export type GuideArtifact = { path: string; kind: ArtifactKind; version: number; bytes: number };

/** Extensions the guide names per kind (the full list is `inferArtifactKind`'s). */
const KIND_EXTENSIONS: Readonly<Record<ArtifactKind, string>> = {
  markdown: "`.md`",
  html: "`.html`",
  svg: "`.svg`",
  code: "`.ts`, `.py`, `.go` and any other extension",
  csv: "`.csv`",
  json: "`.json`",
  text: "`.txt`, or no extension",
};

function toolText(name: (typeof ARTIFACT_TOOL_NAMES)[number]): string {
  const definition = ARTIFACT_TOOL_DEFINITIONS[name];
  const fields = Object.entries(definition.inputSchema.shape).map(([field, schema]) => {
    const optional = schema instanceof z.ZodOptional;
    const description = (schema as z.ZodType).description ?? (optional ? (schema.unwrap() as z.ZodType).description : undefined);
    return `- \`${field}${optional ? "?" : ""}: ${describeSchema(schema)}\` — ${description ?? ""}`;
  });
  return [`### \`${name}\``, definition.description, ...fields].join("\n");
}

function existingText(artifacts: readonly GuideArtifact[]): string {
  if (artifacts.length === 0) return "This chat has no artifacts yet.";
  return [
    "This chat's artifacts (call `show_artifact` to read one before you edit it):",
    ...artifacts.slice(0, L.artifactsPerChat).map((artifact) => `- \`${artifact.path}\` (${artifact.kind}, version ${artifact.version}, ${formatBytes(artifact.bytes)})`),
  ].join("\n");
}

/** The section, with the chat's current artifacts listed at its end. */
export function artifactsGuideText(artifacts: readonly GuideArtifact[] = []): string {
  return `# Artifacts: deliverables beside the conversation

Three tools write to this chat's Artifacts panel, where a deliverable outlives the reply: the person can reopen it, step through its versions, compare any two, copy it and download it. A reply that writes or edits one shows a chip that opens that version. Keep the reply itself short: say what you wrote and what to look at, do not repeat the artifact's text.

${ARTIFACT_TOOL_NAMES.map(toolText).join("\n\n")}

## Kinds
${ARTIFACT_KINDS.map((kind) => `- \`${kind}\` (${KIND_EXTENSIONS[kind]}): ${ARTIFACT_KIND_NOTES[kind]}`).join("\n")}

## Pages run in a sandbox
An \`html\` artifact is one self-contained document: put every script and style inline (\`<script>\`, \`<style>\`), and draw with the DOM, SVG or canvas — paste any small library you need into the page. It cannot reach the network (no CDN, no \`fetch\`, no external images or fonts: use inline SVG or \`data:\` URLs), has no cookies or storage, cannot open windows, submit forms, or touch the chat. Code that tries fails inside the page; nothing else notices.

## Caps
- An artifact's text: **${formatBytes(L.contentBytes)}** of UTF-8; no NUL character
- Artifacts per chat: **${L.artifactsPerChat}**; versions per artifact: **${L.versionsPerArtifact}**; all versions of all artifacts of a chat: **${formatBytes(L.chatBytes)}**
- A path: **${L.pathLength}** characters, **${L.pathSegments}** parts (\`folder/file.md\` is two)
- Edits per \`edit_file\` call: **${L.editsPerCall}**

A call past a cap fails with an error saying which, and changes nothing.

${existingText(artifacts)}`;
}
