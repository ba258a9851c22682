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
import { uiComponentSignature, uiPropSignatures, uiPropText } from "./prop-signature";

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
const SESSION_EXAMPLE = `$runs = [{name: "login", failed: false}, {name: "checkout", failed: true}]
$failedOnly = false
<Summary>{@Count(@Filter($runs, r, r.failed))} of {@Count($runs)} tests failed.</Summary>
<Switch label="Failed only" value={$failedOnly}/>
<Table rows={$failedOnly ? @Filter($runs, r, r.failed) : $runs}><Column field="name"/></Table>
<Choices><Choice id="rerun" label="Re-run" context="Re-run the failed tests on main"/></Choices>`;

/** The panel id of the language section's example, so the update rule can point at it. */
const SESSION_EXAMPLE_ID = "tests";

/** The language, rule by rule: the one place the prompt states it. */
const LANGUAGE_RULES = [
  `Markup is JSX-like, with flags (<Section open>) and {/* comments */}, never HTML: only the listed components and props, loose text in <Summary>; {expression} works in any text a component takes. prop="…" is literal text (write ids so); every prop also accepts {expression}, checked against its type once evaluated.`,
  `Declarations come first, one per line; declare a $variable before anything that reads it: $name = <literal> is state whose type never changes, $name = <expression> is computed, $name = @Query(…) is live data.`,
  `Expressions: JavaScript literals ("text" or 'text' with escapes \\" \\' \\\\ \\n, [lists], {key: value}), $variables, item.field, $list[0], item["a-b"], also after a helper: @Sort(…)[0].name. Operators ! - * / % + < <= > >= === !== && || a ? b : c and parentheses bind as in JavaScript; == and != compare strictly too. a?.b reads like a.b; + with text joins text; x / 0 is null. .length reads as null: count with @Count($list).`,
  `Helpers are the only calls: @Count(list or text), @Filter(list, x, test), @Map(list, x, expression), @Sum, @Min, @Max and @Avg(list, "field"?), @Sort(list, "field"?, "asc"|"desc"?) (ascending by default, nulls last), @Take(list, n) (n < 0: the last n), @Join(list, separator?) (default ${JSON.stringify(UI_JOIN_SEPARATOR)}), @Round(number, digits 0–6?), @Contains(text, part), @Format(value, "number"|"percent"|"compact"|"currency:EUR"|"date") ("percent" takes a ratio: ${PERCENT_EXAMPLE} is ${formatUiValue(PERCENT_EXAMPLE, "percent")}).`,
  `Dates are ISO text (times are UTC "…Z" timestamps); < > order them: @Today() (UTC), @DaysBetween(from, to), @AddDays(date, n) (@AddDays(t, 0) is a time's day), @StartOf(date, "week"|"month") (weeks start Monday). @Group(list, "field") is [{key, count, rows}] in first-seen order; @Unique(list, "field") its distinct values.`,
  `Null (a missing field, data not loaded yet) is never an error and shows as ${JSON.stringify(UI_UNKNOWN_TEXT)}: operators but === and !==, a ?: test, @Round, @Format, @Join and @Contains give null for null; list helpers read it as no rows; @Filter drops rows whose test is null; a null optional argument is its default.`,
  `Inputs bind state: what reads a bound variable updates in the browser with no message to you; the values are stored with the panel and survive a reload.`,
  `Picking a <Choice> sends you a visible message: its label, its context (when it says more), a "- name: value" line per input; with run={@Set($x, value)} or run={@Reset()} it is local and sends nothing.`,
  `A later block with the same fence id (\`${UI_FENCE_LANGUAGE} id=${SESSION_EXAMPLE_ID}\`) replaces the panel in place, keeping input values whose variables keep their type; it has no silent update: your reply to a choice is an ordinary message.`,
];

/** The chips a child list names as one word ("host links"), as the legend says: a list of the four costs every line that takes them. */
const HOST_LINKS: readonly string[] = ["File", "Diff", "Commit", "Node"];

/** What running text may hold ("inline", as the legend says): the line of each component that takes it says one word, not five. */
const INLINE: readonly string[] = ["Tag", ...HOST_LINKS];

/** How a component's children are described in the compact catalog and the catalog text ("inline", "text, any components"). */
function childrenText(entry: UiCatalogEntry): string {
  const rule = entry.children;
  if (rule.kind === "none") return "";
  if (rule.kind === "literal") return "literal content";
  if (rule.text && rule.components !== "any" && rule.components.length === INLINE.length && INLINE.every((name) => rule.components.includes(name))) return "inline";
  const parts: string[] = [];
  if (rule.text) parts.push("text");
  if (rule.components === "any") parts.push("any components");
  else if (HOST_LINKS.every((link) => rule.components.includes(link)))
    parts.push(...rule.components.filter((name) => !HOST_LINKS.includes(name)), "host links");
  else parts.push(...rule.components);
  return parts.join(", ");
}

/**
 * A component's signature as the compact texts write it: a bindable prop as
 * it is written (`value={$x}`), so the binding costs no note; then the
 * notes on actions and transparency. `within` adds its parents (" in X")
 * and its children (": inline"), which a container sharing a line
 * with its only child leaves to the " > ".
 */
function signatureLine(name: string, entry: UiCatalogEntry, within: { parents: boolean; children: boolean }): string {
  const signatures = uiPropSignatures(entry);
  const props = signatures.map((prop) => (prop.bindable ? `${uiPropText(prop)}={$x}` : uiPropText(prop)));
  let line = props.length === 0 ? name : `${name}(${props.join(", ")})`;
  if (within.parents && entry.parents && entry.parents.length > 0) line += ` in ${entry.parents.join(" or ")}`;
  const children = within.children ? childrenText(entry) : "";
  if (children) line += `: ${children}`;
  const notes: string[] = [];
  for (const prop of signatures) if (prop.action) notes.push(`${prop.name} is an action`);
  if (entry.transparent) notes.push("invisible wrapper");
  if (notes.length > 0) line += ` [${notes.join("; ")}]`;
  return line;
}

/** One component as a line of the catalog text: `Stat(label, value, unit?, delta?, tone?) in Stats`. */
function compactLine(name: string, entry: UiCatalogEntry): string {
  return signatureLine(name, entry, { parents: true, children: true });
}

/**
 * The one child a container holds when the pair can share a line
 * (`Steps(title?) > Step(…)`): the container takes only that child and no
 * text, and the child stands only in that container.
 */
function onlyChild(name: string, entry: UiCatalogEntry, catalog: UiTextCatalog): string | undefined {
  const rule = entry.children;
  if (rule.kind !== "content" || rule.text || rule.components === "any" || rule.components.length !== 1) return undefined;
  const child = rule.components[0]!;
  const parents = catalog[child]?.parents;
  return parents?.length === 1 && parents[0] === name ? child : undefined;
}

/** Catalog entries of one group, in catalog order. */
function groupEntries(catalog: UiTextCatalog, group: UiGroupName): [string, UiCatalogEntry][] {
  return Object.entries(catalog).filter(([, entry]) => entry.group === group);
}

/** The legend's clauses on optional props and tones, which every list of signatures uses. */
const PROP_LEGEND = `prop? is optional; tone is ${UiToneSchema.options.join("|")}`;

/** Where a child stands: "directly" still lets a Show or Each wrap it. */
const IN_LEGEND = `"in X" means directly inside X (through Show or Each too)`;

/** What "inline" and "host links" stand for in a child list (`childrenText`). */
const INLINE_LEGEND = `inline is text, Tag and host links (${HOST_LINKS.join(", ")})`;

/** The legend of the reference, whose descriptions name each child. */
const REFERENCE_LEGEND = `${PROP_LEGEND}; ${IN_LEGEND}.`;

/** The legend of the catalog text: one line per component, children named as the compact catalog names them. */
const CATALOG_LEGEND = `${PROP_LEGEND}; ${IN_LEGEND}; ${INLINE_LEGEND}.`;

/** The compact catalog's legend: a container and its only child share a line. */
const COMPACT_LEGEND = `${PROP_LEGEND}; X > Y: X holds only Y, Y stands only directly in X (through Show or Each too); ${INLINE_LEGEND}.`;

/** Names, props and descriptions of every component, one line each, for tooling. */
export function uiCatalogText(catalog: UiTextCatalog = UI_CATALOG): string {
  const lines = [`UI catalog ${UI_CATALOG_VERSION}. ${CATALOG_LEGEND}`];
  for (const group of UI_GROUP_NAMES)
    for (const [name, entry] of groupEntries(catalog, group))
      lines.push(`${compactLine(name, entry)} — ${group}. ${entry.description}`);
  return lines.join("\n");
}

/**
 * The short prop list derived from the schemas: one line per component, or
 * per container and its only child, in the reference's group order. No group
 * headings: a line each costs every compact prompt, and the signatures say
 * what a component is for.
 */
export function uiCompactCatalog(catalog: UiTextCatalog = UI_CATALOG): string {
  const lines: string[] = [];
  const shared = new Set<string>();
  for (const [name, entry] of Object.entries(catalog)) {
    const child = onlyChild(name, entry, catalog);
    if (child) shared.add(child);
  }
  let unshared = false;
  for (const group of UI_GROUP_NAMES)
    for (const [name, entry] of groupEntries(catalog, group)) {
      if (shared.has(name)) continue;
      const child = onlyChild(name, entry, catalog);
      if (child) lines.push(`${signatureLine(name, entry, { parents: false, children: false })} > ${signatureLine(child, catalog[child]!, { parents: false, children: true })}`);
      else {
        lines.push(signatureLine(name, entry, { parents: true, children: true }));
        if (entry.parents && entry.parents.length > 0) unshared = true;
      }
    }
  // A child that stands in several containers keeps its own line and " in X": the legend then says what that means.
  const legend = unshared ? `${COMPACT_LEGEND.slice(0, -1)}; ${IN_LEGEND}.` : COMPACT_LEGEND;
  return [legend, ...lines].join("\n");
}

/**
 * The language section: how to write a block, said once. Both prompts carry
 * it; the full one adds `uiReferenceText`, the compact one `uiSessionNote`'s
 * signature list.
 */
export function uiLanguageText(): string {
  return [
    `# ${UI_FENCE_LANGUAGE} blocks`,
    `A \`${UI_FENCE_LANGUAGE}\` fence is a live panel in a small tag language:`,
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
  `Chart rows: label is the x value (or pie slice), numeric fields are series (series="a, b" picks); marks={[{x: "Tue", label: "v2"}, {y: 500}]} draws reference lines.`,
  `Each as="run" names the item: run.name. Graph nodes: {id, label?, tone?} or @Query("nodes") rows; edges: {from, to, label?}. Diagram content is mermaid source. Progress value is 0–100. Stat delta is a number or signed text ("+12%").`,
];

/** The compact prompt's part on UI blocks: the language section and one signature line per component. */
export function uiSessionNote(catalog: UiTextCatalog = UI_CATALOG): string {
  return [uiLanguageText(), `## Components\n\n${uiCompactCatalog(catalog)}`, COMPACT_NOTES.map((note) => `- ${note}`).join("\n")].join("\n\n");
}

/** One component in full: its signature, its parent rule (" in X", as the legend says) and its description (which says what it takes). */
function referenceLine(name: string, entry: UiCatalogEntry): string {
  // Bindings, actions and transparency are in the descriptions (a catalog test requires them), so only the parent rule is added.
  const parents = entry.parents && entry.parents.length > 0 ? ` in ${entry.parents.join(" or ")}` : "";
  return `- ${uiComponentSignature(name, entry)}${parents}: ${entry.description}`;
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
  return [`# ${UI_FENCE_LANGUAGE} components\n\n${REFERENCE_LEGEND}`, ...groups].join("\n\n");
}

/** Every example block body the texts show (the language section's, then the groups' in order), for tests and tooling. */
export function uiTextExamples(): string[] {
  return [SESSION_EXAMPLE, ...UI_GROUP_NAMES.map((group) => UI_GROUPS[group].example)];
}
