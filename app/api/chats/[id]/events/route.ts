import { requireActor } from "@/lib/auth/policy";
import { getChatCore } from "@/lib/chat/core/process-chat-core";
import { openChatEventStream, SSE_HEADERS } from "@/lib/chat/events/chat-event-stream";
import { toErrorResponse } from "@/lib/errors";

// A chat's live channel as server-sent events: `snapshot` first, then every
// event (text deltas, previews, cards, reply ends, messages, chat changes),
// with heartbeats; it stops following the chat when the client disconnects.
// A reconnect starts again from a fresh snapshot. A client that does not
// accept `text/event-stream` gets the snapshot alone, as JSON. Chat owner only
// (lib/auth/registry.ts): another user's chat is not found.

/** The live channel (`Accept: text/event-stream`), or the snapshot as JSON for any other client. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id } = await context.params;
    const core = getChatCore();
    if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) {
      return Response.json(await core.getChatSnapshot(actor, id), { headers: { "cache-control": "no-store" } });
    }
    const stream = await openChatEventStream({ core, actor, chatId: id, signal: request.signal });
    return new Response(stream, { headers: SSE_HEADERS });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
