import { describe, expect, it } from "vitest";
import { accountLabel } from "./guest-label";
import { decodeCursor, encodeCursor, filterFromJson, filterToJson, readStoredTreeQuery, storedTreeSearchParams, BUDGET_REFUSAL_CODES, STORED_TREE_CODES } from "./stored-tree-filter";

describe("the listing's query in the URL", () => {
  it("reads every filter, the sort, the page size and the position, and writes them back the same", () => {
    const after = { key: "2026-01-02T03:04:05.123456Z", id: "m-1" };
    const params = new URLSearchParams({
      from: "2026-01-01T00:00",
      to: "2026-02-01T00:00:00Z",
      user: "ada@example.test",
      model: "replay:default",
      dialect: "octo-ui",
      catalog: "1",
      code: "refused_prop",
      budget: "1",
      "nodes-min": "10",
      "nodes-max": "2048",
      "size-min": "0",
      "size-max": "100000",
      q: "invoice total",
      sort: "nodes",
      limit: "50",
      after: encodeCursor(after),
    });
    const query = readStoredTreeQuery(params);
    expect(query).toEqual({
      filter: {
        from: new Date("2026-01-01T00:00:00Z"),
        to: new Date("2026-02-01T00:00:00Z"),
        user: "ada@example.test",
        model: "replay:default",
        dialect: "octo-ui",
        catalog: "1",
        code: "refused_prop",
        budget: true,
        minNodes: 10,
        maxNodes: 2048,
        minSize: 0,
        maxSize: 100000,
        q: "invoice total",
      },
      sort: "nodes",
      limit: 50,
      after,
    });
    expect(readStoredTreeQuery(storedTreeSearchParams(query))).toEqual(query);
  });

  it("leaves out what does not parse instead of guessing, and bounds the page size", () => {
    const query = readStoredTreeQuery({ from: "yesterday", dialect: "html", code: "DROP TABLE", "nodes-min": "-3", sort: "random", limit: "100000", after: "garbage" });
    expect(query).toEqual({ filter: {}, sort: "newest", limit: 100, after: null });
    expect(decodeCursor(encodeCursor({ key: 42, id: "x" }))).toEqual({ key: 42, id: "x" });
  });

  it("keeps the filter through the JSON the audit log and a recompile run store", () => {
    const { filter } = readStoredTreeQuery({ from: "2026-01-01T00:00:00Z", code: "reply_budget", budget: "true" });
    expect(filterFromJson(JSON.parse(JSON.stringify(filterToJson(filter))))).toEqual(filter);
  });

  it("offers every receipt code, budget refusals among them", () => {
    for (const code of [...BUDGET_REFUSAL_CODES, "refused_prop", "unknown_component", "duplicate_panel_id"]) expect(STORED_TREE_CODES).toContain(code);
  });
});

describe("accountLabel", () => {
  it("names a person by email and a guest by a short id, never the placeholder email", () => {
    expect(accountLabel({ userId: "u1", email: "ada@example.test", isAnonymous: false })).toBe("ada@example.test");
    expect(accountLabel({ userId: "3f9c2a71-aaaa", email: "temp-3f9c@anonymous.placeholder.invalid", isAnonymous: true })).toBe("Guest ·3f9c2a");
  });
});
