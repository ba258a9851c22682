/**
 * The texts a model (or a tool) is given about UI blocks. Every component
 * name, prop and rule in them is generated from the catalog entries; only the
 * language rules and the examples are prose, and tests compile every example.
 */
import { UI_CATALOG, UI_CATALOG_VERSION, UI_FENCE_LANGUAGE, UiToneSchema } from "./catalog";
import { UI_UNKNOWN_TEXT } from "../evaluate/display-text";
import { formatUiValue } from "../expression/format";
import { UI_JOIN_SEPARATOR } from "../expression/helpers";
import { UI_GROUP_NAMES, type UiCatalogEntry, type UiGroupName } from "./entry";
import { UI_GROUPS, type UiGroup } from "./groups";
import { uiComponentSignature, uiPropSignatures } from "./prop-signature";

/** A catalog as the texts read it: the real one, or a test's modified copy. */
export type UiTextCatalog = Readonly<Record<string, UiCatalogEntry>>;

/**
 * The session note goes into every system prompt, so it must stay small: at
 * about four characters a token this is some 2,500 tokens, a fraction of any
 * prompt, and still room for the compact catalog and one full example.
 */
export const UI_SESSION_NOTE_MAX_CHARACTERS = 10_000;

/** The ratio the texts format as a percentage, to show that `percent` takes a ratio, not a percentage. */
const PERCENT_EXAMPLE = 0.25;

/** The fence that opens a UI block in the texts. */
const FENCE_OPEN = "```" + UI_FENCE_LANGUAGE;

/** Wraps a block body in a UI fence, with an optional info-string attribute line (`id=…`). */
function uiFence(body: string, attributes = ""): string {
  return `${FENCE_OPEN}${attributes ? ` ${attributes}` : ""}\n${body}\n\`\`\``;
}

/** The example of the language section: data, a binding, a derived table and a choice in one small block. */
const SESSION_EXAMPLE = `$runs = [{name: "login", ms: 120, failed: false}, {name: "checkout", ms: 940, failed: true}]
$failedOnly = false
<Summary>{@Count(@Filter($runs, r, r.failed))} of {@Count($runs)} tests failed.</Summary>
<Switch label="Failed only" value={$failedOnly}/>
<Table rows={$failedOnly ? @Filter($runs, r, r.failed) : $runs}>
  <Column field="name" title="Test"/>
  <Column field="ms" title="Time" unit="ms"/>
</Table>
<Choices>
  <Choice id="rerun" label="Re-run" context="Re-run the failed tests on main"/>
  <Choice id="all" label="Show all" run={@Set($failedOnly, false)}/>
</Choices>`;

/** The panel id of the language section's example, so the update rule can point at it. */
const SESSION_EXAMPLE_ID = "tests";

/**
 * What picking the example's "rerun" choice sends with the switch on, in the
 * chat's real format (lib/chat/turn/format-choice-message.ts; a test holds
 * the two together): label, context, then one line per input value.
 */
export const UI_CHOICE_MESSAGE_EXAMPLE = "Re-run\n\nRe-run the failed tests on main\n\n- failedOnly: true";

/** The language, rule by rule: the one place the prompt states it. */
const LANGUAGE_RULES = [
  `Markup is JSX-like: <Name prop="text" prop={expression} flag>children</Name> or <Name …/>, with {expression} in text and {/* comments */}. Use only the listed components and props, close every tag, and put loose text in <Summary>; no HTML.`,
  `prop="…" is literal text. Every prop also accepts {expression}, checked against its type once evaluated: max={100}, rows={$runs}, open={true} or the flag open. Write ids as literal text; run={…} takes only an action.`,
  `Declarations, one per line; declare a $variable before anything that reads it: $name = <literal> is state whose type never changes; $name = <expression> over variables is computed; $name = @Query("source", {args}) is live data.`,
  `Expressions: "text" or 'text' (escapes \\" \\' \\\\ \\n), numbers, true, false, null, [lists], {key: value}, $variables, item.field, $list[0], item["a-b"], also after a helper: @Sort(…)[0].name. Operators ! - * / % + < <= > >= === !== && || a ? b : c and parentheses bind as in JavaScript; == and != compare strictly too. a?.b reads like a.b; + with text joins text; x / 0 is null. .length reads as null: count with @Count($list).`,
  `Helpers are the only calls: @Count(list or text), @Filter(list, x, test), @Map(list, x, expression), @Sum, @Min, @Max and @Avg(list, "field"?), @Sort(list, "field"?, "asc"|"desc"?) (ascending by default, nulls last), @Take(list, n) (n < 0: the last n), @Join(list, separator?) (default ${JSON.stringify(UI_JOIN_SEPARATOR)}), @Round(number, digits 0–6?), @Contains(text, part), @Format(value, "number"|"percent"|"compact"|"currency:EUR"|"date") ("percent" takes a ratio: @Format(${PERCENT_EXAMPLE}, "percent") is ${formatUiValue(PERCENT_EXAMPLE, "percent")}).`,
  `Dates are ISO text; < > order them: @Today() (UTC), @DaysBetween(from, to), @AddDays(date, n), @StartOf(date, "week"|"month") (weeks start Monday). @Group(list, "field") is [{key, count, rows}]; @Unique(list, "field").`,
  `Null (a missing field, data not loaded yet) is never an error and shows as ${JSON.stringify(UI_UNKNOWN_TEXT)}: operators but === and !==, a ?: test, @Round, @Format, @Join and @Contains give null for null; list helpers read it as no rows; @Filter drops rows whose test is null; a null optional argument is its default.`,
  `Inputs bind state: value={$x}. All that reads $x updates in the browser with no message to you; the values are stored with the panel and survive a reload.`,
  `Picking a <Choice> sends you a visible user message: label, context (when it says more), one line per input; the example's Re-run sends ${JSON.stringify(UI_CHOICE_MESSAGE_EXAMPLE)}. A choice with run={@Set($x, value)} or run={@Reset()} is local and sends nothing.`,
  `A later block with the same fence id (\`${UI_FENCE_LANGUAGE} id=${SESSION_EXAMPLE_ID}\`) replaces the panel in place, keeping input values whose variables keep their type. A \`${UI_FENCE_LANGUAGE}\` panel has no silent update: the reply to a choice is an ordinary message.`,
  `Write declarations first: the panel is drawn as you write.`,
];

/** The chips a child list names as one word ("host links"), as the legend says: a list of the four costs every line that takes them. */
const HOST_LINKS: readonly string[] = ["File", "Diff", "Commit", "Node"];

/** How a component's children are described in the compact and reference texts. */
function childrenText(entry: UiCatalogEntry): string {
  const rule = entry.children;
  if (rule.kind === "none") return "";
  if (rule.kind === "literal") return "literal content";
  const parts: string[] = [];
  if (rule.text) parts.push("text");
  if (rule.components === "any") parts.push("any components");
  else if (HOST_LINKS.every((link) => rule.components.includes(link)))
    parts.push(...rule.components.filter((name) => !HOST_LINKS.includes(name)), "host links");
  else parts.push(...rule.components);
  return parts.join(", ");
}

/** One component as a line of the compact catalog: `Stat(label, value, unit?, delta?, tone?) in Stats`. */
function compactLine(name: string, entry: UiCatalogEntry): string {
  let line = uiComponentSignature(name, entry);
  if (entry.parents && entry.parents.length > 0) line += ` in ${entry.parents.join(" or ")}`;
  const children = childrenText(entry);
  if (children) line += `: ${children}`;
  const notes: string[] = [];
  for (const prop of uiPropSignatures(entry)) {
    if (prop.bindable) notes.push(`bind ${prop.name}={$x}`);
    if (prop.action) notes.push(`${prop.name} is an action`);
  }
  if (entry.transparent) notes.push("invisible wrapper");
  if (notes.length > 0) line += ` [${notes.join("; ")}]`;
  return line;
}

/** Catalog entries of one group, in catalog order. */
function groupEntries(catalog: UiTextCatalog, group: UiGroupName): [string, UiCatalogEntry][] {
  return Object.entries(catalog).filter(([, entry]) => entry.group === group);
}

/** The legend that precedes every list of signatures. */
const SIGNATURE_LEGEND = `prop? is optional; tone is ${UiToneSchema.options.join("|")}; "in X" means directly inside X (through Show or Each too); host links are ${HOST_LINKS.join(", ")}.`;

/** Names, props and descriptions of every component, one line each, for tooling. */
export function uiCatalogText(catalog: UiTextCatalog = UI_CATALOG): string {
  const lines = [`UI catalog ${UI_CATALOG_VERSION}. ${SIGNATURE_LEGEND}`];
  for (const group of UI_GROUP_NAMES)
    for (const [name, entry] of groupEntries(catalog, group))
      lines.push(`${compactLine(name, entry)} — ${group}. ${entry.description}`);
  return lines.join("\n");
}

/** The short prop list derived from the schemas: one line per component, grouped as the reference groups them. */
export function uiCompactCatalog(catalog: UiTextCatalog = UI_CATALOG): string {
  const lines = [SIGNATURE_LEGEND];
  for (const group of UI_GROUP_NAMES) {
    const entries = groupEntries(catalog, group);
    if (entries.length === 0) continue;
    lines.push(`-- ${group} --`);
    // No indentation under the group line: a token per component, in every compact prompt.
    for (const [name, entry] of entries) lines.push(compactLine(name, entry));
  }
  return lines.join("\n");
}

/**
 * The language section: how to write a block, said once. Both prompts carry
 * it; the full one adds `uiReferenceText`, the compact one `uiSessionNote`'s
 * signature list.
 */
export function uiLanguageText(): string {
  return [
    `# ${UI_FENCE_LANGUAGE} blocks`,
    `A fence whose info string is \`${UI_FENCE_LANGUAGE}\` is a live panel in a small tag language:`,
    uiFence(SESSION_EXAMPLE, `id=${SESSION_EXAMPLE_ID}`),
    LANGUAGE_RULES.map((rule) => `- ${rule}`).join("\n"),
  ].join("\n\n");
}

/**
 * Facts the compact prompt must state because its signatures cannot: what a
 * small model got wrong by guessing (issue 13, point 11). The full reference
 * says each of them in the component's description or its group's advice.
 */
const COMPACT_NOTES = [
  `Chart: a row is one x value (or pie slice) named by its label; numeric fields are series (series="a, b" picks); marks={[{x: "Tue", label: "v2"}, {y: 500}]} draws lines.`,
  `Graph nodes: {id, label?, tone?} or @Query("nodes") rows; edges: {from, to, label?}. Diagram content is mermaid source. Progress value is 0–100. Stat delta is a number or signed text ("+12%").`,
];

/** The compact prompt's part on UI blocks: the language section and one signature line per component. */
export function uiSessionNote(catalog: UiTextCatalog = UI_CATALOG): string {
  return [uiLanguageText(), `## Components\n\n${uiCompactCatalog(catalog)}`, COMPACT_NOTES.map((note) => `- ${note}`).join("\n")].join("\n\n");
}

/** One component in full: its signature, its description (which says what it takes and where it stands), and its parent rule. */
function referenceLine(name: string, entry: UiCatalogEntry): string {
  // Bindings, actions and transparency are in the descriptions (a catalog test requires them), so only the parent rule is added.
  const parents = entry.parents && entry.parents.length > 0 ? ` Only in ${entry.parents.map((parent) => `<${parent}>`).join(" or ")}.` : "";
  return `- ${uiComponentSignature(name, entry)}: ${entry.description}${parents}`;
}

/** One group's section of the reference: its advice, each component in full and its worked example. */
function referenceGroup(group: UiGroupName, advice: UiGroup, catalog: UiTextCatalog): string {
  const lines = groupEntries(catalog, group).map(([name, entry]) => referenceLine(name, entry));
  return [`## ${group}`, advice.instructions, lines.join("\n"), uiFence(advice.example)].join("\n\n");
}

/** The full prompt's component reference: every group's advice, components in full and one worked example. */
export function uiReferenceText(catalog: UiTextCatalog = UI_CATALOG): string {
  const groups = UI_GROUP_NAMES.filter((group) => groupEntries(catalog, group).length > 0).map((group) =>
    referenceGroup(group, UI_GROUPS[group], catalog),
  );
  return [`# ${UI_FENCE_LANGUAGE} components\n\n${SIGNATURE_LEGEND}`, ...groups].join("\n\n");
}

/** Every example block body the texts show (the language section's, then the groups' in order), for tests and tooling. */
export function uiTextExamples(): string[] {
  return [SESSION_EXAMPLE, ...UI_GROUP_NAMES.map((group) => UI_GROUPS[group].example)];
}
