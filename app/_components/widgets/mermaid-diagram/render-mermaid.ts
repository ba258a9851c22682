/**
 * Draws mermaid source to SVG in the browser. mermaid (large) is loaded on
 * first use only. Its configuration is global, so every drawing runs in one
 * queue with the configuration it needs, never interleaved with another.
 */
import type { ColorScheme } from "../theme/use-color-scheme";
import { inertSvg } from "./inert-svg";

/** Longest source drawn: mermaid's own default cap, kept explicit because the source is the model's. */
export const MERMAID_MAX_SOURCE_CHARACTERS = 50_000;

/** Most edges in one diagram: beyond this the layout takes seconds and the picture is unreadable anyway. */
export const MERMAID_MAX_EDGES = 500;

/**
 * Configuration a diagram may not override: mermaid's defaults (security level, caps, error
 * rendering), plus label HTML and the theme CSS and variables, through which a diagram could
 * otherwise bring back HTML labels or load a URL (`@import`, `url(…)`).
 */
const MERMAID_SECURE_KEYS = [
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

type Mermaid = (typeof import("mermaid"))["default"];

let mermaidModule: Promise<Mermaid> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Loads mermaid once; a failed load is retried next time. */
function loadMermaid(): Promise<Mermaid> {
  mermaidModule ??= import("mermaid").then(
    (loaded) => loaded.default,
    (error: unknown) => {
      mermaidModule = undefined;
      throw error;
    },
  );
  return mermaidModule;
}

/** The text of whatever mermaid threw. */
function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && "message" in error) return String((error as { message: unknown }).message);
  return String(error);
}

/** A drawing's outcome: the SVG mermaid made, or why it could not. */
export type MermaidRenderResult = { svg: string } | { error: string };

/**
 * Draws `source` into an SVG string with element ids prefixed by `id` (unique
 * per drawing). `securityLevel: "strict"` makes mermaid encode HTML in
 * labels, disable click handlers and sanitize its output with DOMPurify;
 * a diagram's own `%%{init}%%` cannot change the security level or the caps.
 * `inertSvg` then removes whatever could still load a URL (an `<img>` in a label).
 */
export function renderMermaid(options: { id: string; source: string; scheme: ColorScheme }): Promise<MermaidRenderResult> {
  const { id, source, scheme } = options;
  if (source.length > MERMAID_MAX_SOURCE_CHARACTERS) {
    return Promise.resolve({ error: `The diagram is longer than ${MERMAID_MAX_SOURCE_CHARACTERS} characters.` });
  }
  const run = async (): Promise<MermaidRenderResult> => {
    let mermaid: Mermaid;
    try {
      mermaid = await loadMermaid();
    } catch (error) {
      return { error: `The diagram library did not load: ${errorMessage(error)}` };
    }
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      theme: scheme === "dark" ? "dark" : "default",
      maxTextSize: MERMAID_MAX_SOURCE_CHARACTERS,
      maxEdges: MERMAID_MAX_EDGES,
      // Errors are shown by the widget, in place; mermaid must not add its own "bomb" SVG to the page.
      suppressErrorRendering: true,
      // Labels as SVG text, never HTML: strict mode still lets an <img> through in an HTML label, and
      // mermaid puts the diagram in the page to measure it, where that image would load.
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      // What a diagram's own %%{init}%% or front matter may not change: ours and mermaid's own list.
      secure: [...MERMAID_SECURE_KEYS],
      fontFamily: "ui-sans-serif, system-ui, sans-serif",
    });
    try {
      await mermaid.parse(source);
      const { svg } = await mermaid.render(id, source);
      return { svg: inertSvg(svg) };
    } catch (error) {
      return { error: errorMessage(error) };
    } finally {
      // mermaid measures text in a temporary element; make sure none is left behind after a failure.
      if (typeof document !== "undefined") {
        document.getElementById(id)?.remove();
        document.getElementById(`d${id}`)?.remove();
      }
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
