/**
 * The texts a model (or a tool) is given about UI blocks. Every component
 * name, prop and rule in them is generated from the catalog entries; only the
 * language rules and the examples are prose, and tests compile every example.
 */
import { UI_CATALOG, UI_CATALOG_VERSION, UI_FENCE_LANGUAGE, UiToneSchema } from "./catalog";
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

/** The example of the session note: data, a binding, a derived table and a choice in one small block. */
const SESSION_EXAMPLE = `$runs = [{name: "login", ms: 120, failed: false}, {name: "checkout", ms: 940, failed: true}, {name: "search", ms: 310, failed: false}]
$failedOnly = false
<Summary>{@Count(@Filter($runs, run, run.failed))} of {@Count($runs)} tests failed on main.</Summary>
<Switch label="Failed only" value={$failedOnly}/>
<Table rows={$failedOnly ? @Filter($runs, run, run.failed) : $runs} title="Tests">
  <Column field="name" title="Test"/>
  <Column field="ms" title="Time" unit="ms" presentation="number"/>
</Table>
<Choices>
  <Choice id="rerun" label="Re-run the failed tests" context="Re-run only the failed tests on main"/>
  <Choice id="all" label="Show all" run={@Set($failedOnly, false)}/>
</Choices>`;

/** The language, rule by rule: shared by the session note and the reference. */
const LANGUAGE_RULES = [
  `Markup is JSX-like: <Name prop="text" prop={expression} flag>children</Name>, or <Name …/> with no children. Use only the components listed here, with only their props (any other prop is dropped), and close every tag. Text stands inside a component that takes text; loose text at the top level is not a component, so put it in <Summary>.`,
  `prop="…" is always text (write \\" for a quote inside). Numbers, booleans, lists, records and anything computed go in braces: max={100}, rows={$runs}, open={true}, or the bare flag open. Number props also accept "100" and boolean props "true"/"false".`,
  `Declarations, one per line: $name = <literal> declares state with that default, and its type never changes; $name = <expression> that reads other variables is computed and read-only; $name = @Query("source", {args}) reads the host's data, only from sources the host offers you. Declare each name once, and declare a $variable before anything that reads it, elements and other declarations alike: the block is compiled top to bottom, and a name read above its declaration is an unknown variable.`,
  `Expressions: "text", 'text', 1.5, true, false, null, [lists], {key: value}, $variables, item.field, $list[0], item["a-b"], + - * / %, === !== < <= > >=, && || !, and a ? b : c. == and != are accepted and compare strictly, like === and !==; a?.b is accepted and reads like a.b. A missing field reads as null; + with text on one side joins text; dividing by zero gives null. .length is not a field (it reads as null): count with @Count($list).`,
  `Helpers are the only calls: @Count(list or text), @Filter(list, x, test), @Map(list, x, expression), @Sum(list, "field"?), @Min(list, "field"?), @Max(list, "field"?), @Avg(list, "field"?) (a list of numbers, or of records and the field to read), @Sort(list, "field"?, "asc"|"desc"?) (ascending by default: numbers, then text ignoring case, then booleans; nulls always last), @Take(list, n) (negative n: the last n), @Join(list, separator?) (the separator defaults to ${JSON.stringify(UI_JOIN_SEPARATOR)}), @Round(number, digits 0–6?), @Contains(text, part) (ignores case), @Format(value, "number"|"percent"|"compact"|"currency:EUR"|"date") ("percent" takes a ratio: @Format(${PERCENT_EXAMPLE}, "percent") is ${formatUiValue(PERCENT_EXAMPLE, "percent")}). Every list helper reads null (a query that has not answered yet) as no rows. There is no JavaScript: no other functions, no assignment, no new or this.`,
  `Text children may interpolate: <Summary>{@Count($runs)} runs today</Summary>. Comments are written {/* … */}.`,
  `Inputs (Switch, Slider, Segmented, TextField, Item) bind a state variable: value={$x}. Everything that reads $x updates at once, in the panel, without a message to you. <Show when={condition}> shows its children while the condition is true; <Each items={list} as="x"> repeats its children with x bound to each element.`,
  `<Choices> offers next steps, usually last. Picking a <Choice> sends you its label and context with the current values of the block's inputs. A choice with run={@Set($x, value)}, run={@Reset($x)} or run={@Reset()} is local: it changes the panel and sends nothing.`,
  `Ids: each Choice id is unique in its block (letters, digits, _ and -) and stays the same when you rewrite the block. To update a panel later, give its fence an id (the info string \`${UI_FENCE_LANGUAGE} id=deploy\`); a later block with the same id replaces it where it stands.`,
  `The panel is drawn while you write: put declarations first, then elements from top to bottom, and finish each tag before the next. Keep one block to one purpose. CodeBlock and Diagram content is literal up to its closing tag.`,
  `Images come only from this conversation (<Image generated="latest"/> or an attachment id); links only as <Source href="https://…">. Never HTML, scripts, styles or URLs anywhere else. Where a panel cannot be drawn (chat apps, terminals) a plain-text version is shown, so keep the key facts in your prose too.`,
];

/** How a component's children are described in the compact and reference texts. */
function childrenText(entry: UiCatalogEntry): string {
  const rule = entry.children;
  if (rule.kind === "none") return "";
  if (rule.kind === "literal") return "literal content";
  const parts: string[] = [];
  if (rule.text) parts.push("text");
  if (rule.components === "any") parts.push("any components");
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
const SIGNATURE_LEGEND = `prop? is optional; tone is ${UiToneSchema.options.join("|")}; "in X" means only directly inside X (a Show or Each between them is fine).`;

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
    for (const [name, entry] of entries) lines.push(`  ${compactLine(name, entry)}`);
  }
  return lines.join("\n");
}

/** What every system prompt carries: how to write a UI block, the compact catalog and one example. */
export function uiSessionNote(catalog: UiTextCatalog = UI_CATALOG): string {
  return [
    "# Live UI in replies",
    `Besides Markdown, a reply may carry live panels: a fenced code block whose info string is \`${UI_FENCE_LANGUAGE}\`. For example:`,
    uiFence(SESSION_EXAMPLE),
    "## Writing a block",
    LANGUAGE_RULES.map((rule) => `- ${rule}`).join("\n"),
    "## Components",
    uiCompactCatalog(catalog),
  ].join("\n\n");
}

/** One group's section of the reference: its advice, each component in full and its worked example. */
function referenceGroup(group: UiGroupName, advice: UiGroup, catalog: UiTextCatalog): string {
  const parts = [`## ${group}`, advice.instructions];
  for (const [name, entry] of groupEntries(catalog, group)) {
    const facts: string[] = [];
    if (entry.parents && entry.parents.length > 0) facts.push(`Only directly inside ${entry.parents.map((parent) => `<${parent}>`).join(" or ")}.`);
    // Which children it takes is in the description (a catalog test requires it), so it is not repeated here.
    for (const prop of uiPropSignatures(entry)) {
      if (prop.bindable) facts.push(`\`${prop.name}\` can be bound: ${prop.name}={$x}.`);
      if (prop.action) facts.push(`\`${prop.name}\` is an action: @Set($x, value), @Reset($x) or @Reset().`);
    }
    if (entry.transparent) facts.push("Invisible: its children take its place.");
    parts.push([`### ${uiComponentSignature(name, entry)}`, entry.description, ...(facts.length > 0 ? [facts.join(" ")] : [])].join("\n"));
  }
  parts.push(`Example:\n\n${uiFence(advice.example)}`);
  return parts.join("\n\n");
}

/** The full reference: the language, then every group's advice, components in full and one worked example. */
export function uiReferenceText(catalog: UiTextCatalog = UI_CATALOG): string {
  const groups = UI_GROUP_NAMES.filter((group) => groupEntries(catalog, group).length > 0).map((group) =>
    referenceGroup(group, UI_GROUPS[group], catalog),
  );
  return [
    `# UI blocks: reference (catalog ${UI_CATALOG_VERSION})`,
    `A UI block is a fenced code block whose info string starts with \`${UI_FENCE_LANGUAGE}\`; the optional attributes are id=… (a panel id: letters, digits, _ and -) and catalog=${UI_CATALOG_VERSION}.`,
    "## The language",
    LANGUAGE_RULES.map((rule) => `- ${rule}`).join("\n"),
    `## Components\n\n${SIGNATURE_LEGEND}`,
    ...groups,
  ].join("\n\n");
}

/** Every example block body the texts show (the session example and one per group), for tests and tooling. */
export function uiTextExamples(): string[] {
  return [SESSION_EXAMPLE, ...UI_GROUP_NAMES.map((group) => UI_GROUPS[group].example)];
}
