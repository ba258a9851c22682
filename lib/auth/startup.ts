/**
 * What a server does before its first request: check its auth configuration
 * (a production server on a shared Postgres without `BETTER_AUTH_SECRET`, or
 * an `AUTH_EMAIL_SENDER` it does not have, stops here, with a message saying
 * what to set) and open and migrate the database.
 */
import "server-only";
import { getDatabase } from "@/db/client";
import { ConfigurationError, resolveAuthSecret } from "./secret";
import { verificationSenderKind } from "./verification-sender";

/** Checks configuration and warms the database; exits the process on a configuration error. */
export async function prepareServer(): Promise<void> {
  try {
    resolveAuthSecret();
    verificationSenderKind();
  } catch (caught) {
    if (caught instanceof ConfigurationError) {
      console.error(`\n  Refusing to start: ${caught.message}\n`);
      process.exit(1);
    }
    throw caught;
  }
  // A database that is not up yet must not keep the server down: requests retry it.
  await getDatabase().catch((caught: unknown) => {
    console.error("The database is not ready yet; requests will retry it.", caught);
  });
}
