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
 * A source description's sentence that restates its arguments (`Arguments:
 * branch (…), limit (…).`): the compact prompt leaves it out, since the
 * signature already lists them. It ends at a full stop before a capital,
 * a backtick or the end, so `e.g. "main"` inside it does not end it.
 */
const ARGUMENTS_SENTENCE = /(?:^|\s)Arguments: .*?\.(?=\s+[A-Z`<]|\s*$)/;

/** Options of {@link querySourcesText}. */
export type QuerySourcesTextOptions = {
  /** `compact` drops each description's "Arguments: …" sentence. */
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
    const description = options.detail === "compact" ? full?.replace(ARGUMENTS_SENTENCE, "").trim() : full;
    return `- \`@Query("${name}", ${describeSchema(schema)})\`${description ? ` — ${description}` : ""}`;
  });
  return [
    "# Live data (@Query)",
    `In a \`${UI_FENCE_LANGUAGE}\` block, \`$name = @Query("source", {arguments})\` reads live project rows (a list of records), fetched when the block is shown and again when state its arguments read changes (\`{branch: "main", failedOnly: $failedOnly}\`); until then it is null. An argument marked \`?\` is optional; one without is required, with no default; any other is refused. Only these sources exist:`,
    ...lines,
    "Never invent a source or type rows you have not seen as if they were live; when no source fits, say so.",
  ].join("\n");
}
