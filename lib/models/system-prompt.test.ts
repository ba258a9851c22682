import { describe, expect, it } from "vitest";
import { z } from "zod";
import { artifactsGuideText } from "@/lib/artifacts/artifacts-guide-text";
import { genuiGuideText } from "@/lib/genui/guide/genui-guide-text";
import { GENUI_NODE_CATALOG } from "@/lib/genui/schema/catalog";
import { PROJECT_QUERY_SCHEMAS } from "@/lib/project/query-sources";
import { UI_CATALOG } from "@/lib/ui/catalog/catalog";
import { uiCompactCatalog, uiLanguageText, uiReferenceText, uiSessionNote } from "@/lib/ui/catalog/text";
import { buildSystemPrompt } from "./system-prompt";

/** The prompts as the web chat builds them: the project's sources and the artifacts guide. */
const full = buildSystemPrompt({ querySchemas: PROJECT_QUERY_SCHEMAS, artifactsGuide: artifactsGuideText() });
const compact = buildSystemPrompt({ detail: "compact", querySchemas: PROJECT_QUERY_SCHEMAS, artifactsGuide: artifactsGuideText([], { detail: "compact" }) });

/**
 * Shorter than this, a sentence or paragraph is a fragment that may fairly
 * recur ("No children.", "Takes text.", a heading): the rule is about
 * statements, which are longer.
 */
const STATEMENT_MIN_CHARACTERS = 40;

/** The prompt's prose: fenced code blocks (examples) removed, since an example may repeat a line of another. */
function prose(prompt: string): string {
  return prompt.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1$/gm, "");
}

/** Paragraphs of prose: runs of lines between blank lines, white space collapsed. */
function paragraphs(prompt: string): string[] {
  return prose(prompt)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph.length >= STATEMENT_MIN_CHARACTERS);
}

/**
 * Sentences of prose: each line (a list item is its own line) cut after a
 * full stop, question or exclamation mark followed by a space and a capital,
 * a backtick, a tag or a variable, so "e.g. \"main\"" and "1.5" stay whole;
 * list markers dropped.
 */
function sentences(prompt: string): string[] {
  return prose(prompt)
    .split("\n")
    .flatMap((line) => line.replace(/^\s*(?:[-*]|\d+\.)\s+/, "").split(/(?<=[.!?])\s+(?=[A-Z`<$@])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= STATEMENT_MIN_CHARACTERS);
}

/** The items that occur more than once. */
function repeated(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const item of items) (seen.has(item) ? twice : seen).add(item);
  return [...twice];
}

describe("buildSystemPrompt", () => {
  it("full: one language section and one component reference, each from its catalog", () => {
    expect(full).toContain(uiLanguageText());
    expect(full).toContain(uiReferenceText());
    expect(full).not.toContain(uiCompactCatalog());
    expect(full).toContain(genuiGuideText());
    for (const name of Object.keys(UI_CATALOG)) expect(full).toContain(name);
    for (const entry of GENUI_NODE_CATALOG) for (const type of entry.types) expect(full).toContain(type);
  });

  it("compact: the language section and the signature list, and the short JSON guide", () => {
    expect(compact).toContain(uiSessionNote());
    expect(compact).toContain(uiLanguageText());
    expect(compact).not.toContain(uiReferenceText());
    expect(compact).toContain(genuiGuideText({ detail: "compact" }));
    expect(compact).not.toContain(genuiGuideText());
    expect(compact.length).toBeLessThan(full.length);
  });

  for (const [which, prompt] of [["full", full], ["compact", compact]] as const) {
    it(`${which}: no sentence and no paragraph appears twice`, () => {
      expect(sentences(prompt).length).toBeGreaterThan(50);
      expect(repeated(sentences(prompt))).toEqual([]);
      expect(repeated(paragraphs(prompt))).toEqual([]);
    });
  }

  it("the repetition check finds a repeated sentence and ignores examples and fragments", () => {
    expect(repeated(sentences("No children. Takes text.\n- No children."))).toEqual([]);
    expect(repeated(sentences("The panel is drawn while you write, line by line. No children.\n\n```ui\nThe panel is drawn while you write, line by line.\n```")).length).toBe(0);
    expect(repeated(sentences("The panel is drawn while you write, line by line.\n- The panel is drawn while you write, line by line."))).toHaveLength(1);
  });

  it("states the web chat as the known transport, and keeps the other transports' rule for when the host says so", () => {
    expect(full).toContain("This conversation is in the web chat, and that is known");
    expect(full).toContain("tool cards all render here");
    expect(full).toContain("`render_ui` tool cards");
    for (const prompt of [full, compact]) {
      expect(prompt).toMatch(/only (when|if) the host says so/i);
      expect(prompt).not.toMatch(/Nothing in the turn tells you|need not guess/);
    }
  });

  it("routes requests with tie-breakers: computed and bound → ui, forms and refreshed panels → octo-ui, cards elsewhere → render_ui", () => {
    const routing = full.slice(full.indexOf("# Which UI to use"), full.indexOf("# ui blocks"));
    expect(routing).toMatch(/1\. Anything computed or bound to state is a `ui` block: a slider driving a derived number/);
    expect(routing).toContain("So is a read-only chart or diagram.");
    expect(routing).toMatch(/2\. A form with a submit button, a quiz, or a panel a button refreshes is an `octo-ui` panel/);
    expect(routing).toMatch(/3\. A read-only card for a transport that cannot draw fences .* is a `render_ui` call/);
    expect(routing).toContain("the first rule that fits wins");
  });

  it("says once how much prose goes with a panel", () => {
    expect(full).toContain("your prose states the conclusion in one or two sentences with the key numbers and the panel carries the detail: never repeat its table or list in prose");
    expect(full).not.toMatch(/keep the key facts in your prose/);
  });

  it("says when the render_ui tool is not offered", () => {
    const withoutTool = buildSystemPrompt({ renderUiTool: false });
    expect(withoutTool).toMatch(/`render_ui` tool is not available/);
    expect(withoutTool).not.toContain("`render_ui` tool cards");
  });

  it("compact: states what a small model got wrong by guessing (issue 13, point 11)", () => {
    // Chart rows and series ↔ axes: the field that names a row's x value, and reference marks.
    expect(compact).toContain('Chart rows: label is the x value (or pie slice), numeric fields are series (series="a, b" picks)');
    expect(compact).toContain("draws reference lines");
    // How Each's `as` names the item.
    expect(compact).toContain('Each as="run" names the item: run.name.');
    // Diagram content is mermaid.
    expect(compact).toContain("Diagram content is mermaid source.");
    // Progress is 0–100, as its schema says.
    expect(compact).toContain("Progress value is 0–100.");
    expect(UI_CATALOG.Progress.description).toContain("0–100");
    // Stat.delta is a number or a signed text: both pass its schema, and a word does not.
    expect(compact).toContain('Stat delta is a number or signed text ("+12%")');
    expect(z.safeParse(UI_CATALOG.Stat.schema, { label: "Errors", value: 3, delta: "+12%" }).success).toBe(true);
    expect(z.safeParse(UI_CATALOG.Stat.schema, { label: "Errors", value: 3, delta: 12 }).success).toBe(true);
    // Operators' precedence, and that parentheses group.
    expect(compact).toContain("and parentheses bind as in JavaScript");
    // The tests query's branch defaults to main, and the prompt says so (every writer had to guess it).
    expect(compact).toContain('- tests {branch? = "main", ');
    expect(compact).toContain("the rest are required");
    expect(z.parse(PROJECT_QUERY_SCHEMAS.tests!, {})).toMatchObject({ branch: "main" });
    // Input state survives a reload.
    expect(compact).toContain("the values are stored with the panel and survive a reload");
  });

  it("has no preamble when nothing failed, and ends with it when something did", () => {
    expect(full).not.toMatch(/did not render in your earlier replies/);
    const withPreamble = buildSystemPrompt({
      diagnostics: [
        { code: "unknown_component", message: "Gauge is not a component.", where: "reply 2, block status:0", dialect: "ui" },
      ],
    });
    const heading = withPreamble.indexOf("# What did not render in your earlier replies");
    expect(heading).toBeGreaterThan(withPreamble.indexOf(genuiGuideText()));
    expect(withPreamble.slice(heading)).toContain("- [ui] unknown_component: Gauge is not a component. (reply 2, block status:0)");
  });

  it("states in both prompts every source's limit range and default, that a number past its range is clamped, and that arguments never read another query's rows", () => {
    for (const prompt of [full, compact]) {
      expect(prompt).toContain("- commits {branch?, limit?: 1–100 = 20, path?}");
      expect(prompt).toContain("a number past its range is clamped to it");
      expect(prompt).toContain("never another query's rows");
      expect(prompt).toMatch(/- branches \{limit\?: 1–50 = 20\} → \{[^}]*\}: Newest head first/);
      expect(prompt).toMatch(/- diffs \{sha\?, head\?, path\?, limit\?: 1–50 = 20\} → \{[^}]*\}: Hunks in path order/);
    }
  });

  it("lists the host's query sources only when it passes them, before the JSON dialect's guide", () => {
    expect(buildSystemPrompt()).not.toMatch(/# Live data/);
    const withSources = buildSystemPrompt({ querySchemas: { tests: z.strictObject({ branch: z.string() }).describe("The newest run's tests.") } });
    expect(withSources).toContain("- tests {branch}: The newest run's tests.");
    expect(withSources.indexOf("# Live data")).toBeLessThan(withSources.indexOf(genuiGuideText()));
  });
});
