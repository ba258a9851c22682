/**
 * The app's one error type. Every failure a route handler, server action or
 * query raises on purpose is an `AppError` with a stable code shaped
 * `kind:surface` (`not_found:chat`, `offline:database`): the kind fixes the
 * HTTP status, the surface fixes whether the message may be shown to the
 * person or is only logged. Wording lives in the tables below, apart from the
 * code that raises the error.
 */

/** HTTP status for each kind of failure. */
export const ERROR_KIND_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limit: 429,
  internal: 500,
  offline: 503,
} as const;

/** What went wrong, independent of where: `not_found`, `unauthorized`, … */
export type ErrorKind = keyof typeof ERROR_KIND_STATUS;

/** Where it went wrong: the part of the product the person was using. */
export const ERROR_SURFACES = [
  "api",
  "auth",
  "chat",
  "message",
  "panel",
  "preamble",
  "admin",
  "compare",
  "database",
  "model",
  "stream",
  "query",
  "link",
  "project",
  "artifact",
  "attachment",
  "settings",
] as const;

/** Where it went wrong: the part of the product the person was using. */
export type ErrorSurface = (typeof ERROR_SURFACES)[number];

/** A stable error identity, `kind:surface`. */
export type ErrorCode = `${ErrorKind}:${ErrorSurface}`;

/** `response`: the message is safe to show; `log`: only a generic message leaves the server. */
export type ErrorVisibility = "response" | "log";

/**
 * Surfaces whose messages never leave the server: a database or model failure
 * can carry connection strings, SQL or provider text.
 */
const LOG_ONLY_SURFACES: ReadonlySet<ErrorSurface> = new Set(["database", "model"]);

/** The message a person sees for a failure that is only logged. */
export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again in a moment.";

/** Default wording per kind, used when no surface-specific wording exists. */
const KIND_MESSAGES: Record<ErrorKind, string> = {
  bad_request: "The request could not be understood. Check what you entered and try again.",
  unauthorized: "You need to sign in to continue.",
  forbidden: "Your account does not have access to this.",
  not_found: "This could not be found.",
  conflict: "This changed while you were working on it. Reload and try again.",
  rate_limit: "Too many requests. Wait a moment and try again.",
  internal: GENERIC_ERROR_MESSAGE,
  offline: "The service is unavailable right now. Please try again in a moment.",
};

/** Wording for codes where the surface says more than the kind alone. */
const CODE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  "not_found:chat": "This chat does not exist, or it is not yours.",
  "not_found:message": "This message does not exist, or it is not yours.",
  "not_found:panel": "This panel does not exist, or it is not yours.",
  "not_found:artifact": "This artifact does not exist, or it is not yours.",
  "not_found:attachment": "This image does not exist, or it is not yours.",
  "not_found:compare": "This comparison does not exist, or it is not shared with you.",
  "unauthorized:auth": "You need to sign in to continue.",
  "bad_request:auth": "The email or password is not valid.",
  "forbidden:admin": "Only administrators can open this page.",
  "conflict:auth": "An account with this email already exists.",
  "rate_limit:auth": "Too many attempts. Wait a moment and try again.",
  "rate_limit:query": "Too many queries. Wait a minute and try again.",
};

/** The shape an error takes on the wire (route handler bodies, server action results). */
export type PublicError = {
  /** The stable code, e.g. `not_found:chat`. */
  code: ErrorCode;
  /** Wording safe to show the person. */
  message: string;
};

/** Options of `new AppError(code, options)`. */
export type AppErrorOptions = {
  /** Wording to show instead of the table's; only used when the code's visibility is `response`. */
  message?: string;
  /** What happened, for the server log only (never sent). */
  detail?: string;
  /** The underlying error, for the server log only. */
  cause?: unknown;
};

/**
 * Marks every `AppError`, whichever copy of this module made it. A production
 * build bundles this module once per route and action bundle, while the chat
 * core is one object per process (on `globalThis`): an error thrown by one
 * copy reaches code holding another copy's class, so `instanceof` must not
 * depend on which class object made it.
 */
const APP_ERROR_BRAND = Symbol.for("octo-playground.AppError");

/** An intended failure with a stable `kind:surface` code. */
export class AppError extends Error {
  /** `instanceof AppError` holds for an `AppError` of any copy of this module (see `APP_ERROR_BRAND`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [APP_ERROR_BRAND]?: unknown })[APP_ERROR_BRAND] === true;
  }

  /** The brand `instanceof` checks. */
  readonly [APP_ERROR_BRAND] = true;

  /** The stable identity, `kind:surface`. */
  readonly code: ErrorCode;
  /** The kind part of the code. */
  readonly kind: ErrorKind;
  /** The surface part of the code. */
  readonly surface: ErrorSurface;
  /** The HTTP status the kind maps to. */
  readonly status: number;
  /** Whether the message may be shown or is only logged. */
  readonly visibility: ErrorVisibility;
  /** Server-side context, never sent. */
  readonly detail: string | undefined;
  /** Wording safe to show the person (generic for log-only failures). */
  readonly publicMessage: string;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const [kind, surface] = splitCode(code);
    const visibility: ErrorVisibility = LOG_ONLY_SURFACES.has(surface) || kind === "internal" ? "log" : "response";
    const tableMessage = CODE_MESSAGES[code] ?? KIND_MESSAGES[kind];
    const publicMessage = visibility === "log" ? GENERIC_ERROR_MESSAGE : (options.message ?? tableMessage);
    super(options.detail ? `${code}: ${options.detail}` : `${code}: ${publicMessage}`, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.kind = kind;
    this.surface = surface;
    this.status = ERROR_KIND_STATUS[kind];
    this.visibility = visibility;
    this.detail = options.detail;
    this.publicMessage = publicMessage;
  }

  /** The error as the person may see it. */
  toPublic(): PublicError {
    return { code: this.code, message: this.publicMessage };
  }

  /** A JSON `Response` with the mapped status; log-only failures are logged here. */
  toResponse(): Response {
    if (this.visibility === "log") console.error(this);
    return Response.json({ error: this.toPublic() }, { status: this.status });
  }
}

function splitCode(code: ErrorCode): [ErrorKind, ErrorSurface] {
  const separator = code.indexOf(":");
  return [code.slice(0, separator) as ErrorKind, code.slice(separator + 1) as ErrorSurface];
}

/** True when a caught value is an `AppError`. */
export function isAppError(caught: unknown): caught is AppError {
  return caught instanceof AppError;
}

/** Wraps anything caught into an `AppError`; a foreign error becomes `internal:<surface>` without leaking its text. */
export function toAppError(caught: unknown, surface: ErrorSurface = "api"): AppError {
  if (caught instanceof AppError) return caught;
  return new AppError(`internal:${surface}`, { cause: caught, detail: caught instanceof Error ? caught.message : String(caught) });
}

/** Turns anything a route handler caught into a JSON error `Response`. */
export function toErrorResponse(caught: unknown): Response {
  return toAppError(caught).toResponse();
}

/** Turns anything a server action caught into the `{code, message}` it returns; log-only failures are logged here. */
export function toPublicError(caught: unknown): PublicError {
  const error = toAppError(caught, "api");
  if (error.visibility === "log") console.error(error);
  return error.toPublic();
}
