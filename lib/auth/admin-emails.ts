/**
 * Who is an admin: a person granted out of band (`npm run admin:grant`), or a
 * person whose email is listed in `ADMIN_EMAILS` (comma-separated,
 * case-insensitive) once they have proved the address is theirs by opening
 * the verification link. Being first to sign up with a listed address is not
 * enough: nothing about a sign-up shows who owns the address.
 */
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

/** What `roleForUser` needs to know about a user (a stored user has all of it). */
export type RoleInput = {
  email: string;
  isAnonymous?: boolean | null;
  /** True once the person opened the verification link sent to `email`. */
  emailVerified?: boolean | null;
  /** Set by `npm run admin:grant`, cleared by `npm run admin:revoke`. */
  adminGrantedAt?: Date | null;
};

/** True when `ADMIN_EMAILS` lists the address (whether or not it is verified). */
export function isListedAdminEmail(email: string, adminEmails: string | undefined = process.env.ADMIN_EMAILS): boolean {
  return parseAdminEmails(adminEmails).has(email.trim().toLowerCase());
}

/**
 * The role a user should hold now. Read from the environment on every call so
 * a change to `ADMIN_EMAILS` takes effect at the person's next sign-in; a
 * guest is never an admin, whatever placeholder email they carry or whatever
 * was written to their row.
 */
export function roleForUser(user: RoleInput, adminEmails: string | undefined = process.env.ADMIN_EMAILS): UserRole {
  if (user.isAnonymous) return "user";
  if (user.adminGrantedAt) return "admin";
  return user.emailVerified === true && isListedAdminEmail(user.email, adminEmails) ? "admin" : "user";
}
