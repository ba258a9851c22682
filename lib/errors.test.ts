import { describe, expect, it, vi } from "vitest";
import { AppError, GENERIC_ERROR_MESSAGE, isAppError, toAppError, toErrorResponse, toPublicError } from "./errors";

describe("AppError", () => {
  it("maps the kind of its code to an HTTP status", () => {
    const cases = [
      ["bad_request:api", 400],
      ["unauthorized:auth", 401],
      ["forbidden:admin", 403],
      ["not_found:chat", 404],
      ["conflict:panel", 409],
      ["rate_limit:auth", 429],
      ["internal:api", 500],
      ["offline:database", 503],
    ] as const;
    for (const [code, status] of cases) {
      const error = new AppError(code);
      expect([error.code, error.status]).toEqual([code, status]);
      expect(`${error.kind}:${error.surface}`).toBe(code);
    }
  });

  it("shows user-facing wording but only logs database, model and internal failures", () => {
    const notFound = new AppError("not_found:chat", { detail: "chat 42 of user 7" });
    expect(notFound.visibility).toBe("response");
    expect(notFound.publicMessage).toBe("This chat does not exist, or it is not yours.");
    expect(notFound.publicMessage).not.toContain("42");

    for (const code of ["offline:database", "internal:api", "bad_request:model"] as const) {
      const hidden = new AppError(code, { message: "password=hunter2", detail: "SELECT secret" });
      expect(hidden.visibility).toBe("log");
      expect(hidden.publicMessage).toBe(GENERIC_ERROR_MESSAGE);
    }
    expect(new AppError("bad_request:api", { message: "Title is too long." }).publicMessage).toBe("Title is too long.");
  });

  it("turns into a JSON response carrying only the public code and message", async () => {
    const response = new AppError("not_found:chat", { detail: "internal detail" }).toResponse();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not_found:chat", message: "This chat does not exist, or it is not yours." },
    });
  });

  it("wraps foreign errors as internal without leaking their text", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const foreign = new Error("connect ECONNREFUSED 10.0.0.5:5432 password=x");
    const wrapped = toAppError(foreign, "chat");
    expect(isAppError(wrapped)).toBe(true);
    expect(wrapped.code).toBe("internal:chat");
    expect(wrapped.cause).toBe(foreign);
    const response = toErrorResponse(foreign);
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain("ECONNREFUSED");
    expect(toPublicError(foreign)).toEqual({ code: "internal:api", message: GENERIC_ERROR_MESSAGE });
    expect(toPublicError(new AppError("unauthorized:auth"))).toEqual({ code: "unauthorized:auth", message: "You need to sign in to continue." });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe("AppError across copies of this module", () => {
  it("is recognised whichever bundle's copy of the class made it", async () => {
    // A production build holds one copy of this module per bundle; the chat core is shared by all of them.
    vi.resetModules();
    const copy = await import("./errors");
    expect(copy.AppError).not.toBe(AppError);
    const foreign = new copy.AppError("not_found:chat");
    expect(foreign instanceof AppError).toBe(true);
    expect(isAppError(foreign)).toBe(true);
    expect(toAppError(foreign)).toBe(foreign);
    const response = toErrorResponse(foreign);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found:chat");
  });

  it("does not take a look-alike for one", () => {
    const lookAlike = Object.assign(new Error("not_found:chat"), { name: "AppError", code: "not_found:chat" });
    expect(lookAlike instanceof AppError).toBe(false);
    expect(toAppError(lookAlike).code).toBe("internal:api");
  });
});
