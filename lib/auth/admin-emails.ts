/** Who is an admin: the people whose email is listed in `ADMIN_EMAILS` (comma-separated, case-insensitive). */
import type { UserRole } from "@/db/schema";

/** The admin emails of a comma-separated list, trimmed and lower-cased. */
export function parseAdminEmails(list: string | undefined): ReadonlySet<string> {
  return new Set(
    (list ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
  );
}

/**
 * The role a user should hold now. Read from the environment on every call so
 * a change to `ADMIN_EMAILS` takes effect at the person's next sign-in; a
 * guest is never an admin, whatever placeholder email they carry.
 */
export function roleForUser(
  user: { email: string; isAnonymous?: boolean | null },
  adminEmails: string | undefined = process.env.ADMIN_EMAILS,
): UserRole {
  if (user.isAnonymous) return "user";
  return parseAdminEmails(adminEmails).has(user.email.trim().toLowerCase()) ? "admin" : "user";
}
