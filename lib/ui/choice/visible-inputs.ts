import type { UiViewNode } from "../evaluate/view-node";

/** One visible input control bound to a state variable. */
export type UiVisibleInput = { node: UiViewNode; prop: string };

/**
 * The visible input controls of an evaluated tree by the state variable they
 * bind. Hidden inputs (under a false `Show`, inside an invalid element) are
 * not in the tree, so they are not here either.
 */
export function uiVisibleInputs(nodes: readonly UiViewNode[]): Map<string, UiVisibleInput[]> {
  const inputs = new Map<string, UiVisibleInput[]>();
  const pending = [...nodes].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    for (const [prop, binding] of Object.entries(node.bindings)) {
      const list = inputs.get(binding.variable);
      if (list) list.push({ node, prop });
      else inputs.set(binding.variable, [{ node, prop }]);
    }
    for (let index = node.children.length - 1; index >= 0; index -= 1) pending.push(node.children[index] as UiViewNode);
  }
  return inputs;
}
