/**
 * The Content-Security-Policy of the isolated diagram frame
 * (app/diagram-frame): the document in which mermaid draws a model's
 * diagram. It may run two scripts — mermaid's bundle (by its exact URL) and
 * the frame's own script (by hash) — and load nothing else: no image, font,
 * style sheet, connection, frame, worker, form target or base URL. Inline
 * styles stay (mermaid's SVG carries its own `<style>`). `sandbox
 * allow-scripts` keeps the document in an opaque origin however it is
 * opened (no cookies, no access to the app), and only the app's own pages
 * may frame it.
 */

/** The path of the frame's document (app/diagram-frame/route.ts). */
export const DIAGRAM_FRAME_PATH = "/diagram-frame";

/** The path of the mermaid bundle the frame's document loads (app/diagram-frame/mermaid.js/route.ts). */
export const DIAGRAM_FRAME_MERMAID_PATH = "/diagram-frame/mermaid.js";

/** Options of `diagramFramePolicy`. */
export type DiagramFramePolicyOptions = {
  /** The absolute URL of mermaid's bundle (no query: a source expression matches the path); absent, no bundle runs. */
  mermaidUrl: string | undefined;
  /** The frame script's hash source, `'sha256-…'`. */
  scriptHash: string;
};

/** The frame's policy as one header value. */
export function diagramFramePolicy(options: DiagramFramePolicyOptions): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    ["script-src", ...(options.mermaidUrl === undefined ? [] : [options.mermaidUrl]), options.scriptHash],
    ["style-src", "'unsafe-inline'"],
    ["img-src", "'none'"],
    ["font-src", "'none'"],
    ["connect-src", "'none'"],
    ["media-src", "'none'"],
    ["object-src", "'none'"],
    ["frame-src", "'none'"],
    ["worker-src", "'none'"],
    ["manifest-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'none'"],
    ["frame-ancestors", "'self'"],
    ["sandbox", "allow-scripts"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}
