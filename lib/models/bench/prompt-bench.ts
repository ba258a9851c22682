/**
 * `npm run bench:prompt`: what the system prompt costs. It builds the prompt
 * as the web chat's `generateReply` does (the project's query sources and the
 * artifacts guide of a chat without artifacts), in full and compact (with
 * the compact artifacts guide a compact caller passes), counts
 * characters and o200k tokens (the encoding of current OpenAI models, a fair
 * stand-in for other tokenizers of English and code), prints the largest
 * sections so the next person knows where the tokens go, and exits non-zero
 * when a prompt is over its budget. Each prompt's hash is what a model-fit
 * corpus names its prompt by (`fixtures/model-fit/README.md`).
 *
 * `npm run bench:prompt -- --write <dir>` also writes what a model-fit writer
 * is handed: both prompts, their hashes and the chat's tools
 * (`writeWriterKit`).
 *
 * The query sources and the chat's tools are server-only: the npm script
 * runs it in plain Node with `server-only` resolved to its empty module
 * (`register-server-only.mjs`), as vitest does.
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { benchSystemPrompt, PROMPT_DETAILS, promptHash, writeWriterKit } from "../model-fit/writer-kit";
import { promptSections } from "./prompt-sections";

/** Issue 13's budgets: the full prompt must leave room for a long conversation, the compact one for a local 8k model's. */
const BUDGETS = { full: 7_000, compact: 3_000 } as const;

/** Sections listed per prompt: enough to see where the bulk is. */
const LARGEST_SECTIONS = 8;

let over = false;
for (const detail of PROMPT_DETAILS) {
  const prompt = benchSystemPrompt(detail);
  const tokens = countTokens(prompt);
  const budget = BUDGETS[detail];
  const verdict = tokens <= budget ? "within" : "OVER";
  if (tokens > budget) over = true;
  console.log(`${detail}: ${prompt.length.toLocaleString("en-US")} characters, ${tokens.toLocaleString("en-US")} tokens (o200k) — ${verdict} the budget of ${budget.toLocaleString("en-US")} — ${promptHash(prompt)}`);
  const sections = promptSections(prompt)
    .map((section) => ({ heading: section.heading, tokens: countTokens(section.text) }))
    .sort((left, right) => right.tokens - left.tokens)
    .slice(0, LARGEST_SECTIONS);
  for (const section of sections) console.log(`  ${String(section.tokens).padStart(5)}  ${section.heading}`);
}
const writeAt = process.argv.indexOf("--write");
if (writeAt !== -1) {
  const directory = process.argv[writeAt + 1];
  if (directory === undefined || directory.startsWith("--")) {
    console.error("--write needs a directory: npm run bench:prompt -- --write <dir>");
    process.exit(2);
  }
  const kit = await writeWriterKit(directory);
  console.log(`wrote ${kit.files.join(", ")} to ${kit.directory}`);
}
process.exit(over ? 1 : 0);
