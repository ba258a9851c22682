import { describe, expect, it } from "vitest";
import { projectDataClient, UNREACHABLE_MESSAGE } from "./project-data-client";

type Call = { url: string; init: RequestInit };

function fetcher(respond: (call: Call) => Response | Promise<Response>): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return respond(call);
  };
  return { fetch: fake as typeof fetch, calls };
}

const QUERY = { messageId: "m", blockId: "m:0", name: "runs", values: { failedOnly: true }, key: "k" };
const ANSWER = { name: "runs", key: "k", source: "tests", arguments: { branch: "main" }, rows: [{ name: "a", ms: 1 }], truncated: false };

describe("projectDataClient", () => {
  it("posts the request as JSON to the chat's route and returns the validated answer", async () => {
    const { fetch, calls } = fetcher(() => Response.json(ANSWER));
    const answer = await projectDataClient("chat/1", fetch).query(QUERY, new AbortController().signal);
    expect(answer).toEqual(ANSWER);
    expect(calls[0]?.url).toBe("/api/chats/chat%2F1/queries");
    expect(calls[0]?.init.method).toBe("POST");
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual(QUERY);
  });

  it("turns a refusal into its code and message, and anything else into words that say the server could not be reached", async () => {
    const refused = fetcher(() => Response.json({ error: { code: "forbidden:project", message: "You are not a member of this project." } }, { status: 403 }));
    await expect(projectDataClient("c", refused.fetch).query(QUERY, new AbortController().signal)).rejects.toMatchObject({
      code: "forbidden:project",
      message: "You are not a member of this project.",
    });
    const garbage = fetcher(() => new Response("<html>", { status: 502 }));
    await expect(projectDataClient("c", garbage.fetch).query(QUERY, new AbortController().signal)).rejects.toMatchObject({ code: "http_502", message: UNREACHABLE_MESSAGE });
    const offline = fetcher(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(projectDataClient("c", offline.fetch).query(QUERY, new AbortController().signal)).rejects.toMatchObject({ code: "network" });
  });

  it("refuses answers of the wrong shape: rows that are not JSON records, chips that link elsewhere", async () => {
    const badRows = fetcher(() => Response.json({ ...ANSWER, rows: "all of them" }));
    await expect(projectDataClient("c", badRows.fetch).query(QUERY, new AbortController().signal)).rejects.toMatchObject({ code: "invalid_answer" });
    const badChip = fetcher(() =>
      Response.json({ resolutions: [{ nodeId: "n", status: "chip", label: "x", target: { kind: "node", ref: "x" }, navigation: { href: "javascript:alert(1)" } }] }),
    );
    await expect(projectDataClient("c", badChip.fetch).links({ messageId: "m", blockId: "b", values: {} }, new AbortController().signal)).rejects.toMatchObject({
      code: "invalid_answer",
    });
    const good = fetcher(() => Response.json({ resolutions: [{ nodeId: "n", status: "text", label: "lib/x.ts" }] }));
    expect(await projectDataClient("c", good.fetch).links({ messageId: "m", blockId: "b", values: {} }, new AbortController().signal)).toEqual([
      { nodeId: "n", status: "text", label: "lib/x.ts" },
    ]);
  });
});
