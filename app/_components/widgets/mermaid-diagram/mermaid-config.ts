/**
 * How mermaid is set up, shared by the page (the caps it checks before
 * asking) and the isolated diagram frame (which passes this configuration to
 * mermaid). Plain data: the frame's route serializes it into the frame's
 * script.
 */
import type { ColorScheme } from "../theme/use-color-scheme";

/** Longest source drawn: mermaid's own default cap, kept explicit because the source is the model's. */
export const MERMAID_MAX_SOURCE_CHARACTERS = 50_000;

/** Most edges in one diagram: beyond this the layout takes seconds and the picture is unreadable anyway. */
export const MERMAID_MAX_EDGES = 500;

/**
 * Configuration a diagram may not override: mermaid's defaults (security level, caps, error
 * rendering), plus label HTML and the theme CSS and variables, through which a diagram could
 * otherwise bring back HTML labels or load a URL (`@import`, `url(…)`).
 */
export const MERMAID_SECURE_KEYS = [
  "secure",
  "securityLevel",
  "startOnLoad",
  "maxTextSize",
  "suppressErrorRendering",
  "maxEdges",
  "htmlLabels",
  "flowchart",
  "themeCSS",
  "themeVariables",
  "fontFamily",
  "altFontFamily",
] as const;

/** The id mermaid gives the drawing inside the frame; the page scopes every id again with the diagram's own. */
export const MERMAID_FRAME_RENDER_ID = "diagram";

/** What `mermaid.initialize` receives (the subset of its configuration we set). */
export type MermaidFrameConfig = {
  startOnLoad: false;
  securityLevel: "strict";
  theme: "default" | "dark";
  maxTextSize: number;
  maxEdges: number;
  suppressErrorRendering: true;
  htmlLabels: false;
  flowchart: { htmlLabels: false };
  secure: string[];
  fontFamily: string;
};

/**
 * mermaid's configuration for one colour scheme. `securityLevel: "strict"` makes mermaid encode
 * HTML in labels, disable click handlers and sanitize its output with DOMPurify; a diagram's own
 * `%%{init}%%` cannot change the security level or the caps.
 */
export function mermaidConfig(scheme: ColorScheme): MermaidFrameConfig {
  return {
    startOnLoad: false,
    securityLevel: "strict",
    theme: scheme === "dark" ? "dark" : "default",
    maxTextSize: MERMAID_MAX_SOURCE_CHARACTERS,
    maxEdges: MERMAID_MAX_EDGES,
    // Errors are shown by the widget, in place; mermaid must not draw its own "bomb" SVG.
    suppressErrorRendering: true,
    // Labels as SVG text, never HTML: an HTML label is a foreignObject, which the page never takes.
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    // What a diagram's own %%{init}%% or front matter may not change: ours and mermaid's own list.
    secure: [...MERMAID_SECURE_KEYS],
    // The same fonts in the frame (where text is measured) and in the page (where it is shown).
    fontFamily: "ui-sans-serif, system-ui, sans-serif",
  };
}
