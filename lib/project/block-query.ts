/**
 * One `@Query` of a stored block, answered for the block's viewer: what the
 * query route (`POST /api/chats/[id]/queries`) does after reading the body.
 * The stored definition decides the source and the arguments; the client
 * only supplies the values of the block's visible inputs, which are checked
 * as a person could have set them (`uiValidatedState`) before the arguments
 * are evaluated (`uiQueryArguments`) and checked against the source's schema.
 * The answer carries the definition key (`uiQueryKey`), so the client's
 * `state.setQuery` refuses it for a definition that has since been replaced.
 */
import "server-only";
import { z } from "zod";
import type { Actor } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import type { UiRecord } from "@/lib/ui/expression/value";
import { UiFailure } from "@/lib/ui/failure";
import { uiQueryArguments } from "@/lib/ui/query/query-arguments";
import type { UiQuery } from "@/lib/ui/query/query";
import { uiValidatedState } from "@/lib/ui/link/validated-state";
import { readProjectSource } from "./read-project-source";
import { loadStoredBlock } from "./stored-block";

/** Bounds on the ids a request names: message ids are UUIDs; block ids are at most 200 units plus the reply's id. */
const REQUEST_ID_LIMITS = { messageId: 200, blockId: 400, name: 200, key: 100_000 } as const;

/** The body of a query request. */
export const BlockQueryRequestSchema = z.strictObject({
  messageId: z.string().min(1).max(REQUEST_ID_LIMITS.messageId),
  blockId: z.string().min(1).max(REQUEST_ID_LIMITS.blockId),
  /** The declared name without `$`. */
  name: z.string().min(1).max(REQUEST_ID_LIMITS.name),
  /** The block's input values as the person set them (`uiInputValues`); absent means the declared defaults. */
  values: z.unknown().optional(),
  /** The definition key the client holds; when given and stale, the request is refused (`conflict:query`). */
  key: z.string().max(REQUEST_ID_LIMITS.key).optional(),
});
/** The body of a query request. */
export type BlockQueryRequest = z.infer<typeof BlockQueryRequestSchema>;

/** What the query route answers. */
export type BlockQueryAnswer = {
  name: string;
  /** The stored definition's key: `state.setQuery(name, rows, answer)` accepts the rows only for that definition. */
  key: string;
  /** The definition the rows were read for (so the answer can be handed to `state.setQuery` as it is). */
  source: string;
  arguments: UiRecord;
  rows: UiRecord[];
  truncated: boolean;
};

/** What a client is told when the stored definition is not the one it asked for. */
export const REPLACED_QUERY_MESSAGE = "This query was replaced by a newer version of the block. Reload to see it.";

/** Parses a request body, refusing anything else with `bad_request:query`. */
export function parseBlockQueryRequest(body: unknown): BlockQueryRequest {
  const parsed = BlockQueryRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError("bad_request:query", { message: "A query request names a message, a block and a query.", detail: parsed.error.message });
  }
  return parsed.data;
}

/** A refusal of `lib/ui` as the route's error. */
export function queryRefusal(caught: unknown, what: string): AppError {
  if (!(caught instanceof UiFailure)) return new AppError("internal:query", { detail: what, cause: caught });
  if (caught.code === "unknown_query") return new AppError("not_found:query", { message: "This block declares no query of that name.", detail: caught.message });
  return new AppError("bad_request:query", { message: `${what} ${caught.message}`, detail: caught.code });
}

/** Answers one query of a stored block (see the file comment). */
export async function answerBlockQuery(input: { actor: Actor; chatId: string; body: unknown }): Promise<BlockQueryAnswer> {
  const request = parseBlockQueryRequest(input.body);
  const { project, block } = await loadStoredBlock({ actor: input.actor, chatId: input.chatId, messageId: request.messageId, blockId: request.blockId });
  let values: UiRecord;
  let query: UiQuery;
  try {
    values = uiValidatedState(block, request.values ?? {});
  } catch (caught) {
    throw queryRefusal(caught, "The block's values were refused:");
  }
  try {
    query = uiQueryArguments(block, request.name, values);
  } catch (caught) {
    throw queryRefusal(caught, "The query's arguments were refused:");
  }
  if (request.key !== undefined && request.key !== query.key) {
    throw new AppError("conflict:query", { message: REPLACED_QUERY_MESSAGE, detail: `${request.name} of ${block.id}` });
  }
  const result = await readProjectSource({ actor: input.actor, project, source: query.source, arguments: query.arguments, channel: "query" });
  return { name: query.name, key: query.key, source: query.source, arguments: { ...query.arguments }, rows: result.rows, truncated: result.truncated };
}
