import { describe, expect, test } from "vitest";
import { GENUI_BUDGETS } from "../limits";
import { genuiCapViolations } from "../testing/cap-violations";
import { extractGenuiFences } from "./extract-genui-fences";

const SPEC = '{"title": "T", "items": [{"type": "text", "text": "hello"}]}';
const fenced = (body: string, open = "```octo-ui", close = "```") => `${open}\n${body}\n${close}`;
const codes = (diagnostics: { code: string }[]) => diagnostics.map((diagnostic) => diagnostic.code);

describe("finding fences", () => {
  test("a fence with its ranges, spec and no diagnostics", () => {
    const text = `Here you go:\n\n${fenced(SPEC)}\n\nAnything else?`;
    const [fence, ...rest] = extractGenuiFences(text);
    expect(rest).toEqual([]);
    expect(fence?.closed).toBe(true);
    expect(fence?.spec).toEqual({ title: "T", items: [{ type: "text", text: "hello" }] });
    expect(fence?.diagnostics).toEqual([]);
    expect(text.slice(fence?.range.start, fence?.range.end)).toBe(fenced(SPEC));
    expect(text.slice(fence?.bodyRange.start, fence?.bodyRange.end)).toBe(`${SPEC}\n`);
  });
  test("several fences, in order; other languages are skipped", () => {
    const text = [fenced(SPEC), "```json\n{}\n```", fenced('{"items": []}', "~~~octo-ui", "~~~"), "```\nplain\n```"].join("\n\n");
    expect(extractGenuiFences(text).map((fence) => fence.spec?.items.length)).toEqual([1, 0]);
  });
  test("an octo-ui fence shown inside another fence is not a panel", () => {
    const text = `\`\`\`\`markdown\n${fenced(SPEC)}\n\`\`\`\`\n`;
    expect(extractGenuiFences(text)).toEqual([]);
  });
  test("inside an octo-ui fence, a shorter fence line is body text (nested fences are ignored)", () => {
    const text = `\`\`\`\`octo-ui\n{"items": [{"type": "code", "code": "a"}]}\n\`\`\`\nstill body\n\`\`\`\`\nafter`;
    const [fence] = extractGenuiFences(text);
    expect(fence?.closed).toBe(true);
    expect(text.slice(fence?.bodyRange.start, fence?.bodyRange.end)).toContain("still body");
    expect(codes(fence?.diagnostics ?? [])).toEqual(["invalid_json"]);
    expect(fence?.spec?.items).toEqual([{ type: "code", code: "a" }]);
  });
  test("CommonMark openings: up to three spaces, extra info words; not four spaces, not another language", () => {
    expect(extractGenuiFences(`   ${fenced(SPEC)}`)).toHaveLength(1);
    expect(extractGenuiFences(fenced(SPEC, "```octo-ui title=x"))).toHaveLength(1);
    expect(extractGenuiFences(fenced(SPEC, "````` octo-ui", "`````"))).toHaveLength(1);
    expect(extractGenuiFences(`    ${fenced(SPEC)}`)).toEqual([]);
    expect(extractGenuiFences(fenced(SPEC, "```octo-uix"))).toEqual([]);
    expect(extractGenuiFences(fenced(SPEC, "```OCTO-UI"))).toEqual([]);
    expect(extractGenuiFences(fenced(SPEC, "```octo-ui `x`"))).toEqual([]);
    expect(extractGenuiFences(fenced(SPEC, "``octo-ui", "``"))).toEqual([]);
  });
  test("CommonMark closings: same character, at least as long, only spaces after", () => {
    expect(extractGenuiFences(fenced(SPEC, "````octo-ui", "```"))[0]?.closed).toBe(false);
    expect(extractGenuiFences(fenced(SPEC, "```octo-ui", "~~~"))[0]?.closed).toBe(false);
    expect(extractGenuiFences(fenced(SPEC, "```octo-ui", "``` x"))[0]?.closed).toBe(false);
    expect(extractGenuiFences(fenced(SPEC, "```octo-ui", "  `````  "))[0]?.closed).toBe(true);
  });
  test("CRLF line endings", () => {
    const [fence] = extractGenuiFences(`intro\r\n\`\`\`octo-ui\r\n${SPEC}\r\n\`\`\`\r\nend`);
    expect(fence?.closed).toBe(true);
    expect(fence?.diagnostics).toEqual([]);
  });
  test(`a reply parses at most ${GENUI_BUDGETS.fencesPerReply} fences; later ones are listed without a spec`, () => {
    const text = Array.from({ length: GENUI_BUDGETS.fencesPerReply + 1 }, () => fenced(SPEC)).join("\n");
    const fences = extractGenuiFences(text);
    expect(fences).toHaveLength(GENUI_BUDGETS.fencesPerReply + 1);
    expect(fences.at(-2)?.spec).not.toBeNull();
    expect(fences.at(-1)?.spec).toBeNull();
    expect(codes(fences.at(-1)?.diagnostics ?? [])).toEqual(["reply_budget"]);
  });
});

describe("broken and unfinished fences", () => {
  test("a closed fence with broken JSON shows what could be read and says so", () => {
    const [fence] = extractGenuiFences(fenced('{"items": [{"type": "text", "text": "a"},, {"type": "divider"}]}'));
    expect(fence?.spec?.items).toEqual([{ type: "text", text: "a" }]);
    expect(codes(fence?.diagnostics ?? [])).toEqual(["invalid_json"]);
  });
  test("a closed fence whose JSON stops early", () => {
    const [fence] = extractGenuiFences(fenced('{"items": [{"type": "text", "text": "a"}'));
    expect(fence?.spec?.items).toEqual([{ type: "text", text: "a" }]);
    expect(codes(fence?.diagnostics ?? [])).toEqual(["invalid_json"]);
  });
  test("a closed fence with no JSON at all has no spec", () => {
    const [fence] = extractGenuiFences(fenced(""));
    expect(fence?.spec).toBeNull();
    expect(codes(fence?.diagnostics ?? [])).toEqual(["invalid_json", "missing_items"]);
  });
  test("the last fence of a streaming reply is unfinished and parsed best-effort", () => {
    const text = 'Sure.\n```octo-ui\n{"title": "Sales", "items": [{"type": "stat", "label": "Revenue", "value": "$1.2M"}, {"type": "text", "text": "Up 4';
    const [fence] = extractGenuiFences(text);
    expect(fence?.closed).toBe(false);
    expect(fence?.range.end).toBe(text.length);
    expect(fence?.spec).toEqual({ title: "Sales", items: [{ type: "stat", label: "Revenue", value: "$1.2M" }, { type: "text", text: "Up 4" }] });
    expect(codes(fence?.diagnostics ?? [])).toEqual(["unfinished_fence"]);
  });
  test("a closing line still arriving is not read as body", () => {
    for (const tail of ["`", "``", "  ``"]) {
      const [fence] = extractGenuiFences(`\`\`\`octo-ui\n${SPEC}\n${tail}`);
      expect(fence?.closed).toBe(false);
      expect(codes(fence?.diagnostics ?? [])).toEqual(["unfinished_fence"]);
      expect(fence?.spec?.items).toHaveLength(1);
    }
  });
  test("fed one character at a time, every prefix reads without a throw and the last equals the whole", () => {
    const reply = `Intro text.\n\n\`\`\`octo-ui\n{"id": "p1", "title": "Plan", "items": [\n  {"type": "slider", "field": "n", "min": 0, "max": 10},\n  {"type": "text", "text": "big", "visibleWhen": {"field": "n", "gte": 5}},\n  {"type": "link", "href": "https://example.com/"}\n]}\n\`\`\`\n\nOutro.`;
    for (let end = 0; end <= reply.length; end += 1) {
      for (const fence of extractGenuiFences(reply.slice(0, end))) {
        if (fence.spec !== null) expect(genuiCapViolations(fence.spec)).toEqual([]);
      }
    }
    const whole = extractGenuiFences(reply);
    expect(extractGenuiFences(reply.slice(0, reply.length))).toEqual(whole);
    expect(whole[0]?.spec?.items).toHaveLength(3);
    expect(whole[0]?.diagnostics).toEqual([]);
  });
  test("fed in chunks, the fence appears once its opening line is complete and grows", () => {
    const reply = `\`\`\`octo-ui\n{"items": [{"type": "text", "text": "one"}, {"type": "text", "text": "two"}]}\n\`\`\``;
    const after = (marker: string) => reply.indexOf(marker) + marker.length;
    const ends = [after("{"), after("[{"), after('"on'), after('"tw'), reply.length];
    const counts = ends.map((end) => extractGenuiFences(reply.slice(0, end))[0]?.spec?.items.length ?? null);
    // No items array yet → no spec; a node without its text yet is dropped; partial text shows.
    expect(counts).toEqual([null, 0, 1, 2, 2]);
    expect(extractGenuiFences(reply.slice(0, 5))).toEqual([]);
  });
});

describe("hostile fences", () => {
  test("a 5 MB body reads in one pass with bounded output", () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => `["row ${index}", ${index}, true]`).join(",");
    const body = `{"items": [{"type": "table", "columns": ["a", "b", "c"], "rows": [${rows}]}, {"type": "text", "text": "${"x".repeat(2_000_000)}"}]}`;
    expect(body.length).toBeGreaterThan(4_000_000);
    const started = performance.now();
    const [fence] = extractGenuiFences(fenced(body));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((fence?.spec?.items[0] as { rows: unknown[] }).rows).toHaveLength(500);
    expect((fence?.spec?.items[1] as { text: string }).text).toHaveLength(500);
  });
  test("a reply of a million backtick lines stays linear", () => {
    const text = "```x\n".repeat(200_000);
    const started = performance.now();
    extractGenuiFences(text);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
