/** Turns better-auth's refusals into our error codes and wording. */
import "server-only";
import { isAPIError } from "better-auth/api";
import { AppError, isAppError } from "@/lib/errors";

/** better-auth codes for an email that already has an account: `conflict:auth`. */
const CONFLICT_CODES = new Set(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]);
/** better-auth codes for wrong credentials, answered alike so they do not reveal which part was wrong: `bad_request:auth`. */
const CREDENTIAL_CODES = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_EMAIL", "INVALID_PASSWORD", "CREDENTIAL_ACCOUNT_NOT_FOUND"]);

/** Maps a better-auth `APIError` to an `AppError` of surface `auth`; our own errors pass through. */
export function toAuthError(caught: unknown): AppError {
  if (isAppError(caught)) return caught;
  if (!isAPIError(caught)) return new AppError("internal:auth", { cause: caught });
  const code = typeof caught.body?.code === "string" ? caught.body.code : "";
  if (CONFLICT_CODES.has(code)) return new AppError("conflict:auth", { cause: caught });
  if (CREDENTIAL_CODES.has(code)) return new AppError("bad_request:auth", { cause: caught });
  if (caught.statusCode === 429) return new AppError("rate_limit:auth", { cause: caught });
  if (caught.statusCode >= 400 && caught.statusCode < 500) {
    return new AppError("bad_request:auth", { cause: caught, message: caught.body?.message ?? caught.message, detail: code });
  }
  return new AppError("internal:auth", { cause: caught, detail: code });
}
