import { getAuth } from "@/lib/auth/auth";
import { toErrorResponse } from "@/lib/errors";

// better-auth's own endpoints (session, sign-in, sign-up, guest, sign-out); it
// authenticates each one itself. Registered as public in lib/auth/registry.ts.

async function handle(request: Request): Promise<Response> {
  try {
    const auth = await getAuth();
    return await auth.handler(request);
  } catch (caught) {
    return toErrorResponse(caught);
  }
}

/** better-auth's GET endpoints (e.g. `get-session`). */
export function GET(request: Request): Promise<Response> {
  return handle(request);
}

/** better-auth's POST endpoints (sign-in, sign-up, `sign-in/anonymous`, sign-out). */
export function POST(request: Request): Promise<Response> {
  return handle(request);
}
