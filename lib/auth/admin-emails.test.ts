import { describe, expect, it } from "vitest";
import { parseAdminEmails, roleForUser } from "./admin-emails";

describe("ADMIN_EMAILS", () => {
  it("parses a comma-separated, case-insensitive list and ignores blanks", () => {
    expect([...parseAdminEmails(" Ada@Example.com, ,grace@example.com,,")]).toEqual(["ada@example.com", "grace@example.com"]);
    expect(parseAdminEmails(undefined).size).toBe(0);
    expect(parseAdminEmails("").size).toBe(0);
  });

  it("makes listed emails admins, everyone else users, and guests never admins", () => {
    const list = "ada@example.com, grace@example.com";
    expect(roleForUser({ email: "ADA@example.com" }, list)).toBe("admin");
    expect(roleForUser({ email: "mallory@example.com" }, list)).toBe("user");
    expect(roleForUser({ email: "ada@example.com", isAnonymous: true }, list)).toBe("user");
    expect(roleForUser({ email: "ada@example.com" }, undefined)).toBe("user");
  });
});
