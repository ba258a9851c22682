/**
 * The normalized view tree of the parity vectors: what a renderer draws and
 * nothing a host invents. Node ids (`<block>:<offset>#<iteration>`) are left
 * out — they are positions in one host's text, not meaning — and so are the
 * runnable halves of bindings and actions, which become their variable name
 * and source text.
 */
import type { UiViewNode } from "../evaluate/view-node";
import type { ParityUiNode } from "./ui-parity-vector";

/** Normalizes an evaluated tree (see fixtures/parity/README.md, "The ui view tree"). */
export function parityUiNodes(nodes: readonly UiViewNode[]): ParityUiNode[] {
  return nodes.map((node) => {
    const bindings = Object.entries(node.bindings);
    const actions = Object.entries(node.actions);
    // Keys in the order the README lists them, so a vector file reads the same way every time it is regenerated.
    return {
      type: node.type,
      props: structuredClone(node.props),
      ...(bindings.length > 0 ? { bindings: Object.fromEntries(bindings.map(([prop, binding]) => [prop, binding.variable])) } : {}),
      ...(actions.length > 0 ? { actions: Object.fromEntries(actions.map(([prop, action]) => [prop, action.expression])) } : {}),
      ...(node.complete ? {} : { incomplete: true as const }),
      children: parityUiNodes(node.children),
    };
  });
}
