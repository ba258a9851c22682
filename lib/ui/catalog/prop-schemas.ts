/**
 * Zod schemas shared by the catalog's components. They validate *evaluated*
 * props: a static `prop="…"` arrives as a string, an expression prop as the
 * value it evaluated to, a bare flag as `true`.
 *
 * Static strings meet typed props through two preprocess steps, because a
 * model writes `max="100"` and `sortable="true"` as often as `max={100}`:
 * a number prop accepts a string that is exactly a decimal number (surrounding
 * spaces allowed) and a boolean prop accepts "true" / "false". Nothing else is
 * coerced: `"ten"`, `""`, `"1e999"` and `"0x10"` are refused.
 */
import { z } from "zod";
import { UI_LITERAL_NAMES, UI_RESERVED_NAMES } from "../expression/parse";
import { safeKey, type UiRecord } from "../expression/value";
import { UI_LINK_TARGET_LIMITS } from "../link/target";
import { uiJsonListSchema } from "./json-list";
import { UI_PROP_LIMITS } from "./prop-limits";

/** A decimal number as a model writes it in a static prop: `100`, `-2.5`, `.5`, `1e3`. */
const DECIMAL_NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** C0/C1 controls, DEL and the invisible format characters that disguise a link or a path. */
const CONTROL_OR_INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** A static string that is a decimal number becomes that number; anything else passes through unchanged. */
export function uiNumericString(input: unknown): unknown {
  if (typeof input !== "string") return input;
  const trimmed = input.trim();
  if (!DECIMAL_NUMBER.test(trimmed)) return input;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : input;
}

/** "true" / "false" (any case, trimmed) become booleans; anything else passes through unchanged. */
export function uiBooleanString(input: unknown): unknown {
  if (typeof input !== "string") return input;
  const word = input.trim().toLowerCase();
  if (word === "true") return true;
  if (word === "false") return false;
  return input;
}

/** A finite number prop that also accepts a decimal string. */
export function uiNumberProp(schema: z.ZodNumber = z.number()) {
  return z.preprocess(uiNumericString, schema);
}

/** A boolean prop that also accepts "true" / "false". */
export function uiBooleanProp() {
  return z.preprocess(uiBooleanString, z.boolean());
}

/** A label or title: one short line. */
export const UiLabelSchema = z.string().max(UI_PROP_LIMITS.label);

/** A sentence: a subtitle, caption, context or placeholder. */
export const UiSentenceSchema = z.string().max(UI_PROP_LIMITS.sentence);

/** A short token such as a unit. */
export const UiTokenSchema = z.string().max(UI_PROP_LIMITS.token);

/** A record field name (a `Column.field`, a chart series): never a prototype key. */
export const UiFieldNameSchema = z
  .string()
  .min(1)
  .max(UI_PROP_LIMITS.token)
  .refine(safeKey, "__proto__, constructor and prototype cannot be field names");

/** A local name bound by `Each as="…"`: an identifier, never a forbidden key or a reserved word. */
export const UiLocalNameSchema = z
  .string()
  .max(UI_PROP_LIMITS.token)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "a local name is letters, digits and '_', not starting with a digit")
  .refine((name) => safeKey(name) && !UI_LITERAL_NAMES.has(name) && !UI_RESERVED_NAMES.has(name), {
    message: "this word cannot be a local name",
  });

/** A stable id a host can store and send back (`Choice.id`). */
export const UiIdentifierSchema = z
  .string()
  .max(UI_PROP_LIMITS.token)
  .regex(/^[A-Za-z0-9_-]+$/, "an id is letters, digits, '_' and '-'")
  .refine(safeKey, "__proto__, constructor and prototype cannot be ids");

/** An attachment id issued by the host: never a URL or a path (no ':', '/', '.' or spaces). */
export const UiAttachmentIdSchema = z
  .string()
  .max(UI_PROP_LIMITS.identifier)
  .regex(/^[A-Za-z0-9_-]+$/, "an attachment is the host's id, never a URL or a path");

/** A language name for highlighting (`ts`, `c++`, `objective-c`, `c#`). */
export const UiLanguageSchema = z
  .string()
  .max(UI_PROP_LIMITS.token)
  .regex(/^[A-Za-z0-9_+#.-]+$/, "a language is a short name such as ts or python");

/** A path inside the project: bounded, without control or invisible characters; the host decides whether it belongs. */
export const UiPathSchema = z
  .string()
  .min(1)
  .max(UI_LINK_TARGET_LIMITS.path)
  .refine((path) => !CONTROL_OR_INVISIBLE.test(path), "a path has no control or invisible characters");

/** A git revision (branch, tag, `HEAD~2`, a sha): no spaces or control characters. */
export const UiRevisionSchema = z
  .string()
  .max(UI_LINK_TARGET_LIMITS.revision)
  .regex(/^[A-Za-z0-9._\/@{}~^:-]+$/, "a revision is a branch, tag or sha");

/** A line number in a file (1-based), bounded like a link target's. */
export const UiLineSchema = z.number().int().min(1).max(UI_LINK_TARGET_LIMITS.line);

/** A commit sha, abbreviated (at least 4 hex digits) or full (SHA-1 or SHA-256). */
export const UiShaSchema = z.string().regex(/^[0-9a-fA-F]{4,64}$/, "a sha is 4 to 64 hex digits");

/** A project model node id: an opaque reference without spaces or control characters. */
export const UiNodeReferenceSchema = z
  .string()
  .max(UI_LINK_TARGET_LIMITS.ref)
  .regex(/^[^\s\u0000-\u001f\u007f-\u009f]+$/, "a node reference has no spaces or control characters")
  .refine((reference) => !CONTROL_OR_INVISIBLE.test(reference), "a node reference has no invisible characters");

/**
 * An http(s) link. Surrounding spaces are trimmed; control and invisible
 * characters, other schemes (`javascript:`, `data:`, `file:` in any case),
 * credentials (`https://bank.example@evil.example`) and host-less URLs are
 * refused. The output is the normalised URL, which contains no `<`, `>`,
 * spaces or quotes, so a renderer or Markdown fallback can use it as is.
 */
export const UiHrefSchema = z
  .string()
  .max(UI_PROP_LIMITS.href)
  .transform((raw, context) => {
    const trimmed = raw.trim();
    const refuse = (message: string) => {
      context.addIssue({ code: "custom", message, input: raw });
      return z.NEVER;
    };
    if (CONTROL_OR_INVISIBLE.test(trimmed)) return refuse("a link has no control or invisible characters");
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      return refuse("a link is an absolute http(s) URL");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return refuse("a link is http or https only");
    if (url.username !== "" || url.password !== "") return refuse("a link carries no user name or password");
    if (url.hostname === "") return refuse("a link names a host");
    return url.href;
  });

/**
 * A list of records (`Table.rows`); `null` (a query that has not answered
 * yet) counts as empty, so a panel shows "no rows" instead of an error.
 * Checked and copied by one walk (json-list.ts), not by zod per cell.
 */
export const UiRowsSchema = uiJsonListSchema<UiRecord>({ items: "records" });

/** Chart series: a list of field names, or a comma-separated static string (`series="passed, failed"`). */
export const UiSeriesSchema = z.preprocess(
  (input) =>
    typeof input === "string"
      ? input
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name !== "")
      : input,
  z.array(UiFieldNameSchema).min(1).max(UI_PROP_LIMITS.series),
);
