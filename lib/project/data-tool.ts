/**
 * `read_project_data`: the model's read-only view of the query sources, so a
 * reply can summarise the rows a ```ui block shows live (`@Query`). One tool
 * taking `{source, arguments}` rather than one tool per source: the sources
 * and their arguments are `@Query`'s, which the system prompt already lists
 * once, so the model learns one shape for both, and the tools payload does
 * not repeat eight descriptions.
 *
 * It runs as the chat's owner through the same path as the query route
 * (`readProjectSource`): the chat authorized for them, the chat's project
 * authorized for them, the source's argument schema, row cap and time bound,
 * and the person's quota on the `tool` channel. What goes back to the model
 * is sized for its context: at most `DATA_TOOL_ROW_LIMIT` rows and
 * `DATA_TOOL_CHARACTER_LIMIT` characters, with a note saying how many rows
 * were left out. Every refusal is a result the model reads
 * (`{ok: false, error: {code, message}}`); nothing throws into the AI SDK.
 */
import "server-only";
import { tool } from "ai";
import { toolInputSchema } from "@/lib/models/tool-input-schema";
import { z } from "zod";
import { authorizeChat, type Actor } from "@/lib/auth/policy";
import { isAppError, toAppError, type PublicError } from "@/lib/errors";
import type { UiRecord } from "@/lib/ui/expression/value";
import { authorizeProject } from "./authorize-project";
import type { QueryQuota } from "./query-quota";
import { PROJECT_QUERY_SOURCES } from "./query-sources";
import { readProjectSource } from "./read-project-source";

/** The tool's name, as the model calls it. */
export const READ_PROJECT_DATA_TOOL_NAME = "read_project_data";

/** Most rows one call hands the model: enough to summarise a table, few enough to leave the reply room. */
export const DATA_TOOL_ROW_LIMIT = 50;

/** Most characters of rows (as JSON) one call hands the model: about 2,000 tokens. */
export const DATA_TOOL_CHARACTER_LIMIT = 8_000;

/** UTF-16 units of a source name the tool accepts: names are short words. */
const SOURCE_NAME_LIMIT = 100;

const DESCRIPTION =
  `Read rows of a project query source (${Object.keys(PROJECT_QUERY_SOURCES).join(", ")}) with the same arguments as @Query, ` +
  "to quote or summarise them in your prose. It returns at most 50 rows and says how many were left out. " +
  "To show the rows to the person, still write a ```ui block that reads them live with $x = @Query(source, {arguments}).";

/** What the model sends. */
export const ReadProjectDataInputSchema = z.object({
  source: z.string().min(1).max(SOURCE_NAME_LIMIT).describe("The query source, as @Query names it."),
  arguments: z.record(z.string(), z.unknown()).optional().describe("The source's arguments, as in @Query; omit for none."),
});
/** What the model sends. */
export type ReadProjectDataInput = z.infer<typeof ReadProjectDataInputSchema>;

/** What the model reads back. */
export type ReadProjectDataResult =
  | {
      ok: true;
      source: string;
      rows: UiRecord[];
      /** Rows the source returned (at most its cap); `rows` holds the first of them. */
      rowCount: number;
      /** Rows of `rowCount` left out to fit the model's context. */
      leftOut: number;
      /** True when the source had more rows than its cap or the requested limit, beyond `rowCount`. */
      more: boolean;
      /** Says what was left out, when anything was. */
      note?: string;
    }
  | { ok: false; source: string; error: PublicError };

/** Who the tool reads for: the chat's owner (the chat turn authenticated them) and their chat. */
export type ProjectDataScope = { userId: string; chatId: string; quota?: QueryQuota };

/** The first rows of `rows` that fit both limits. */
function fitRows(rows: readonly UiRecord[]): UiRecord[] {
  const kept: UiRecord[] = [];
  let characters = 2;
  for (const row of rows.slice(0, DATA_TOOL_ROW_LIMIT)) {
    const size = JSON.stringify(row).length + 1;
    if (characters + size > DATA_TOOL_CHARACTER_LIMIT) break;
    kept.push(row);
    characters += size;
  }
  return kept;
}

/** Reads one source for the scope's person and sizes the answer (see the file comment); never throws. */
export async function readProjectData(scope: ProjectDataScope, input: ReadProjectDataInput): Promise<ReadProjectDataResult> {
  // The chat turn runs for the chat's owner; the policy reads only the user id, and a plain role never
  // grants more than their own chats and projects.
  const actor: Actor = { userId: scope.userId, role: "user", isGuest: false, name: "" };
  try {
    const chat = await authorizeChat(actor, scope.chatId, "read");
    const project = await authorizeProject(actor, chat.projectId);
    const result = await readProjectSource({
      actor,
      project,
      source: input.source,
      arguments: input.arguments ?? {},
      channel: "tool",
      ...(scope.quota ? { quota: scope.quota } : {}),
    });
    const rows = fitRows(result.rows);
    const leftOut = result.rows.length - rows.length;
    const notes: string[] = [];
    if (leftOut > 0) notes.push(`${leftOut} of ${result.rows.length} rows were left out to fit your context; ask for fewer (a limit or a filter) to see them.`);
    if (result.truncated) notes.push("The source had more rows than it returns at once.");
    return {
      ok: true,
      source: input.source,
      rows,
      rowCount: result.rows.length,
      leftOut,
      more: result.truncated,
      ...(notes.length > 0 ? { note: notes.join(" ") } : {}),
    };
  } catch (caught) {
    const error = toAppError(caught, "query");
    if (!isAppError(caught) || error.visibility === "log") console.error(`chat: ${READ_PROJECT_DATA_TOOL_NAME} failed`, caught);
    return { ok: false, source: input.source, error: error.toPublic() };
  }
}

/** The tool for one chat's reply, keyed by its name for `streamText({tools})`. */
export function projectDataTools(scope: ProjectDataScope) {
  return {
    [READ_PROJECT_DATA_TOOL_NAME]: tool({
      description: DESCRIPTION,
      inputSchema: toolInputSchema(ReadProjectDataInputSchema),
      execute: (input) => readProjectData(scope, input),
    }),
  };
}
