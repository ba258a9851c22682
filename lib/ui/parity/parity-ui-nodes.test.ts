import { describe, expect, test } from "vitest";
import { compileUiBlock } from "../compile/compile-block";
import { evaluateUiBlock } from "../evaluate/evaluate-block";
import { UiState } from "../state/ui-state";
import { parityUiNodes } from "./parity-ui-nodes";

function view(source: string, final = true) {
  const block = compileUiBlock(source, { id: "b", final });
  return parityUiNodes(evaluateUiBlock(block, new UiState(block)).nodes);
}

describe("parityUiNodes", () => {
  test("keeps type, props and children and drops host ids", () => {
    expect(view("<Tag tone=\"info\">hi</Tag>")).toEqual([{ type: "Tag", props: { tone: "info" }, children: [{ type: "#text", props: { text: "hi" }, children: [] }] }]);
  });

  test("names bindings by variable and actions by source text, and only when there are some", () => {
    const [toggle, choices] = view('$on = false\n<Switch label="On" value={$on}/>\n<Choices><Choice id="x" label="X" run={@Reset()}/></Choices>');
    expect(toggle).toEqual({ type: "Switch", props: { label: "On", value: false }, bindings: { value: "on" }, children: [] });
    expect(choices?.bindings).toBeUndefined();
    expect(choices?.children[0]?.actions).toEqual({ run: "@Reset()" });
  });

  test("marks an element whose closing tag has not arrived", () => {
    const [callout] = view('<Callout tone="info">Still', false);
    expect(callout?.incomplete).toBe(true);
    expect(view("<Summary>Done</Summary>")[0]).not.toHaveProperty("incomplete");
  });

  test("leaves out what Show hides and repeats what Each repeats", () => {
    const nodes = view('$items = ["a", "b"]\n<Show when={false}><Summary>hidden</Summary></Show>\n<Each items={$items} as="item"><Tag>{item}</Tag></Each>');
    expect(nodes.map((node) => node.type)).toEqual(["Tag", "Tag"]);
  });
});
