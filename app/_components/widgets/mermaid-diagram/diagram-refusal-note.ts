/**
 * The note under a diagram some of whose parts were not shown (an image
 * shape's picture, an icon, a link, a fill from another address): said in
 * plain words, so a diagram is never silently broken.
 */
import { DIAGRAM_REMOVALS, type DiagramRemoval } from "./clean-diagram-svg";

/** How each kind of removal is named to a person. */
const REMOVAL_NAMES: Record<DiagramRemoval, string> = {
  image: "images or icons",
  html: "labels written as HTML",
  link: "links",
  reference: "styles from elsewhere",
  script: "scripts",
};

/** `a`, `a and b`, `a, b and c`. */
function listed(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** The note for what was removed from a diagram, or undefined when nothing was. */
export function diagramRefusalNote(removed: readonly DiagramRemoval[]): string | undefined {
  const parts = DIAGRAM_REMOVALS.filter((kind) => removed.includes(kind)).map((kind) => REMOVAL_NAMES[kind]);
  if (parts.length === 0) return undefined;
  return `This diagram uses ${listed(parts)}, which are not shown here: a diagram never loads anything from elsewhere.`;
}
