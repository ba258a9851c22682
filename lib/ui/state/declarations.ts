import type { UiBlock, UiDeclaration } from "../envelope/schema";
import { safeKey } from "../expression/value";

/**
 * The first declaration of each name, in source order. The compiler already
 * keeps only the first, but a stored or hand-made block is read defensively:
 * repeated names, forbidden names and entries that are not declarations are
 * skipped.
 */
export function uiBlockDeclarations(block: UiBlock): UiDeclaration[] {
  const seen = new Set<string>();
  const result: UiDeclaration[] = [];
  const declarations: unknown = block.declarations;
  if (!Array.isArray(declarations)) return result;
  for (const declaration of declarations as unknown[]) {
    if (typeof declaration !== "object" || declaration === null) continue;
    const name = (declaration as UiDeclaration).name;
    if (typeof name !== "string" || !safeKey(name) || seen.has(name)) continue;
    seen.add(name);
    result.push(declaration as UiDeclaration);
  }
  return result;
}
