/**
 * The system prompt's section on the live data a ```ui block may read with
 * `@Query`: each source the host offers, with its arguments printed from the
 * same zod schema the compiler checks them against — ranges and defaults
 * included, so what the prompt says a limit takes is what the compiler
 * clamps it to — and the schema's description (what it returns in which
 * order, then its rows' shape). The host passes its schemas in
 * (`SystemPromptOptions.querySchemas`); nothing here knows the project
 * model. One line per source and nothing else per source: every source
 * added costs every prompt its line.
 */
import { z } from "zod";
import { UI_FENCE_LANGUAGE } from "@/lib/ui/catalog/catalog";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";

/**
 * Where a source description's sentences end: a full stop before a capital,
 * a backtick, a tag or a lower-case argument name, so `e.g. "main"` and
 * `2,000` do not end one.
 */
const SENTENCE_END = /(?<=\.)\s+(?=[A-Za-z`<])/;

/** A `string` field of a row shape (`{name: string, ms: number}`): the section's legend says an untyped field is text. */
const STRING_FIELD = /(\w+\??): string(?=[,}])/g;

/** A field of a row shape that may be null (`resolvedAt: string | null`): the legend says `?` on a row field means that. */
const NULLABLE_FIELD = /(\w+): (\w+(?:\[\])?) \| null(?=[,}])/g;

/** A row shape as the section prints it: text untyped, nullable fields marked `?`. */
function rowText(text: string): string {
  return text.replace(NULLABLE_FIELD, "$1?: $2").replace(STRING_FIELD, "$1");
}

/** The type of one argument: text untyped, enumerations bare (`open|resolved`), numbers as their range, ISO dates by their form. */
function argumentType(schema: z.core.$ZodType): string | undefined {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) return argumentType(schema.unwrap() as z.core.$ZodType);
  if (schema instanceof z.ZodISODate) return "YYYY-MM-DD";
  if (schema instanceof z.ZodString) return undefined;
  if (schema instanceof z.ZodEnum) return schema.options.join("|");
  if (schema instanceof z.ZodBoolean) return "boolean";
  if (schema instanceof z.ZodNumber) {
    const { minValue, maxValue } = schema;
    const bounded = (value: number | null) => value !== null && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER;
    return bounded(minValue) && bounded(maxValue) ? `${minValue}–${maxValue}` : "number";
  }
  return "value";
}

/** `{branch, limit?: 1–100 = 20, failedOnly?: boolean}`: a source's arguments as the section prints them. */
export function querySignature(schema: z.core.$ZodType): string {
  if (!(schema instanceof z.ZodObject)) return "{}";
  const fields = Object.entries(schema.shape as Record<string, z.core.$ZodType>).map(([name, field]) => {
    const optional = field instanceof z.ZodOptional || field instanceof z.ZodDefault;
    const type = argumentType(field);
    const fallback = field instanceof z.ZodDefault ? ` = ${JSON.stringify(field.def.defaultValue)}` : "";
    return `${name}${optional ? "?" : ""}${type ? `: ${type}` : ""}${fallback}`;
  });
  return `{${fields.join(", ")}}`;
}

/**
 * The compact form of a source's description: its first sentence (what it
 * returns, in which order) and its "Rows: {…}" sentence. What comes between
 * (what one argument means) costs every small model's prompt a line's worth
 * of tokens per source, and the signature says most of it.
 */
function compactDescription(description: string): string {
  const sentences = description.split(SENTENCE_END);
  return sentences.filter((sentence, index) => index === 0 || sentence.startsWith("Rows:")).join(" ");
}

/** A description's closing "Rows: {…}." sentence: the line prints the shape after an arrow, as a signature's result. */
const ROWS_SENTENCE = /^(.*?)\s*Rows: (\{.*\})\.?$/;

/** What follows a source's signature: ` → {rows}: what it returns, in which order`, or the description as written when it names no rows. */
function sourceLineTail(description: string): string {
  const rows = ROWS_SENTENCE.exec(description);
  if (!rows) return `: ${description}`;
  const [, what, shape] = rows;
  return ` → ${shape}${what ? `: ${what}` : ""}`;
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
    return `- ${name} ${querySignature(schema)}${description ? sourceLineTail(rowText(description)) : ""}`;
  });
  return [
    "# Live data (@Query)",
    `\`$name = @Query("source", {arguments})\` reads project rows, null until they arrive and read again when state in its arguments changes. Arguments are literals or state, never another query's rows; \`?\` marks optional ones (\`= x\`: the default), the rest are required; a number past its range is clamped to it, any other misfit refused. Row fields are text unless typed; \`?\`: may be null. Sources:`,
    ...lines,
    "Never invent a source, or rows as if they were live; when no source fits, say so.",
  ].join("\n");
}
