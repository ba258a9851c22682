import { requireActor } from "@/lib/auth/policy";
import { openChatEventStream, SSE_HEADERS } from "@/lib/chat/events/chat-event-stream";
import { getCompareService } from "@/lib/compare/run/process-compare";
import { toErrorResponse } from "@/lib/errors";

// One comparison pane's live channel as server-sent events, the same frames
// as a chat's (snapshot first, then deltas, previews, cards, the reply's end);
// while the run is blind every name is masked on the server before it is
// sent. A client that does not accept `text/event-stream` gets the pane's
// snapshot alone, as JSON. Its owner or a person it is shared with
// (lib/auth/registry.ts).

/** The pane's live channel (`Accept: text/event-stream`), or its snapshot as JSON for any other client. */
export async function GET(request: Request, context: { params: Promise<{ id: string; paneId: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id, paneId } = await context.params;
    const service = getCompareService();
    if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) {
      return Response.json(await service.paneSnapshot(actor, { runId: id, paneId }), { headers: { "cache-control": "no-store" } });
    }
    const stream = await openChatEventStream({
      core: { watchChat: (watcher, pane, viewer) => service.watchPane(watcher, { runId: id, paneId: pane }, viewer) },
      actor,
      chatId: paneId,
      signal: request.signal,
    });
    return new Response(stream, { headers: SSE_HEADERS });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
