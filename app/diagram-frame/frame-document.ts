import "server-only";
/**
 * The isolated diagram frame's document and policy: a blank page that loads
 * mermaid's bundle and the frame's script (frame-script.ts, with its
 * settings as data), under a policy that lets those two run and nothing
 * load (lib/security/diagram-frame-policy.ts).
 */
import { createHash } from "node:crypto";
import { DIAGRAM_FRAME_MESSAGES } from "@/app/_components/widgets/mermaid-diagram/diagram-frame-protocol";
import { MERMAID_FRAME_RENDER_ID, MERMAID_MAX_SOURCE_CHARACTERS, mermaidConfig } from "@/app/_components/widgets/mermaid-diagram/mermaid-config";
import { DIAGRAM_FRAME_MERMAID_PATH, diagramFramePolicy } from "@/lib/security/diagram-frame-policy";
import { runDiagramFrame, type DiagramFrameSettings } from "./frame-script";
import { mermaidBundle } from "./mermaid-bundle";
import { disarmHandlerMarkup } from "./disarm-handler-markup";
import { neutralizeFrameCss } from "./neutralize-frame-css";

/** What the frame's script is given. */
const SETTINGS: DiagramFrameSettings = {
  messages: DIAGRAM_FRAME_MESSAGES,
  configs: { light: mermaidConfig("light"), dark: mermaidConfig("dark") },
  renderId: MERMAID_FRAME_RENDER_ID,
  maxSourceCharacters: MERMAID_MAX_SOURCE_CHARACTERS,
  maxErrorCharacters: 1_500,
  placeholderImageSize: 64,
};

/** JSON that is safe inside a `<script>` element: no `<` that could close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The frame's inline script: the guard and the runner, serialized, called with the settings. */
export const DIAGRAM_FRAME_SCRIPT = `(${runDiagramFrame.toString()})(${scriptJson(SETTINGS)}, ${neutralizeFrameCss.toString()}, ${disarmHandlerMarkup.toString()});`;

/** The inline script's hash source, for the policy. */
export const DIAGRAM_FRAME_SCRIPT_HASH = `'sha256-${createHash("sha256").update(DIAGRAM_FRAME_SCRIPT).digest("base64")}'`;

/** Host names we put in a policy as they are; anything else falls back to a policy that runs no bundle. */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/** The frame's document and its policy, for a request that reached the server as `origin` (scheme and host). */
export function diagramFrameResponseParts(origin: { protocol: string; host: string }): { html: string; policy: string } {
  const { version } = mermaidBundle();
  const scheme = origin.protocol === "https:" ? "https" : "http";
  // The bundle is named by its full URL (a path, not all of 'self'); an odd host gets no bundle, and the frame says the library did not load.
  const mermaidUrl = PLAIN_HOST.test(origin.host) ? `${scheme}://${origin.host}${DIAGRAM_FRAME_MERMAID_PATH}` : undefined;
  const html = [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    "<title>Diagram renderer</title>",
    `<script src="${DIAGRAM_FRAME_MERMAID_PATH}?v=${version}"></script>`,
    `<script>${DIAGRAM_FRAME_SCRIPT}</script>`,
    "</head>",
    "<body></body>",
    "</html>",
  ].join("\n");
  return { html, policy: diagramFramePolicy({ mermaidUrl, scriptHash: DIAGRAM_FRAME_SCRIPT_HASH }) };
}
