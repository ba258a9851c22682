/**
 * Grants or revokes the admin role out of band, from a shell on the server:
 *
 *   npm run admin:grant -- someone@example.com
 *   npm run admin:revoke -- someone@example.com
 *
 * It opens the database the server uses (`DATABASE_URL`, else the embedded
 * PGlite in `PGLITE_DATA_DIR`, default `.data/pglite`), runs pending
 * migrations, and writes the role and the durable grant that sign-ins keep.
 * The person must have signed up already. Exits 0 when done, 1 when the
 * address has no account or the database fails, 2 on a usage error.
 *
 * Run by plain Node (through tsx) with the `react-server` condition, so the
 * `server-only` marker on the database modules resolves as on the server.
 */
import { pathToFileURL } from "node:url";
import { closeDatabase, databaseOptionsFromEnvironment } from "@/db/client";
import { getUserByEmail, grantAdmin, revokeAdmin } from "@/db/queries/users";
import { isAppError } from "@/lib/errors";
import { isListedAdminEmail } from "./admin-emails";

/** What the command can do. */
export const ADMIN_COMMANDS = ["grant", "revoke"] as const;

/** One of `ADMIN_COMMANDS`. */
export type AdminCommand = (typeof ADMIN_COMMANDS)[number];

/** Exit status of a usage error (no command, no address, too many arguments). */
const USAGE_EXIT = 2;

/** Exit status of a refusal or a failure (unknown address, database down). */
const FAILURE_EXIT = 1;

const USAGE = "usage: npm run admin:grant -- someone@example.com\n       npm run admin:revoke -- someone@example.com";

/** Where the command writes: what it did to `out`, refusals and warnings to `error`. */
export type AdminCliOutput = { out: (line: string) => void; error: (line: string) => void };

/** Runs the command on the process database (from the environment) and returns its exit status; never exits the process itself. */
export async function runAdminCli(
  argv: readonly string[],
  options: { output?: AdminCliOutput } = {},
): Promise<number> {
  const output = options.output ?? { out: (line) => console.log(line), error: (line) => console.error(line) };
  const [command, email, ...extra] = argv;
  const known = ADMIN_COMMANDS.find((candidate) => candidate === command);
  if (!known || !email || extra.length > 0) {
    output.error(USAGE);
    return USAGE_EXIT;
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
    output.error(`admin:${known}: "${email}" is not an email address.\n${USAGE}`);
    return USAGE_EXIT;
  }
  if ("dataDir" in databaseOptionsFromEnvironment()) {
    // PGlite takes no lock: a second process writing the same directory can corrupt it.
    output.error(`admin:${known}: using the embedded database; the server must not be running while this runs.`);
  }
  try {
    return known === "grant" ? await grant(email, output) : await revoke(email, output);
  } catch (caught) {
    const reason = isAppError(caught) ? `${caught.code} (${caught.detail ?? caught.publicMessage})` : String(caught);
    output.error(`admin:${known}: the database failed: ${reason}`);
    return FAILURE_EXIT;
  } finally {
    await closeDatabase().catch(() => {});
  }
}

async function grant(email: string, output: AdminCliOutput): Promise<number> {
  const user = await grantAdmin({ email });
  if (!user) {
    output.error(`admin:grant: no account has the address ${email}. They must sign up first (a guest cannot be an admin).`);
    return FAILURE_EXIT;
  }
  output.out(`admin:grant: ${user.email} (${user.name}, user ${user.id}) is an admin, from their next request on.`);
  output.out(`admin:grant: the grant holds at every sign-in until \`npm run admin:revoke -- ${user.email}\`.`);
  if (!user.emailVerified) {
    output.error(
      `admin:grant: warning: nobody has verified ${user.email}; whoever signed up with it holds this account. ` +
        "Grant only an account you know is theirs.",
    );
  }
  return 0;
}

async function revoke(email: string, output: AdminCliOutput): Promise<number> {
  const before = await getUserByEmail({ email });
  const user = before ? await revokeAdmin({ email }) : null;
  if (!before || !user) {
    output.error(`admin:revoke: no account has the address ${email}.`);
    return FAILURE_EXIT;
  }
  output.out(
    before.role === "admin" || before.adminGrantedAt
      ? `admin:revoke: ${user.email} (user ${user.id}) is no longer an admin, in every open session.`
      : `admin:revoke: ${user.email} (user ${user.id}) was not an admin; nothing changed.`,
  );
  if (user.emailVerified && isListedAdminEmail(user.email)) {
    output.error(
      `admin:revoke: note: ADMIN_EMAILS lists ${user.email}, a verified address, so it is admin again at its next sign-in. ` +
        "Remove it from ADMIN_EMAILS on the server too.",
    );
  }
  return 0;
}

// Run as a script (not when a test imports it).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runAdminCli(process.argv.slice(2));
}
