import { searchChats } from "@/db/queries/chat-search";
import { requireActor } from "@/lib/auth/policy";
import { CHAT_SEARCH_QUERY_MAX_LENGTH, type ChatSearchResults } from "@/lib/chat/list/chat-search";
import { toErrorResponse } from "@/lib/errors";

// The chat list's search: `?q=` over the titles and visible message text of
// the signed-in person's own chats (never a comparison's panes), newest
// first, each with a plain-text snippet of the match. A query longer than
// `CHAT_SEARCH_QUERY_MAX_LENGTH` is read up to it. Listed in lib/auth/registry.ts.

/** The person's chats matching `q`; an empty list for a query without words. */
export async function GET(request: Request): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, CHAT_SEARCH_QUERY_MAX_LENGTH);
    const body: ChatSearchResults = { query, results: await searchChats({ userId: actor.userId, query }) };
    return Response.json(body, { headers: { "cache-control": "no-store" } });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
