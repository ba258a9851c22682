/**
 * Generated replies for the compile benchmark: realistic, data-heavy UI
 * fences (inline rows, computed values, tables, charts, inputs) with prose
 * between them, deterministic (a seeded generator), and sized in UTF-16
 * units. Every block compiles without diagnostics, and the whole reply stays
 * inside the reply budget, so the benchmark measures legal work.
 */

/** A small deterministic random source (a linear congruential generator), so runs compare. */
class Seeded {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A whole number in `[0, bound)`. */
  next(bound: number): number {
    this.state = (Math.imul(this.state, 1_664_525) + 1_013_904_223) >>> 0;
    return this.state % bound;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.next(items.length)] as T;
  }
}

const SERVICES = ["checkout", "search", "billing", "auth", "catalog", "inventory", "gateway", "notifications"] as const;
const OWNERS = ["team-core", "team-web", "team-data", "team-infra"] as const;
const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** One record literal of test results, as a model writes them. */
function runRecord(random: Seeded, index: number): string {
  const service = random.pick(SERVICES);
  return `{name: "${service}/test_${String(index).padStart(4, "0")}", ms: ${10 + random.next(990)}, failed: ${random.next(9) === 0}, owner: "${random.pick(OWNERS)}", retries: ${random.next(3)}}`;
}

/** A list literal of about `units` UTF-16 units of records, one per line. */
function rowsLiteral(random: Seeded, units: number, indent: string): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < units; index++) {
    const line = `${indent}  ${runRecord(random, index)},`;
    lines.push(line);
    length += line.length + 1;
  }
  return `[\n${lines.join("\n")}\n${indent}]`;
}

/** One data-heavy fence body of about `units` UTF-16 units (roughly 25 nodes). */
function dataBlock(random: Seeded, units: number, index: number): string {
  const head = [
    `$failedOnly = false`,
    `$limit = 25`,
    `$runs = ${rowsLiteral(random, Math.max(200, units - 2_200), "")}`,
    `$failed = @Filter($runs, run, run.failed)`,
    `<Callout tone="info" title="Suite ${index + 1}">Results of the nightly run on main, {@Count($runs)} tests.</Callout>`,
    `<Stats>`,
    `  <Stat label="Tests" value={@Count($runs)}/>`,
    `  <Stat label="Failed" value={@Count($failed)} tone="danger" delta={-2}/>`,
    `  <Stat label="Mean time" value={@Round(@Avg($runs, "ms"), 1)} unit="ms"/>`,
    `</Stats>`,
    `<Switch label="Failed only" value={$failedOnly}/>`,
    `<Slider label="Rows shown" min={5} max={100} step={5} value={$limit}/>`,
    `<Show when={$failedOnly}>`,
    `  <Table rows={@Take($failed, $limit)} title="Failed tests" sortable>`,
    `    <Column field="name" title="Test" presentation="code"/>`,
    `    <Column field="ms" title="Time" unit="ms" presentation="number"/>`,
    `  </Table>`,
    `</Show>`,
    `<Show when={!$failedOnly}>`,
    `  <Table rows={@Take(@Sort($runs, "ms", "desc"), $limit)} title="Slowest tests" sortable filterable>`,
    `    <Column field="name" title="Test" presentation="code"/>`,
    `    <Column field="owner" title="Owner" presentation="tag"/>`,
    `    <Column field="ms" title="Time" unit="ms" presentation="number"/>`,
    `  </Table>`,
    `</Show>`,
    `<Chart kind="bar" title="Failures by day" rows={[${DAYS.map((day) => `{label: "${day}", failed: ${random.next(20)}, passed: ${100 + random.next(400)}}`).join(", ")}]} stacked/>`,
    `<Choices>`,
    `  <Choice id="rerun-${index}" label="Re-run the failed tests" context="Only the failed tests of suite ${index + 1}"/>`,
    `  <Choice id="reset-${index}" label="Show everything" run={@Reset()}/>`,
    `</Choices>`,
  ];
  return head.join("\n");
}

/** One section of the single-fence reply: a table over inline rows (about `units` UTF-16 units, 6 nodes). */
function sectionBlock(random: Seeded, units: number, index: number): string {
  return [
    `  <Section title="Service ${index + 1}" open={${index === 0}}>`,
    `    <Table rows={${rowsLiteral(random, Math.max(200, units - 400), "    ")}} title="Runs of service ${index + 1}" sortable>`,
    `      <Column field="name" title="Test" presentation="code"/>`,
    `      <Column field="ms" title="Time" unit="ms" presentation="number"/>`,
    `    </Table>`,
    `    <Summary>Section {${index + 1}} of the report: the slowest runs first.</Summary>`,
    `  </Section>`,
  ].join("\n");
}

/** Prose between fences, as a model writes it. */
function prose(random: Seeded, index: number): string {
  return [
    `### Suite ${index + 1}`,
    ``,
    `The ${random.pick(SERVICES)} suite ran overnight. Here is what stands out, with the slowest tests first;`,
    `switch to the failed ones to see what needs attention before the release.`,
    ``,
  ].join("\n");
}

/** A reply of `units` UTF-16 units with `fences` data-heavy UI fences and prose between them. */
export function generateMultiFenceReply(options: { units: number; fences: number; seed?: number }): string {
  const random = new Seeded(options.seed ?? 1);
  const overhead = 400;
  const perFence = Math.floor(options.units / options.fences) - overhead;
  const parts: string[] = [`Here is the overnight test report.\n`];
  for (let index = 0; index < options.fences; index++) {
    parts.push(prose(random, index));
    parts.push("```ui\n" + dataBlock(random, perFence, index) + "\n```\n");
  }
  parts.push("Tell me which suite to look at first.\n");
  return fit(parts.join("\n"), options.units);
}

/** A reply of `units` UTF-16 units holding one UI fence: sections of tables over inline rows. */
export function generateSingleFenceReply(options: { units: number; sections: number; seed?: number }): string {
  const random = new Seeded(options.seed ?? 2);
  const perSection = Math.floor((options.units - 600) / options.sections);
  const sections: string[] = [];
  for (let index = 0; index < options.sections; index++) sections.push(sectionBlock(random, perSection, index));
  const body = [`<Sections>`, ...sections, `</Sections>`].join("\n");
  const reply = `The whole report, one section per service:\n\n\`\`\`ui\n${body}\n\`\`\`\n\nOpen any section for its runs.\n`;
  return fit(reply, options.units);
}

/** Pads the prose at the end so the reply is exactly `units` long (never cuts UI). */
function fit(reply: string, units: number): string {
  if (reply.length >= units) return reply;
  const filler = "That is all for today. ";
  let tail = "";
  while (reply.length + tail.length < units) tail += filler;
  return reply + tail.slice(0, units - reply.length);
}
