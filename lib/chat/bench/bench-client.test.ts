import { describe, expect, it } from "vitest";
import { actionResultOf, cookieHeaderOf } from "./bench-client";

describe("actionResultOf", () => {
  it("returns the row the first row names as the action's result", () => {
    const body = '0:{"a":"$@1","q":"","i":false,"b":"x"}\n1:{"ok":true,"replyMessageId":"r1"}\n';
    expect(actionResultOf(body)).toEqual({ ok: true, replyMessageId: "r1" });
  });

  it("fails on a response that holds no result", () => {
    expect(() => actionResultOf("<html>not an action</html>")).toThrow(/first row/);
  });
});

describe("cookieHeaderOf", () => {
  it("keeps the name and value of each cookie set", () => {
    const headers = new Headers();
    headers.append("set-cookie", "a=1; Path=/; HttpOnly");
    headers.append("set-cookie", "b=two; Secure");
    expect(cookieHeaderOf(new Response(null, { headers }))).toBe("a=1; b=two");
  });
});
