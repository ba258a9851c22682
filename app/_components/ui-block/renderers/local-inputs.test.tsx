import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { UiState } from "@/lib/ui/state";
import { compileBody, renderBody, visibleText } from "../testing";
import { UiBlockView } from "../ui-block-view";

const INPUTS = `$failedOnly = true
$limit = 5
$period = "week"
$changelog = false
$note = "Ship it"
<Switch label="Failed only" value={$failedOnly}/>
<Slider label="Show at most" min={1} max={20} value={$limit} unit="tests"/>
<Segmented label="Period" value={$period}>
  <Option value="day" label="Day"/>
  <Option value="week" label="Week"/>
</Segmented>
<Checklist title="Before the release">
  <Item label="Changelog written" checked={$changelog}/>
  <Item label="Tests green" checked/>
</Checklist>
<TextField label="Release note" value={$note} placeholder="One line"/>
<TextField label="Details" value={$note} multiline/>`;

describe("Local input renderers", () => {
  it("labels every input and shows the bound values", () => {
    const markup = renderBody(INPUTS);
    expect(markup).toMatch(/<input type="checkbox" role="switch"[^>]*checked=""/);
    expect(markup).toContain("Failed only");
    expect(markup).toMatch(/<label for="([^"]+)"[^>]*>Show at most<\/label>.*<input id="\1" type="range" min="1" max="20" step="1"[^>]*value="5"/s);
    expect(markup).toContain("5 tests");
    expect(markup).toContain("<legend");
    expect(markup).toMatch(/<input type="radio"[^>]*checked="" value="week"/);
    expect(markup).toMatch(/<input type="radio"[^>]*value="day"\/>/);
    expect(markup).toContain("1 of 2 done");
    expect(markup).toMatch(/<label for="([^"]+)"[^>]*>Release note<\/label><input id="\1" type="text"[^>]*placeholder="One line" value="Ship it"/);
    expect(markup).toMatch(/<textarea[^>]*>Ship it<\/textarea>/);
  });

  it("enables bound inputs and disables one that is not bound", () => {
    const markup = renderBody(INPUTS);
    const checkboxes = [...markup.matchAll(/<input type="checkbox"[^>]*>/g)].map((match) => match[0]);
    expect(checkboxes.map((box) => box.includes("disabled"))).toEqual([false, false, true]);
  });

  it("disables inputs while their element is still arriving", () => {
    const markup = renderToStaticMarkup(<UiBlockView block={compileBody(`$on = false\n<Switch label="On" value={$on}/>\n<Slider label="Limit" min={1} max={9} value={`, { final: false })} />);
    expect(markup).toMatch(/role="switch"[^>]*\/>/);
    expect(markup).not.toMatch(/role="switch"[^>]*disabled/);
  });

  it("shows the values of a host's state", () => {
    const block = compileBody(INPUTS);
    const state = new UiState(block);
    state.set("limit", 12);
    state.set("period", "day");
    state.set("note", "<img src=x onerror=alert(1)>");
    const markup = renderToStaticMarkup(<UiBlockView block={block} state={state} />);
    expect(markup).toContain('value="12"');
    expect(markup).toMatch(/checked="" value="day"/);
    expect(markup).not.toContain("<img");
    expect(markup).toContain('value="&lt;img src=x onerror=alert(1)&gt;"');
  });

  it("draws a number field labelled, typed, with its bounds as its description and its unit beside it", () => {
    const markup = renderBody(`$budget = 800\n<NumberField label="Budget" value={$budget} min={0} max={2000} step={100} unit="ms"/>\n<NumberField label="Any" value={$budget}/>`);
    expect(markup).toMatch(
      /<label for="([^"]+)"[^>]*>Budget<\/label><div[^>]*><input id="\1" type="number" inputMode="decimal"[^>]*min="0" max="2000" step="100" aria-describedby="([^"]+)" value="800"\/><span[^>]*>ms<\/span><\/div><p id="\2"[^>]*>0 to 2,000 ms, in steps of 100<\/p>/,
    );
    expect(markup).toMatch(/<input id="[^"]+" type="number"[^>]*step="any" value="800"\/>/);
    expect(markup).not.toMatch(/type="number"[^>]*disabled/);
  });

  it("disables a number field that binds no variable", () => {
    const markup = renderBody(`$n = 3\n<NumberField label="N" value={$n}/>\n<NumberField label="Fixed" value={7}/>`);
    const inputs = [...markup.matchAll(/<input[^>]*type="number"[^>]*>/g)].map((match) => match[0]);
    expect(inputs.map((input) => input.includes("disabled"))).toEqual([false, true]);
  });

  it("draws what Show and Each resolved to", () => {
    const markup = renderBody(`$tests = [{name: "login", failed: false}, {name: "checkout", failed: true}]
$failedOnly = true
<Each items={@Filter($tests, test, !$failedOnly || test.failed)} as="test">
  <Tag tone={test.failed ? "danger" : "success"}>{test.name}</Tag>
</Each>
<Show when={!$failedOnly}><Summary>All of them</Summary></Show>`);
    expect(visibleText(markup)).toContain("checkout");
    expect(visibleText(markup)).not.toContain("login");
    expect(visibleText(markup)).not.toContain("All of them");
  });

  it("draws a checklist over a list, counts it, and writes the checked ids to the bound list", () => {
    const body = `$tasks = [{id: "log", label: "Changelog"}, {id: "tag", label: "Tag the release"}]
$done = ["tag"]
<Checklist title="Release" items={$tasks} value={$done}/>
<Summary>{@Count($done)} checked</Summary>`;
    const block = compileBody(body);
    const state = new UiState(block);
    const markup = renderToStaticMarkup(<UiBlockView block={block} state={state} />);
    expect(visibleText(markup)).toContain("Release 1 of 2 done");
    expect(markup.match(/type="checkbox"/g)).toHaveLength(2);
    expect(markup).toMatch(/<input type="checkbox" checked=""\/><span>Tag the release<\/span>/);
    expect(visibleText(markup)).toContain("1 checked");
    state.set("done", ["log", "tag"]);
    expect(visibleText(renderToStaticMarkup(<UiBlockView block={block} state={state} />))).toContain("Release 2 of 2 done");
  });
});
