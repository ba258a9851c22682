/**
 * A server action called over HTTP as the browser calls it, for the process
 * suites that need the refusal as well as the success: the HTTP status and
 * the action's `{ok, …}` result, whatever it says (`callBenchAction` throws
 * on a refusal).
 */
import { z } from "zod";
import { actionResultOf, type BenchSession } from "../bench/bench-client";

/** What a call answered: the HTTP status and the action's result (null when the body held none, e.g. a 500 page). */
export type ActionCall = {
  status: number;
  result: { ok: true; [key: string]: unknown } | { ok: false; error: { code: string; message: string } } | null;
  body: string;
};

const ActionResultSchema = z.union([
  z.object({ ok: z.literal(true) }).passthrough(),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }).passthrough() }),
]);

/** Posts one call of the action `actionId` with `input` to `session`'s server (to `pagePath`, default `/`). */
export async function callAction(session: Pick<BenchSession, "baseUrl" | "cookie">, actionId: string, input: unknown, pagePath = "/"): Promise<ActionCall> {
  const response = await fetch(`${session.baseUrl}${pagePath}`, {
    method: "POST",
    headers: {
      cookie: session.cookie,
      origin: session.baseUrl,
      "next-action": actionId,
      accept: "text/x-component",
      "content-type": "text/plain;charset=UTF-8",
    },
    body: JSON.stringify([input]),
  });
  const body = await response.text();
  let result: ActionCall["result"] = null;
  try {
    const parsed = ActionResultSchema.safeParse(actionResultOf(body));
    if (parsed.success) result = parsed.data as ActionCall["result"];
  } catch {
    // No result row: the status (and the body) say what happened instead.
  }
  return { status: response.status, result, body };
}
