import { requireActor } from "@/lib/auth/policy";
import { getChatCore } from "@/lib/chat/core/process-chat-core";
import { SSE_HEADERS } from "@/lib/chat/events/chat-event-stream";
import { openChatListStream } from "@/lib/chat/events/chat-list-stream";
import { toErrorResponse } from "@/lib/errors";

// The signed-in person's chat list as server-sent events: the list first,
// then again whenever a chat of theirs is created, renamed, deleted or gets a
// new turn, in any tab or on any device. A client that does not accept
// `text/event-stream` gets the list once, as JSON. Only the actor's own
// chats, ever (lib/auth/registry.ts).

/** The list channel (`Accept: text/event-stream`), or the list as JSON for any other client. */
export async function GET(request: Request): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const core = getChatCore();
    if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) {
      return Response.json({ type: "chats", chats: await core.listChats(actor) }, { headers: { "cache-control": "no-store" } });
    }
    const stream = await openChatListStream({ core, actor, signal: request.signal });
    return new Response(stream, { headers: SSE_HEADERS });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
