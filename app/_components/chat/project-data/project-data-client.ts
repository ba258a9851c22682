/**
 * How the chat asks the server for a block's project data: the query route
 * (`POST /api/chats/[id]/queries`) and the links route (`POST
 * /api/chats/[id]/links`). Answers are validated before use — the browser
 * trusts the wire no more than the server trusts the browser.
 */
import { z } from "zod";
import { UiValueSchema, type UiRecord } from "@/lib/ui/expression/value";
import { UiQuerySchema } from "@/lib/ui/query/query";
import { UiLinkResolutionSchema, type UiLinkResolution } from "@/lib/ui/link/resolution";

/** What the query route answers: the evaluated query (`UiQuery`, which `state.setQuery` takes as it is) with its rows. */
export const BlockQueryAnswerSchema = UiQuerySchema.extend({
  rows: z.array(z.record(z.string(), UiValueSchema)),
  truncated: z.boolean(),
});
/** What the query route answers. */
export type BlockQueryAnswer = z.infer<typeof BlockQueryAnswerSchema>;

/** What the links route answers. */
export const BlockLinksAnswerSchema = z.object({ resolutions: z.array(UiLinkResolutionSchema) });

/** An error body of either route (lib/errors.ts `PublicError`). */
const ErrorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** What the person is told when the server could not be reached or answered nonsense. */
export const UNREACHABLE_MESSAGE = "The server could not be reached. Check your connection and try again.";

/** A refusal or failure of a project data request, with words safe to show. */
export class ProjectDataError extends Error {
  /** The server's error code (`not_found:query`, …), or `network` / `invalid_answer`. */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = "ProjectDataError";
    this.code = code;
  }
}

/** One query request. */
export type BlockQueryRequest = { messageId: string; blockId: string; name: string; values: UiRecord; key: string };
/** One links request. */
export type BlockLinksRequest = { messageId: string; blockId: string; values: UiRecord };

/** The two requests a block makes. */
export type ProjectDataClient = {
  query(request: BlockQueryRequest, signal: AbortSignal): Promise<BlockQueryAnswer>;
  links(request: BlockLinksRequest, signal: AbortSignal): Promise<UiLinkResolution[]>;
};

/** Posts `body` and returns the validated answer; throws `ProjectDataError` (or the abort). */
async function post<Schema extends z.ZodType>(fetcher: typeof fetch, url: string, body: unknown, schema: Schema, signal: AbortSignal): Promise<z.infer<Schema>> {
  let response: Response;
  try {
    response = await fetcher(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal, cache: "no-store" });
  } catch (caught) {
    if (signal.aborted) throw caught;
    throw new ProjectDataError("network", UNREACHABLE_MESSAGE);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = ErrorBodySchema.safeParse(json);
    throw error.success ? new ProjectDataError(error.data.error.code, error.data.error.message) : new ProjectDataError(`http_${response.status}`, UNREACHABLE_MESSAGE);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ProjectDataError("invalid_answer", UNREACHABLE_MESSAGE);
  return parsed.data;
}

/** The client of one chat's routes (`fetcher` is the browser's `fetch` unless a test passes its own). */
export function projectDataClient(chatId: string, fetcher: typeof fetch = (...parameters) => fetch(...parameters)): ProjectDataClient {
  const base = `/api/chats/${encodeURIComponent(chatId)}`;
  return {
    query: (request, signal) => post(fetcher, `${base}/queries`, request, BlockQueryAnswerSchema, signal),
    links: async (request, signal) => (await post(fetcher, `${base}/links`, request, BlockLinksAnswerSchema, signal)).resolutions,
  };
}
