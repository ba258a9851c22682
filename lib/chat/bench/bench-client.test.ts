import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { actionResultOf, cookieHeaderOf, readActionIds, readChatActionIds } from "./bench-client";

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

describe("readActionIds", () => {
  it("finds each named action of a file in the build's server reference manifest", () => {
    const distDir = mkdtempSync(path.join(tmpdir(), "bench-client-"));
    try {
      mkdirSync(path.join(distDir, "server"));
      const node = {
        id1: { exportedName: "sendMessage", filename: "app/(chat)/actions.ts" },
        id2: { exportedName: "startCompareRun", filename: "app/(compare)/compare/actions.ts" },
        id3: { exportedName: "sendMessage", filename: "app/other/actions.ts" },
      };
      writeFileSync(path.join(distDir, "server", "server-reference-manifest.json"), JSON.stringify({ node }));
      expect(readChatActionIds(distDir)).toEqual({ sendMessage: "id1" });
      expect(readActionIds({ distDir, file: "app/(compare)/compare/actions.ts", names: ["startCompareRun"] })).toEqual({ startCompareRun: "id2" });
      expect(() => readActionIds({ distDir, file: "app/(compare)/compare/actions.ts", names: ["voteCompareRun"] })).toThrow(/no action voteCompareRun/);
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
