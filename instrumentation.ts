// Runs once when a server starts, before it takes requests: it refuses to
// start without the configuration it needs, and opens and migrates the
// database so the first request does not wait for it.

/** Next.js calls this at server start. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareServer } = await import("./lib/auth/startup");
  await prepareServer();
}
