// Runs once when a server starts, before it takes requests: it refuses to
// start without the configuration it needs, and opens and migrates the
// database so the first request does not wait for it; and it warms the UI
// compiler, whose first compile in a cold process is slow enough to meet a
// reply's 60 ms compile budget and turn a legal reply into a refusal.

/** Next.js calls this at server start. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareServer } = await import("./lib/auth/startup");
  await prepareServer();
  const { warmUpUiCompiler } = await import("./lib/ui/compile/warm-up");
  warmUpUiCompiler();
}
