/**
 * Generates the text of the `huge-reply` fault: a long report with many UI
 * blocks of both dialects, so the app's reply budgets (blocks, UI source,
 * nodes) and its streaming path are exercised by something a real model
 * could plausibly send — or, with content `prose`, a long report in plain
 * Markdown (headings, paragraphs, lists, quotes, tables, code), which is
 * what a long reply mostly is and what the Markdown renderer must reopen
 * fast. Generated at load instead of committed, because a 200 KB fixture
 * would drown every diff that touches it.
 */

const SERVICES = ["billing-api", "checkout", "search", "notifications", "auth", "ledger", "inventory", "gateway"];
const REGIONS = ["north", "south", "east", "west"];

/** What a huge reply is made of: UI blocks of both dialects, or Markdown prose only. */
export type HugeReplyContent = "blocks" | "prose";

/** The sentence a huge reply ends with (a reader of the page can wait for it). */
export const HUGE_REPLY_LAST_LINE = "That is every service. Ask me to drill into any one of them.";

/** Builds a reply of at least `targetCharacters` characters (it stops at the first section boundary past the target). */
export function generateHugeReply(targetCharacters: number, content: HugeReplyContent = "blocks"): string {
  const parts: string[] = [
    "Here is the full quarterly service report you asked for. Every service gets its own section with the headline numbers and the raw measurements.\n",
  ];
  let length = parts[0]?.length ?? 0;
  for (let section = 0; length < targetCharacters; section += 1) {
    const text = content === "prose" ? proseSection(section) : section % 2 === 0 ? tagSection(section) : jsonSection(section);
    parts.push(text);
    length += text.length;
  }
  parts.push(`\n${HUGE_REPLY_LAST_LINE}\n`);
  return parts.join("\n");
}

function serviceName(section: number): string {
  return `${SERVICES[section % SERVICES.length] ?? "service"}-${Math.floor(section / SERVICES.length) + 1}`;
}

// Numbers derived from the section index so the report is the same on every load.
function measure(section: number, row: number, modulus: number): number {
  return ((section * 7919 + row * 104729) % modulus) + 1;
}

function tagSection(section: number): string {
  const name = serviceName(section);
  const rows = Array.from({ length: 24 }, (_, row) => {
    const ms = measure(section, row, 900);
    const failed = ms % 5 === 0;
    return `  {name: "${name} case ${row + 1}", ms: ${ms}, failed: ${failed}}`;
  });
  return [
    `## ${name}`,
    "",
    `The ${name} service handled its load within budget for most of the quarter. The slowest cases are listed below; the failures cluster around deploy windows, which matches what the on-call notes say about cold caches after a rollout.`,
    "",
    "```ui",
    `$cases = [`,
    rows.join(",\n"),
    `]`,
    "<Stats>",
    `  <Stat label="Cases" value={@Count($cases)}/>`,
    `  <Stat label="Failed" value={@Count(@Filter($cases, c, c.failed))} tone="danger"/>`,
    `  <Stat label="Mean time" value={@Round(@Avg($cases, "ms"), 1)} unit="ms"/>`,
    "</Stats>",
    `<Table rows={$cases} sortable>`,
    `  <Column field="name" title="Case"/>`,
    `  <Column field="ms" title="Time" unit="ms" presentation="number"/>`,
    "</Table>",
    "```",
    "",
  ].join("\n");
}

function jsonSection(section: number): string {
  const name = serviceName(section);
  const rows = Array.from({ length: 20 }, (_, row) => [
    REGIONS[row % REGIONS.length] ?? "north",
    `${name}-${row + 1}`,
    measure(section, row, 5000),
    measure(section, row + 3, 100),
  ]);
  const spec = {
    title: `${name} traffic`,
    items: [
      {
        type: "row",
        gap: 12,
        children: [
          { type: "stat", label: "Requests", value: rows.reduce((sum, row) => sum + Number(row[2]), 0) },
          { type: "stat", label: "Error budget left", value: `${measure(section, 1, 100)}%` },
        ],
      },
      { type: "table", columns: ["Region", "Endpoint", "Requests", "p95 (ms)"], rows, sortable: true },
    ],
  };
  return [
    `## ${name}`,
    "",
    `Traffic for ${name} by region. The table is sortable; the p95 column is the one to watch.`,
    "",
    "```octo-ui",
    JSON.stringify(spec, null, 1),
    "```",
    "",
  ].join("\n");
}

function proseSection(section: number): string {
  const name = serviceName(section);
  const p95 = measure(section, 1, 900);
  const errors = measure(section, 2, 50);
  return [
    `## ${name}`,
    "",
    `The **${name}** service stayed within its budget for most of the quarter: p95 latency was *${p95} ms* and the error rate peaked at ${errors} per thousand requests. The slowest calls cluster around deploy windows, which matches what the on-call notes say about cold caches after a rollout — see the [runbook](https://runbooks.example.com/${name}) and \`${name}.cache.warm\` for the knob.`,
    "",
    "What changed this quarter:",
    "",
    `- Moved the read path of \`${name}\` behind the shared cache (**${measure(section, 3, 40)}%** fewer database reads).`,
    `- Retired the old retry loop; failures now surface after ${measure(section, 4, 5)} attempts instead of hiding.`,
    "  - The dashboards were updated to match.",
    `- Cut the cold-start time to ${measure(section, 5, 900)} ms.`,
    "",
    `> On-call note: page the owner of ${name} before a region failover, not after.`,
    "",
    "| Region | Requests | p95 (ms) |",
    "|---|---:|---:|",
    ...REGIONS.map((region, row) => `| ${region} | ${measure(section, row + 6, 90_000)} | ${measure(section, row + 10, 900)} |`),
    "",
    "The knob that matters, as it stands in the config:",
    "",
    "```ts",
    `export const ${name.replace(/-/g, "_")}_cache = { ttlSeconds: ${measure(section, 14, 600)}, warmOnDeploy: true };`,
    "```",
    "",
  ].join("\n");
}
