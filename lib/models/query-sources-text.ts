/**
 * The system prompt's section on the live data a ```ui block may read with
 * `@Query`: each source the host offers, with its arguments printed from the
 * same zod schema the compiler checks them against, and the schema's
 * description (what it returns, row by row). The host passes its schemas in
 * (`SystemPromptOptions.querySchemas`); nothing here knows the project model.
 * One line per source and nothing else per source: every source added costs
 * every prompt its line.
 */
import { z } from "zod";
import { describeSchema } from "@/lib/genui/guide/describe-schema";
import { UI_FENCE_LANGUAGE } from "@/lib/ui/catalog/catalog";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";

/**
 * Where a source description's sentences end: a full stop before a capital,
 * a backtick or a tag, so `e.g. "main"` and `1.5` do not end one.
 */
const SENTENCE_END = /(?<=\.)\s+(?=[A-Z`<])/;

/** A `string` field of a row shape or an argument (`{name: string, ms: number}`): the compact text leaves the type to the legend. */
const STRING_FIELD = /(\w+\??): string(?=[,}])/g;

/** An enumeration as `describeSchema` prints it (`"open" | "resolved"`): the compact text writes it as the catalog's signatures do (`open|resolved`). */
const ENUMERATION = /"[\w-]+"(?: \| "[\w-]+")+/g;

/** A source's signature in the compact text: text fields untyped, enumerations bare. */
function compactSignature(signature: string): string {
  return signature.replace(STRING_FIELD, "$1").replace(ENUMERATION, (options) => options.replace(/"/g, "").replace(/ \| /g, "|"));
}

/**
 * The compact form of a source's description: its "Rows: {…}" sentence with
 * text fields untyped, after the first sentence only when that names values
 * in parentheses (services, metrics, jobs: what a writer cannot guess). The
 * rest (what the name says, which arguments do what, how to link a row)
 * costs every small model's prompt a line's worth of tokens per source, and
 * the name, the signature and the language say most of it.
 */
function compactDescription(description: string): string {
  const sentences = description.split(SENTENCE_END);
  const kept = sentences.filter((sentence, index) => (index === 0 && sentence.includes("(")) || sentence.startsWith("Rows:"));
  return kept.map((sentence) => (sentence.startsWith("Rows:") ? sentence.replace(STRING_FIELD, "$1") : sentence)).join(" ");
}

/** Options of {@link querySourcesText}. */
export type QuerySourcesTextOptions = {
  /** `compact` keeps each description's first sentence and its rows' shape (see `compactDescription`). */
  detail?: "full" | "compact";
};

/** The section for `querySchemas` (a short "none" section when the host offers no source). */
export function querySourcesText(querySchemas: UiQuerySchemas, options: QuerySourcesTextOptions = {}): string {
  const names = Object.keys(querySchemas).sort();
  if (names.length === 0) {
    return ["# Live data (@Query)", `No query source is available in this conversation: do not declare \`@Query\` in \`${UI_FENCE_LANGUAGE}\` blocks; write the values you know as literals.`].join("\n");
  }
  const lines = names.map((name) => {
    const schema = querySchemas[name] as z.ZodType;
    const full = schema.description?.trim();
    const description = full && options.detail === "compact" ? compactDescription(full) : full;
    const signature = options.detail === "compact" ? compactSignature(describeSchema(schema)) : describeSchema(schema);
    return `- \`@Query("${name}", ${signature})\`${description ? ` — ${description}` : ""}`;
  });
  return [
    "# Live data (@Query)",
    `In a \`${UI_FENCE_LANGUAGE}\` block, \`$name = @Query("source", {arguments})\` reads live project rows (a list of records), fetched when the block is shown and again when state its arguments read changes (\`{branch: "main", failedOnly: $failedOnly}\`); until then it is null. An argument marked \`?\` is optional; one without is required, with no default; any other is refused.${
      options.detail === "compact" ? " A field without a type is text." : ""
    } Only these sources exist:`,
    ...lines,
    "Never invent a source or type rows you have not seen as if they were live; when no source fits, say so.",
  ].join("\n");
}
