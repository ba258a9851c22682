/**
 * `npm run bench:model-fit`: how well replies that language models wrote
 * from the app's exact system prompt fit the app. Every corpus under
 * `fixtures/model-fit/` (its README says how they are written) is read; each
 * reply is compiled as the chat compiles a final reply, each ```ui block
 * evaluated before any query answers, on the demo project's rows (an
 * in-memory PGlite seeded as the app seeds it, read through the query
 * route's path) and on empty answers, and each octo-ui fence and render_ui
 * call read as the chat reads them. Per corpus it prints the share of blocks
 * with an error, a false value while loading and a fallback, per stage, and
 * the worst blocks; a corpus written for another prompt than today's is
 * measured with a warning.
 *
 * Exits non-zero when there is no corpus, a corpus cannot be read or has no
 * block, or any share of any corpus is past `MODEL_FIT_MAX_SHARE`.
 *
 *   npm run bench:model-fit -- [--corpora=<dir>] [--corpus=<name>]
 */
import path from "node:path";
import { closeDatabase } from "@/db/client";
import { PROJECT_QUERY_SCHEMAS } from "@/lib/project/query-sources";
import { readModelFitCorpora } from "./corpus";
import { demoProjectAnswerer } from "./demo-answers";
import { corpusFigures, formatCorpusFigures, overTheBar } from "./fit-figures";
import { measureCorpus } from "./measure-corpus";
import { benchSystemPrompt, PROMPT_DETAILS, promptHash } from "./writer-kit";

/** Where the real corpora live, from the project root. */
const DEFAULT_CORPORA = path.join("fixtures", "model-fit");

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((argument) => argument.startsWith(prefix))?.slice(prefix.length);
}

const root = option("corpora") ?? DEFAULT_CORPORA;
const only = option("corpus");
const corpora = readModelFitCorpora(root).filter((corpus) => only === undefined || corpus.name === only);
if (corpora.length === 0) {
  console.error(`bench:model-fit: no corpus under ${root}${only ? ` named ${only}` : ""} — see fixtures/model-fit/README.md for how corpora are written`);
  process.exit(1);
}

// The demo project's rows come from an embedded database of this process alone, never the app's.
delete process.env.DATABASE_URL;
process.env.PGLITE_DATA_DIR = "memory://";

const hashes = new Map(PROMPT_DETAILS.map((detail) => [detail, promptHash(benchSystemPrompt(detail))]));
let failed = false;
try {
  const answer = await demoProjectAnswerer();
  for (const corpus of corpora) {
    const manifest = corpus.manifest;
    if (manifest === null || corpus.problems.length > 0) {
      failed = true;
      console.log(`${corpus.name}: cannot be measured`);
      for (const problem of corpus.problems) console.log(`  ${problem}`);
      continue;
    }
    const expected = hashes.get(manifest.prompt);
    if (manifest.promptHash !== expected) {
      console.log(`warning: ${corpus.name} was written for prompt ${manifest.promptHash}, today's ${manifest.prompt} prompt is ${expected}: its figures are for another prompt; write a new corpus`);
    }
    const blocks = await measureCorpus({ corpus, querySchemas: PROJECT_QUERY_SCHEMAS, answer });
    const figures = corpusFigures(blocks);
    for (const line of formatCorpusFigures(`${manifest.writer} · ${manifest.prompt} prompt · ${corpus.name} (${corpus.replies.length} replies, ${manifest.date})`, figures)) console.log(line);
    if (figures.blocks === 0) {
      failed = true;
      console.log("  no block to measure: every reply is prose");
    }
    if (overTheBar(figures)) failed = true;
  }
} finally {
  await closeDatabase();
}
process.exit(failed ? 1 : 0);
