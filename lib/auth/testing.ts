/**
 * Test support for the auth layer: real better-auth sessions over an
 * in-memory PGlite, and the request headers that carry them. Test-only.
 */
import { readFile } from "node:fs/promises";
import type { Auth } from "./auth";
import type { OutboxEntry } from "./log-verification-sender";

/** The Cookie header a browser would send back after a response's Set-Cookie headers. */
export function cookieHeaderOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

/** Request headers of a signed-in browser (or of a stranger, with no cookie). */
export function requestHeaders(cookie?: string): Headers {
  const headers = new Headers({ origin: "http://localhost:3000", "user-agent": "vitest" });
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

/** A signed-in person for a test. */
export type TestPerson = { userId: string; email: string; password: string; headers: Headers };

let peopleCreated = 0;

/** Signs up a new person through better-auth and returns their session headers. */
export async function signUpPerson(auth: Auth, options: { email?: string; name?: string; headers?: Headers } = {}): Promise<TestPerson> {
  peopleCreated += 1;
  const email = options.email ?? `person-${peopleCreated}-${crypto.randomUUID()}@example.test`;
  const password = "a long enough password";
  const response = await auth.api.signUpEmail({
    body: { email, password, name: options.name ?? `Person ${peopleCreated}` },
    headers: options.headers ?? requestHeaders(),
    asResponse: true,
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { userId: body.user.id, email, password, headers: requestHeaders(cookieHeaderOf(response)) };
}

/** Signs an existing person in again (a new session) and returns its headers. */
export async function signInPerson(auth: Auth, person: { email: string; password: string }, headers?: Headers): Promise<Headers> {
  const response = await auth.api.signInEmail({
    body: { email: person.email, password: person.password },
    headers: headers ?? requestHeaders(),
    asResponse: true,
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return requestHeaders(cookieHeaderOf(response));
}

/** Starts a guest session and returns the guest's id and headers. */
export async function signInGuest(auth: Auth): Promise<{ userId: string; headers: Headers }> {
  const response = await auth.api.signInAnonymous({ headers: requestHeaders(), asResponse: true });
  if (!response.ok) throw new Error(`guest sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { userId: body.user.id, headers: requestHeaders(cookieHeaderOf(response)) };
}

/** The mails the log sender appended to an outbox file, oldest first (none when it does not exist yet). */
export async function readOutbox(outboxFile: string): Promise<OutboxEntry[]> {
  let text: string;
  try {
    text = await readFile(outboxFile, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as OutboxEntry);
}

/** The newest verification link the outbox holds for an address; throws when there is none. */
export async function latestVerificationLink(outboxFile: string, email: string): Promise<string> {
  const mails = (await readOutbox(outboxFile)).filter((mail) => mail.to === email.toLowerCase());
  const newest = mails.at(-1);
  if (!newest) throw new Error(`no verification mail to ${email} in ${outboxFile}`);
  return newest.url;
}

/** Opens a link to better-auth (a verification link) as the browser whose headers are given, through its HTTP handler. */
export async function openAuthLink(auth: Auth, url: string, headers: Headers = requestHeaders()): Promise<Response> {
  return auth.handler(new Request(url, { method: "GET", headers }));
}
