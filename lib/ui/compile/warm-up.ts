/**
 * `warmUpUiCompiler`: runs the compiler on a generated reply for a moment, so
 * the engine has optimized its hot paths before the first real reply. A cold
 * process compiles a 256 KB reply several times slower than a warm one — slow
 * enough to meet the reply's time budget — so a server calls this once at
 * start-up.
 */
import { compileUi } from "./compile-ui";
import { UiCompiler } from "./compiler";

/** How long a warm-up runs by default: the engine optimizes the hot code within a few hundred compiles of a block. */
export const UI_WARM_UP_MS = 300;

/** Records of the generated data literal: data-heavy, as the replies that need a warm engine are. */
const WARM_UP_ROWS = 120;

/** A reply using the compiler's main paths: a data literal, expressions, bindings, text, a literal body, recovery. */
function warmUpReply(): string {
  const rows = Array.from({ length: WARM_UP_ROWS }, (_, index) => `  {name: "suite/test_${index}", ms: ${index * 7}, failed: ${index % 9 === 0}, owner: 'team-${index % 4}'},`).join("\n");
  const body = [
    "$on = false",
    `$rows = [\n${rows}\n]`,
    "$failed = @Filter($rows, row, row.failed)",
    '<Stats><Stat label="Tests" value={@Count($rows)}/><Stat label="Failed" value={@Count($failed)} tone="danger" delta={-1}/></Stats>',
    '<Switch label="Failed only" value={$on}/>',
    '<Show when={$on}><Table rows={$failed} sortable><Column field="name" title="Test"/><Column field="ms" unit="ms"/></Table></Show>',
    '<Summary>\n  {@Count($rows)} runs, "quoted" text & more {/* note */}\n</Summary>',
    '<CodeBlock lang="ts">\nif (a < b) { run(); }\n</CodeBlock>',
    '<Chart kind="bar" rows={[{label: "Mon", runs: 3}, {label: "Tue", runs: 5}]}/>',
    '<Choices><Choice id="again" label="Again" context="Run again"/><Choice id="reset" label="Reset" run={@Reset()}/></Choices>',
    '<Callout tone="info" title=unquoted>Recovered</Callout>',
  ].join("\n");
  return `Here is the report.\n\n\`\`\`ui\n${body}\n\`\`\`\n\nDone.\n`;
}

/** Compiles a generated reply, whole and streamed, for about `milliseconds`; returns how many compilations ran. */
export function warmUpUiCompiler(milliseconds = UI_WARM_UP_MS): number {
  const reply = warmUpReply();
  const options = { id: "warm-up", limits: { elapsedMs: 60_000 }, replyLimits: { elapsedMs: 60_000 } };
  const started = globalThis.performance.now();
  let runs = 0;
  while (globalThis.performance.now() - started < milliseconds) {
    compileUi(reply, { ...options, final: true });
    const compiler = new UiCompiler(options);
    for (let end = 97; end < reply.length; end += 97) compiler.compile(reply.slice(0, end));
    runs += 2;
  }
  return runs;
}
