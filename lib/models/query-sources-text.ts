/**
 * The system prompt's section on the live data a ```ui block may read with
 * `@Query`: each source the host offers, with its arguments printed from the
 * same zod schema the compiler checks them against, and the schema's
 * description (what it returns, row by row). The host passes its schemas in
 * (`SystemPromptOptions.querySchemas`); nothing here knows the project model.
 */
import { z } from "zod";
import { describeSchema } from "@/lib/genui/guide/describe-schema";
import { UI_FENCE_LANGUAGE } from "@/lib/ui/catalog/catalog";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";

/** The section for `querySchemas` (a short "none" section when the host offers no source). */
export function querySourcesText(querySchemas: UiQuerySchemas): string {
  const names = Object.keys(querySchemas).sort();
  if (names.length === 0) {
    return ["# Live data (@Query)", `No query source is available in this conversation: do not declare \`@Query\` in \`${UI_FENCE_LANGUAGE}\` blocks; write the values you know as literals.`].join("\n");
  }
  const lines = names.map((name) => {
    const schema = querySchemas[name] as z.ZodType;
    const description = schema.description?.trim();
    return `- \`@Query("${name}", ${describeSchema(schema)})\`${description ? ` — ${description}` : ""}`;
  });
  return [
    "# Live data (@Query)",
    `In \`${UI_FENCE_LANGUAGE}\` blocks, \`$name = @Query("source", {arguments})\` reads the project's live data: the host fetches the rows when the block is shown, and again when state the arguments read changes (e.g. \`{branch: "main", failedOnly: $failedOnly}\` with a Switch bound to \`$failedOnly\`). The rows are a list of records; until they arrive the variable is null. Only these sources exist (an argument marked \`?\` is optional; any other argument is refused):`,
    ...lines,
    "Never invent a source or copy rows you have not seen into a block as if they were live; when no source fits, say so in prose.",
  ].join("\n");
}
