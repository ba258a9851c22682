/**
 * The `fields` of an `[octo-ui-action]` envelope: every field of the fence at
 * the moment a button fires, not just the button's own data.
 */
import { genuiControlValue } from "../interaction/control-value";
import type { GenuiFieldValues } from "../schema/condition";
import type { GenuiControlNode, GenuiNode } from "../schema/nodes";
import type { GenuiSpec } from "../schema/spec";
import { forEachGenuiNode } from "../schema/walk-nodes";

function isControl(node: GenuiNode): node is GenuiControlNode {
  return "field" in node;
}

/**
 * Every field of `spec` with a value: the user's value, else the control's
 * starting value (so an untouched range select still reports "30d"). A field
 * with neither is left out — the model wrote the spec and reads an absent
 * field as "not set". Controls hidden by `visibleWhen` or sitting in another
 * tab count too: the guide says every field of the fence.
 */
export function genuiActionFields(spec: GenuiSpec, fields: GenuiFieldValues): GenuiFieldValues {
  const values: GenuiFieldValues = {};
  forEachGenuiNode(spec.items, (node) => {
    if (!isControl(node) || Object.hasOwn(values, node.field)) return;
    const value = genuiControlValue(node, fields);
    if (value !== undefined) values[node.field] = value;
  });
  return values;
}
