import { describe, expect, it } from "vitest";
import { isListedAdminEmail, parseAdminEmails, roleForUser } from "./admin-emails";

describe("ADMIN_EMAILS", () => {
  it("parses a comma-separated, case-insensitive list and ignores blanks", () => {
    expect([...parseAdminEmails(" Ada@Example.com, ,grace@example.com,,")]).toEqual(["ada@example.com", "grace@example.com"]);
    expect(parseAdminEmails(undefined).size).toBe(0);
    expect(parseAdminEmails("").size).toBe(0);
    expect(isListedAdminEmail(" GRACE@example.com", "ada@example.com, grace@example.com")).toBe(true);
    expect(isListedAdminEmail("mallory@example.com", "ada@example.com")).toBe(false);
  });

  it("makes a listed email admin only once it is verified; everyone else is a user", () => {
    const list = "ada@example.com, grace@example.com";
    expect(roleForUser({ email: "ADA@example.com", emailVerified: true }, list)).toBe("admin");
    expect(roleForUser({ email: "ada@example.com", emailVerified: false }, list)).toBe("user");
    expect(roleForUser({ email: "ada@example.com" }, list)).toBe("user");
    expect(roleForUser({ email: "mallory@example.com", emailVerified: true }, list)).toBe("user");
    expect(roleForUser({ email: "ada@example.com", emailVerified: true }, undefined)).toBe("user");
  });

  it("keeps an out-of-band grant whatever the list says, and never makes a guest admin", () => {
    const grantedAt = new Date("2026-01-01T00:00:00Z");
    expect(roleForUser({ email: "mallory@example.com", adminGrantedAt: grantedAt }, "")).toBe("admin");
    expect(roleForUser({ email: "mallory@example.com", emailVerified: false, adminGrantedAt: grantedAt }, undefined)).toBe("admin");
    expect(roleForUser({ email: "mallory@example.com", adminGrantedAt: null }, "")).toBe("user");
    const list = "ada@example.com";
    expect(roleForUser({ email: "ada@example.com", isAnonymous: true, emailVerified: true }, list)).toBe("user");
    expect(roleForUser({ email: "ada@example.com", isAnonymous: true, emailVerified: true, adminGrantedAt: grantedAt }, list)).toBe("user");
  });
});
