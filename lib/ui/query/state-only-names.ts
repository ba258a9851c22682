import type { UiDeclaration } from "../envelope/schema";
import { uiExpressionVariables } from "../expression/analyze";
import type { UiBudget } from "../expression/budget";
import { parseUiExpression } from "../expression/parse";

/**
 * The declared names whose value depends on local state only: every state
 * variable, and every computed value that reads nothing but such names. A
 * computed value reading a query (directly or through others), an undeclared
 * name or itself (a cycle) is left out. Worked out in dependency order
 * without recursion, in time linear in the declarations and their reads.
 */
export function uiStateOnlyNames(declarations: readonly UiDeclaration[], budget: UiBudget): Set<string> {
  const allowed = new Set<string>();
  const computedReads = new Map<string, string[]>();
  const kinds = new Map<string, UiDeclaration["kind"]>();
  for (const declaration of declarations) kinds.set(declaration.name, declaration.kind);
  for (const declaration of declarations) {
    if (declaration.kind === "state") allowed.add(declaration.name);
    if (declaration.kind !== "computed") continue;
    try {
      computedReads.set(declaration.name, uiExpressionVariables(parseUiExpression(String(declaration.expression), budget)));
    } catch {
      // A computed value that does not parse depends on nothing usable.
    }
  }
  const waitingOn = new Map<string, number>();
  const readers = new Map<string, string[]>();
  const ready: string[] = [];
  for (const [name, reads] of computedReads) {
    let waiting = 0;
    let tainted = false;
    for (const read of new Set(reads)) {
      const kind = kinds.get(read);
      if (kind === "state") continue;
      if (kind !== "computed" || !computedReads.has(read)) {
        tainted = true;
        break;
      }
      waiting += 1;
      const list = readers.get(read);
      if (list) list.push(name);
      else readers.set(read, [name]);
    }
    if (tainted) continue;
    waitingOn.set(name, waiting);
    if (waiting === 0) ready.push(name);
  }
  for (let index = 0; index < ready.length; index += 1) {
    const name = ready[index] as string;
    allowed.add(name);
    for (const reader of readers.get(name) ?? []) {
      const remaining = waitingOn.get(reader);
      if (remaining === undefined) continue;
      waitingOn.set(reader, remaining - 1);
      if (remaining - 1 === 0) ready.push(reader);
    }
  }
  return allowed;
}
