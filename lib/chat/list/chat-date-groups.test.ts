import { describe, expect, it } from "vitest";
import { chatDateLabel, groupChatsByDate } from "./chat-date-groups";

const label = (date: string, now: string, timeZone = "UTC") => chatDateLabel({ date: new Date(date), now: new Date(now), timeZone, locale: "en-US" });

describe("chat date groups", () => {
  it("names calendar days in the person's time zone, not 24-hour spans", () => {
    const now = "2026-12-02T08:00:00Z";
    expect(label("2026-12-02T00:30:00Z", now)).toBe("Today");
    expect(label("2026-12-01T23:59:00Z", now)).toBe("Yesterday");
    // 08:00 UTC on the 2nd is midnight in Los Angeles: a minute earlier was still the 1st there.
    expect(label("2026-12-02T07:59:00Z", now, "America/Los_Angeles")).toBe("Yesterday");
    expect(label("2026-12-01T23:30:00Z", "2026-12-02T00:10:00Z", "Asia/Tokyo")).toBe("Today");
    expect(label("2026-12-01T14:30:00Z", "2026-12-01T15:10:00Z", "Asia/Tokyo")).toBe("Yesterday");
  });

  it("counts back through the last week and month, then by month, with the year when it differs", () => {
    const now = "2026-12-02T12:00:00Z";
    expect(label("2026-11-25T12:00:00Z", now)).toBe("Previous 7 days");
    expect(label("2026-11-24T12:00:00Z", now)).toBe("Previous 30 days");
    expect(label("2026-11-02T12:00:00Z", now)).toBe("Previous 30 days");
    expect(label("2026-11-01T12:00:00Z", now)).toBe("November");
    expect(label("2026-01-15T12:00:00Z", now)).toBe("January");
    expect(label("2025-12-20T12:00:00Z", now)).toBe("December 2025");
    // A clock slightly behind the server's: a chat from "the future" is today's.
    expect(label("2026-12-02T12:00:05Z", now)).toBe("Today");
  });

  it("keeps the list's order and starts a group wherever the heading changes", () => {
    const items = ["2026-12-02T10:00:00Z", "2026-12-02T09:00:00Z", "2026-12-01T09:00:00Z", "2026-11-28T09:00:00Z", "2026-10-01T09:00:00Z"].map((updatedAt, index) => ({ id: `c${index}`, updatedAt }));
    const groups = groupChatsByDate({ items, now: new Date("2026-12-02T12:00:00Z"), timeZone: "UTC", locale: "en-US" });
    expect(groups.map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ["Today", ["c0", "c1"]],
      ["Yesterday", ["c2"]],
      ["Previous 7 days", ["c3"]],
      ["October", ["c4"]],
    ]);
  });
});
