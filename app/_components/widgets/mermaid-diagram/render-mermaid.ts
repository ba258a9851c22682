/**
 * Draws mermaid source for the page: mermaid runs in the isolated diagram
 * frame (diagram-frame.ts), where whatever a diagram names cannot be
 * reached, and only the SVG the page's own cleaner rebuilds from an
 * allowlist (clean-diagram-svg.ts) comes back. mermaid itself is never part
 * of the page's scripts.
 */
import type { ColorScheme } from "../theme/use-color-scheme";
import { cleanDiagramSvg, DIAGRAM_REMOVALS, type DiagramRemoval } from "./clean-diagram-svg";
import { drawInFrame } from "./diagram-frame";
import { MERMAID_MAX_SOURCE_CHARACTERS } from "./mermaid-config";

export { MERMAID_MAX_EDGES, MERMAID_MAX_SOURCE_CHARACTERS } from "./mermaid-config";

/** A drawing's outcome: the cleaned SVG (of an inert document; import it) and what was left out, or why it could not be drawn. */
export type MermaidRenderResult = { svg: SVGSVGElement; removed: DiagramRemoval[] } | { error: string };

/**
 * Draws `source` into a clean SVG whose ids all start with `id` (unique per drawing on the page,
 * a letter first). A source past the cap is refused before the frame is asked.
 */
export async function renderMermaid(options: { id: string; source: string; scheme: ColorScheme }): Promise<MermaidRenderResult> {
  const { id, source, scheme } = options;
  if (source.length > MERMAID_MAX_SOURCE_CHARACTERS) {
    return { error: `The diagram is longer than ${MERMAID_MAX_SOURCE_CHARACTERS} characters.` };
  }
  const drawing = await drawInFrame({ source, scheme });
  if ("error" in drawing) return drawing;
  const cleaned = cleanDiagramSvg({ markup: drawing.svg, prefix: id });
  if ("error" in cleaned) return cleaned;
  // The frame's guards refuse some things before mermaid's output shows them (an image shape's picture).
  const removed = new Set<DiagramRemoval>([...cleaned.removed, ...drawing.refused]);
  return { svg: cleaned.svg, removed: DIAGRAM_REMOVALS.filter((kind) => removed.has(kind)) };
}
