import { z } from "zod";
import { describe, expect, it } from "vitest";
import { compileUiBlock } from "../compile/compile-block";
import { UI_UNKNOWN_TEXT } from "../evaluate/display-text";
import { evaluateUiExpression } from "../expression/evaluate";
import { UI_JOIN_SEPARATOR } from "../expression/helpers";
import { parseUiExpression, UI_HELPER_ARITY } from "../expression/parse";
import { UI_CATALOG, UI_COMPONENT_NAMES, UI_FENCE_LANGUAGE } from "./catalog";
import { UI_GROUP_NAMES, type UiCatalogEntry } from "./entry";
import { UI_GROUPS } from "./groups";
import { UI_SESSION_NOTE_MAX_CHARACTERS, uiCatalogText, uiCompactCatalog, uiLanguageText, uiReferenceText, uiSessionNote, uiTextExamples, type UiTextCatalog } from "./text";

const ENTRIES: Record<string, UiCatalogEntry> = UI_CATALOG;

/** The prop names a text must show for a component: every schema key but a literal component's content. */
function shownProps(entry: UiCatalogEntry): string[] {
  return Object.keys(entry.schema.shape).filter((prop) => !(entry.children.kind === "literal" && prop === "code"));
}

/**
 * The component's signature in a text: the line that starts with it, or the
 * part of a compact line after " > " (a container and its only child share
 * a line), up to the end of the line.
 */
function signatureLine(text: string, name: string, prefix = ""): string | undefined {
  const starts = (line: string) => line.startsWith(`${prefix}${name}(`) || line.startsWith(`${prefix}${name}:`) || line.startsWith(`${prefix}${name} `) || line === `${prefix}${name}`;
  for (const line of text.split("\n").map((candidate) => candidate.trim())) {
    if (starts(line)) return line;
    const child = line.split(" > ")[1];
    if (child !== undefined && starts(child)) return child;
  }
  return undefined;
}

/** One element start tag found in an example: its name and props (`{…}` expressions kept as source). */
type ExampleTag = { name: string; props: Map<string, { kind: "string" | "expression" | "flag"; value: string }> };

/** Finds the start tags of an example body: a small scanner that skips quoted strings and balanced braces, and literal content. */
function exampleTags(body: string): ExampleTag[] {
  const withoutLiterals = body.replace(/<(CodeBlock|Diagram)\b([^>]*)>[\s\S]*?<\/\1>/g, "<$1$2/>");
  const tags: ExampleTag[] = [];
  let index = 0;
  while ((index = withoutLiterals.indexOf("<", index)) !== -1) {
    const nameMatch = /^<([A-Z][A-Za-z0-9]*)/.exec(withoutLiterals.slice(index));
    if (!nameMatch) {
      index += 1;
      continue;
    }
    const tag: ExampleTag = { name: nameMatch[1]!, props: new Map() };
    let position = index + nameMatch[0].length;
    for (;;) {
      while (/\s/.test(withoutLiterals[position] ?? "")) position += 1;
      const rest = withoutLiterals.slice(position);
      if (rest.startsWith("/>") || rest.startsWith(">") || rest === "") break;
      const prop = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
      if (!prop) throw new Error(`malformed prop in <${tag.name}> at ${position}`);
      position += prop[0].length;
      if (withoutLiterals[position] !== "=") {
        tag.props.set(prop[0], { kind: "flag", value: "true" });
        continue;
      }
      position += 1;
      if (withoutLiterals[position] === '"') {
        const end = withoutLiterals.indexOf('"', position + 1);
        tag.props.set(prop[0], { kind: "string", value: withoutLiterals.slice(position + 1, end) });
        position = end + 1;
      } else if (withoutLiterals[position] === "{") {
        let depth = 0;
        const start = position;
        let quote: string | null = null;
        for (; position < withoutLiterals.length; position += 1) {
          const character = withoutLiterals[position]!;
          if (quote) {
            if (character === quote) quote = null;
          } else if (character === '"' || character === "'") quote = character;
          else if (character === "{") depth += 1;
          else if (character === "}" && --depth === 0) break;
        }
        tag.props.set(prop[0], { kind: "expression", value: withoutLiterals.slice(start + 1, position) });
        position += 1;
      } else throw new Error(`malformed value of ${prop[0]} in <${tag.name}>`);
    }
    tags.push(tag);
    index = position;
  }
  return tags;
}

describe("the texts mention every component and every prop", () => {
  const texts = {
    catalog: uiCatalogText(),
    compact: uiCompactCatalog(),
    session: uiSessionNote(),
    reference: uiReferenceText(),
  };

  for (const [which, text] of Object.entries(texts))
    it(`${which}: each component with its props on its signature line`, () => {
      for (const name of UI_COMPONENT_NAMES) {
        const line = signatureLine(text, name, which === "reference" ? "- " : "");
        expect(line, `${which}: ${name}`).toBeDefined();
        for (const prop of shownProps(ENTRIES[name]!)) expect(line, `${which}: ${name}.${prop}`).toMatch(new RegExp(`[(, ]${prop}\\??[,):=]`));
      }
    });

  it("reference: every description, every group's advice and example", () => {
    for (const name of UI_COMPONENT_NAMES) expect(texts.reference).toContain(ENTRIES[name]!.description);
    for (const group of UI_GROUP_NAMES) {
      expect(texts.reference).toContain(`## ${group}\n\n${UI_GROUPS[group].instructions}`);
      expect(texts.reference).toContain(`\`\`\`${UI_FENCE_LANGUAGE}\n${UI_GROUPS[group].example}\n\`\`\``);
    }
  });

  it("catalog text: every description", () => {
    for (const name of UI_COMPONENT_NAMES) expect(texts.catalog).toContain(ENTRIES[name]!.description);
  });

  it("session note: every helper, the fence word, and short enough for every prompt", () => {
    for (const helper of Object.keys(UI_HELPER_ARITY)) expect(texts.session, helper).toMatch(new RegExp(`@${helper}[(,]| @${helper} and`));
    expect(texts.session).toContain("```" + UI_FENCE_LANGUAGE + " id=");
    expect(texts.session.length).toBeLessThanOrEqual(UI_SESSION_NOTE_MAX_CHARACTERS);
    expect(texts.session).toContain(texts.compact);
  });

  it("compact list and reference: bindable props and action props are named as such", () => {
    // A bound prop is written as it is bound; a container and its only child share a line, as the legend says.
    expect(texts.compact).toMatch(/^Switch\(label, value=\{\$x\}\)$/m);
    expect(texts.compact).toMatch(/^Checklist\(title\?, items\?, value\?=\{\$x\}\) > Item\(label, checked\?=\{\$x\}\)$/m);
    expect(texts.compact).toMatch(/^Choices\(title\?\) > Choice\(.*run\?\) \[run is an action\]$/m);
    expect(texts.compact).toMatch(/^Show\(when\): text, any components \[invisible wrapper\]$/m);
    expect(texts.compact).toMatch(/^Stats > Stat\(label, value, unit\?, delta\?.*\)$/m);
    expect(texts.compact).toMatch(/^EntityList\(title\?\) > Entry\(title, subtitle\?, tone\?\): inline$/m);
    expect(texts.compact).toMatch(/^Summary: inline$/m);
    expect(texts.compact).toMatch(/^Steps\(title\?\) > Step\(.*\): inline$/m);
    expect(texts.compact).toContain("X > Y: X holds only Y, Y stands only directly in X (through Show or Each too)");
    expect(texts.compact).toContain("inline is text, Tag and host links (File, Diff, Commit, Node)");
    expect(texts.compact).toContain("CodeBlock(lang?, title?): literal content");
    // The catalog text keeps one line per component, with its parent.
    expect(texts.catalog).toMatch(/^Item\(label, checked\?=\{\$x\}\) in Checklist — /m);
    // The reference prints each description once and adds nothing of its own about bindings: the descriptions must say it.
    for (const name of UI_COMPONENT_NAMES) {
      const entry = ENTRIES[name]!;
      for (const prop of entry.bindable ?? []) expect(entry.description, `${name}.${prop}`).toContain(`${prop}={$`);
      for (const prop of entry.actions ?? []) expect(entry.description, `${name}.${prop}`).toContain(`${prop}={@`);
      if (entry.transparent) expect(entry.description, name).toMatch(/Invisible/);
    }
  });
});

describe("the language rules say what the compiler and the interpreter do", () => {
  /** Evaluates one expression against a few variables. */
  const run = (source: string) => evaluateUiExpression(parseUiExpression(source), { runs: [{ ms: 3 }, { ms: 1 }], pending: null });
  const texts = { session: uiSessionNote() };
  const text = uiLanguageText();

  it("the language section: declare before use, @Count not .length, ==, ?., @Join, @Format percent, @Sort's order", () => {
      expect(text).toContain("declare a $variable before anything that reads it");
      // A clock that never moves, so a busy machine cannot add a budget diagnostic to the ones compared.
      const options = { id: "t", final: true, now: () => 0 };
      expect(compileUiBlock("<Summary>{$late}</Summary>\n$late = 1", options).diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["unknown_variable"]);
      expect(compileUiBlock("$total = $late + 1\n$late = 1", options).diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["unknown_variable"]);

      expect(text).toContain(".length reads as null: count with @Count($list)");
      expect(run("$runs.length")).toBeNull();
      expect(run("@Count($runs)")).toBe(2);

      expect(text).toContain("== and != compare strictly");
      expect(run('1 == "1"')).toBe(false);
      expect(text).toContain("a?.b reads like a.b");
      expect(run("$runs[0]?.ms")).toBe(3);

      expect(text).toContain(`@Join(list, separator?) (default ${JSON.stringify(UI_JOIN_SEPARATOR)})`);
      expect(run("@Join([1, 2])")).toBe(`1${UI_JOIN_SEPARATOR}2`);

      const percent = /"percent" takes a ratio: ([\d.]+) is ([^;)]+)[;)]/.exec(text);
      expect(percent).not.toBeNull();
      expect(run(`@Format(${percent![1]}, "percent")`)).toBe(percent![2]);

      expect(text).toContain("(ascending by default, nulls last)");
      expect(run('@Sort([true, null, "b", 2, "A", 1])')).toEqual([1, 2, "A", "b", true, null]);

    });

  it("the null rule: never an error; operators, ?: and the number and text helpers give null; list helpers see no rows", () => {
    expect(text).toContain(`Null (a missing field, data not loaded yet) is never an error and shows as ${JSON.stringify(UI_UNKNOWN_TEXT)}`);
    expect(text).toContain("operators but === and !==, a ?: test, @Round, @Format, @Join and @Contains give null for null");
    for (const source of ["$pending - 1", '"a" + $pending', "$pending > 3", "-$pending", "!$pending", "$pending ? 1 : 2", "$pending && true"])
      expect(run(source), source).toBeNull();
    expect(run("$pending === null")).toBe(true);
    for (const helper of ["@Round($pending)", '@Format($pending, "percent")', "@Join($pending)", '@Contains($pending, "a")']) expect(run(helper), helper).toBeNull();
    expect(text).toContain("list helpers read it as no rows");
    for (const helper of ["@Count($pending)", "@Sum($pending)", "@Filter($pending, x, true)", "@Map($pending, x, x)", "@Sort($pending)", "@Take($pending, 1)"])
      expect([0, []], helper).toContainEqual(run(helper));
    expect(text).toContain("@Filter drops rows whose test is null; a null optional argument is its default");
    expect(run("@Filter($runs, r, r.missing > 1)")).toEqual([]);
    expect(run("@Take($runs, $pending)")).toEqual([{ ms: 3 }, { ms: 1 }]);
    expect(run("@Round(2.5, $pending)")).toBe(3);
  });

  it("the date and grouping rule: ISO text that < > order, weeks from Monday, groups as {key, count, rows}", () => {
    expect(text).toContain("Dates are ISO text (times are UTC");
    expect(text).toContain("< > order them");
    expect(text).toContain("@AddDays(t, 0) is a time's day");
    expect(run('"2024-12-31" < "2025-01-01" && "2025-01-09" < "2025-01-10"')).toBe(true);
    expect(text).toContain("@DaysBetween(from, to)");
    expect(run('@DaysBetween("2025-03-01", "2025-03-14")')).toBe(13);
    expect(text).toContain('@StartOf(date, "week"|"month") (weeks start Monday)');
    expect(run('@StartOf("2025-03-16", "week")')).toBe("2025-03-10");
    expect(text).toContain('@Group(list, "field") is [{key, count, rows}]');
    expect(run('@Group([{o: "a"}], "o")')).toEqual([{ key: "a", count: 1, rows: [{ o: "a" }] }]);
  });

  it("session note: still short enough for every prompt", () => {
    expect(texts.session.length).toBeLessThanOrEqual(UI_SESSION_NOTE_MAX_CHARACTERS);
  });
});

describe("uiCompactCatalog derives from the schemas", () => {
  /** A copy of the catalog with one entry replaced. */
  function withEntry(name: string, entry: UiCatalogEntry): UiTextCatalog {
    return { ...UI_CATALOG, [name]: entry };
  }

  it("shows a prop added to a schema", () => {
    const stat = UI_CATALOG.Stat;
    const changed = withEntry("Stat", { ...stat, schema: stat.schema.extend({ trend: z.enum(["up", "down"]).optional() }) });
    expect(uiCompactCatalog()).not.toContain("trend");
    expect(uiCompactCatalog(changed)).toMatch(/Stats > Stat\(label, value, unit\?, delta\?.*, trend\?: up\|down\)/);
    expect(uiSessionNote(changed)).toContain("trend?: up|down");
    expect(uiReferenceText(changed)).toMatch(/- Stat\(label, value, unit\?, delta\?.*, trend\?: up\|down\) in Stats:/);
  });

  it("shows a prop made required, an enum changed, a binding added and a component removed", () => {
    const column = UI_CATALOG.Column;
    const required = withEntry("Column", { ...column, schema: column.schema.extend({ title: z.string() }) });
    expect(uiCompactCatalog(required)).toContain("Column(field, title, unit?, presentation?");
    const step = UI_CATALOG.Step;
    const statuses = withEntry("Step", { ...step, schema: step.schema.extend({ status: z.enum(["todo", "doing"]).optional() }) });
    expect(uiCompactCatalog(statuses)).toContain("Step(title, status?: todo|doing)");
    const slider = UI_CATALOG.Slider;
    const bound = withEntry("Slider", { ...slider, bindable: ["value", "max"] });
    expect(uiCompactCatalog(bound)).toContain("Slider(label, min, max={$x}, step?, value={$x}, unit?)");
    // A child that may stand in two containers keeps a line of its own, and the legend then says what "in X" means.
    const twoParents = withEntry("Step", { ...step, parents: ["Steps", "Tab"] });
    expect(uiCompactCatalog(twoParents)).toMatch(/^Step\(title, status\?: pending\|active\|done\|failed\) in Steps or Tab: inline$/m);
    expect(uiCompactCatalog(twoParents)).toMatch(/^Steps\(title\?\): Step$/m);
    expect(uiCompactCatalog(twoParents)).toContain('"in X" means directly inside X');
    expect(uiCompactCatalog()).not.toContain('"in X"');
    const { Tag: _removed, ...withoutTag } = UI_CATALOG;
    expect(uiCompactCatalog(withoutTag)).not.toMatch(/^Tag/m);
    expect(uiReferenceText(withoutTag)).not.toContain("- Tag(");
  });
});

describe("the examples in the texts", () => {
  it("are in the texts as UI fences", () => {
    const all = uiSessionNote() + uiReferenceText();
    for (const example of uiTextExamples()) expect(all).toMatch(new RegExp(`\`\`\`${UI_FENCE_LANGUAGE}( id=\\w+)?\n${example.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\n\`\`\``));
  });

  it("use every component, each in its own group's example", () => {
    for (const group of UI_GROUP_NAMES) {
      const used = new Set(exampleTags(UI_GROUPS[group].example).map((tag) => tag.name));
      for (const name of UI_COMPONENT_NAMES) if (ENTRIES[name]!.group === group) expect(used, `${group} example uses ${name}`).toContain(name);
    }
  });

  it("use only catalog components and props, with static values their schemas accept and bindings to declared state", () => {
    for (const example of uiTextExamples()) {
      const declared = new Set([...example.matchAll(/^\$([A-Za-z_][A-Za-z0-9_]*) = /gm)].map((match) => match[1]));
      for (const tag of exampleTags(example)) {
        const entry = ENTRIES[tag.name];
        expect(entry, `<${tag.name}> is a component`).toBeDefined();
        if (!entry) continue;
        const shape: Readonly<Record<string, z.core.$ZodType>> = entry.schema.shape;
        for (const [prop, value] of tag.props) {
          const schema = shape[prop];
          expect(schema, `${tag.name}.${prop} exists`).toBeDefined();
          if (!schema) continue;
          if (value.kind === "string") expect(z.safeParse(schema, value.value).success, `${tag.name} ${prop}="${value.value}"`).toBe(true);
          if (value.kind === "flag") expect(z.safeParse(schema, true).success, `${tag.name} ${prop}`).toBe(true);
          if (entry.bindable?.includes(prop) && /^\$\w+$/.test(value.value.trim()))
            expect(declared.has(value.value.trim().slice(1)), `${tag.name}.${prop} binds a declared variable`).toBe(true);
        }
        for (const [prop, schema] of Object.entries(shape))
          if (!(entry.children.kind === "literal" && prop === "code") && !z.safeParse(schema, undefined).success)
            expect(tag.props.has(prop), `${tag.name} has its required ${prop}`).toBe(true);
      }
    }
  });
});

/**
 * Issue 13, point 6: each detail the language section states, decided and
 * held to what the compiler and the interpreter do.
 */
describe("the language section's decided details", () => {
  const text = uiLanguageText();
  const options = { id: "t", final: true, now: () => 0 };
  const evaluate = (source: string, variables: Record<string, unknown> = {}) =>
    evaluateUiExpression(parseUiExpression(source), variables as Parameters<typeof evaluateUiExpression>[1]);

  it("every prop accepts {expression}, checked against its type once evaluated", () => {
    expect(text).toContain("every prop also accepts {expression}, checked against its type once evaluated");
    const block = compileUiBlock(
      [
        '$done = true',
        '<Steps><Step title={"Build"} status={$done ? "done" : "active"}/></Steps>',
        '<Stats><Stat label="Errors" value={3} tone={$done ? "success" : "danger"}/></Stats>',
        '<Tag tone={$done ? "success" : "warning"}>{$done ? "ready" : "busy"}</Tag>',
        '<Choices><Choice id="go" label={"Go " + 1} context={$done ? "Ship it" : "Wait"} disabled={!$done}/></Choices>',
      ].join("\n"),
      options,
    );
    expect(block.diagnostics).toEqual([]);
  });

  it("escapes inside expression strings: \\\" \\' \\\\ \\n", () => {
    expect(text).toContain(`escapes \\" \\' \\\\ \\n`);
    expect(evaluate(String.raw`"say \"hi\""`)).toBe('say "hi"');
    expect(evaluate(String.raw`'it\'s'`)).toBe("it's");
    expect(evaluate(String.raw`"a\\b"`)).toBe("a\\b");
    expect(evaluate(String.raw`"one\ntwo"`)).toBe("one\ntwo");
  });

  it("a helper's result can be indexed and read", () => {
    expect(text).toContain("also after a helper: @Sort(…)[0].name");
    const runs = [{ name: "login", ms: 120 }, { name: "checkout", ms: 940 }];
    expect(evaluate('@Sort($runs, "ms", "desc")[0].name', { runs })).toBe("checkout");
    expect(evaluate("@Filter($runs, r, r.ms > 500)[0].ms", { runs })).toBe(940);
    expect(evaluate(`@Take($runs, -1)[0]["name"]`, { runs })).toBe("checkout");
  });

  it("operators bind as in JavaScript, and parentheses group", () => {
    expect(text).toContain("Operators ! - * / % + < <= > >= === !== && || a ? b : c and parentheses bind as in JavaScript");
    expect(evaluate("1 + 2 * 3")).toBe(7);
    expect(evaluate("(1 + 2) * 3")).toBe(9);
    expect(evaluate("-2 * 3 + 10 % 4")).toBe(-4);
    expect(evaluate("1 + 1 < 3 === true")).toBe(true);
    expect(evaluate("!false && false || true")).toBe(true);
    expect(evaluate("true || false && false")).toBe(true);
    expect(evaluate("false ? 1 : 2 + 3")).toBe(5);
  });

  it("catalog=1 is not offered: the host knows the catalog version", () => {
    expect(text).not.toMatch(/catalog=/);
    expect(uiReferenceText()).not.toMatch(/catalog=/);
  });

  it("what a choice sends is the chat's real message format", async () => {
    const { formatChoiceMessage } = await import("@/lib/chat/turn/format-choice-message");
    const { resolveUiChoice } = await import("../choice/resolve-choice");
    const block = compileUiBlock(uiTextExamples()[0]!, { ...options, id: "tests" });
    const selection = resolveUiChoice({ ...block, revision: 1 }, "rerun", { failedOnly: true });
    // Label, context, then a "- name: value" line per input, as the text says.
    expect(text).toContain('sends you a visible message: its label, its context (when it says more), a "- name: value" line per input');
    expect(formatChoiceMessage(selection)).toBe("Re-run\n\nRe-run the failed tests on main\n\n- failedOnly: true");
  });

  it("input state survives a reload: the chat stores a ui panel's values", async () => {
    expect(text).toContain("the values are stored with the panel and survive a reload");
    const { panelStateDialect, readUiPanelState } = await import("@/lib/chat/panels/panel-state");
    const stored = { values: { failedOnly: true } };
    expect(panelStateDialect(stored)).toBe("ui");
    expect(readUiPanelState(stored)).toEqual(stored);
  });
});
