import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { QueryQuota, QUERY_QUOTA_LIMITS } = await import("./query-quota");
const { AppError } = await import("@/lib/errors");

const LIMITS = {
  query: { queries: 3, rows: 100, windowMs: 60_000 },
  tool: { queries: 2, rows: 10, windowMs: 60_000 },
};

function refusal(run: () => void): InstanceType<typeof AppError> {
  try {
    run();
  } catch (caught) {
    if (caught instanceof AppError) return caught;
    throw caught;
  }
  throw new Error("not refused");
}

describe("the query quota", () => {
  it("refuses a person's query past the channel's count with rate_limit:query, until the window moves on", () => {
    let now = 1_000_000;
    const quota = new QueryQuota(LIMITS, () => now);
    for (let index = 0; index < 3; index += 1) quota.begin("ana", "query");
    const error = refusal(() => quota.begin("ana", "query"));
    expect(error.code).toBe("rate_limit:query");
    expect(error.status).toBe(429);
    expect(error.publicMessage).toBe("Too many queries: at most 3 a minute. Try again in 60 s.");
    now += 59_999;
    expect(() => quota.begin("ana", "query")).toThrow(AppError);
    now += 1;
    expect(() => quota.begin("ana", "query")).not.toThrow();
  });

  it("refuses once the rows read this window reach the channel's row quota", () => {
    let now = 0;
    const quota = new QueryQuota(LIMITS, () => now);
    quota.begin("ana", "tool");
    quota.addRows("ana", "tool", 10);
    const error = refusal(() => quota.begin("ana", "tool"));
    expect(error.code).toBe("rate_limit:query");
    expect(error.publicMessage).toMatch(/^Too many rows read: at most 10 a minute\. Try again in 60 s, or ask for fewer rows\.$/);
    now += 60_000;
    expect(() => quota.begin("ana", "tool")).not.toThrow();
  });

  it("counts each person and each channel apart", () => {
    const quota = new QueryQuota(LIMITS, () => 0);
    quota.begin("ana", "tool");
    quota.begin("ana", "tool");
    expect(() => quota.begin("ana", "tool")).toThrow(AppError);
    expect(() => quota.begin("ben", "tool")).not.toThrow();
    expect(() => quota.begin("ana", "query")).not.toThrow();
  });

  it("allows a chat page's burst on the route and a few replies' reads on the tool", () => {
    expect(QUERY_QUOTA_LIMITS.query.queries).toBeGreaterThanOrEqual(120);
    expect(QUERY_QUOTA_LIMITS.tool.queries).toBeLessThan(QUERY_QUOTA_LIMITS.query.queries);
    expect(QUERY_QUOTA_LIMITS.tool.rows).toBeLessThan(QUERY_QUOTA_LIMITS.query.rows);
  });
});
