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

/** A `string` field of a row shape (`{name: string, ms: number}`): the compact text leaves the type to the legend. */
const STRING_FIELD = /(\w+): string(?=[,}])/g;

/**
 * The compact form of a source's description: its first sentence (what it
 * returns) and its "Rows: {…}" sentence with text fields untyped. The rest
 * (which arguments do what, how to link a row) costs every small model's
 * prompt a line's worth of tokens per source, and the signature and the
 * language say most of it.
 */
function compactDescription(description: string): string {
  const sentences = description.split(SENTENCE_END);
  const kept = sentences.filter((sentence, index) => index === 0 || sentence.startsWith("Rows:"));
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
    return `- \`@Query("${name}", ${describeSchema(schema)})\`${description ? ` — ${description}` : ""}`;
  });
  return [
    "# Live data (@Query)",
    `In a \`${UI_FENCE_LANGUAGE}\` block, \`$name = @Query("source", {arguments})\` reads live project rows (a list of records), fetched when the block is shown and again when state its arguments read changes (\`{branch: "main", failedOnly: $failedOnly}\`); until then it is null. An argument marked \`?\` is optional; one without is required, with no default; any other is refused.${
      options.detail === "compact" ? " A row field without a type is text." : ""
    } Only these sources exist:`,
    ...lines,
    "Never invent a source or type rows you have not seen as if they were live; when no source fits, say so.",
  ].join("\n");
}
