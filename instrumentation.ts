// Runs once when a server starts, before it takes requests: it refuses to
// start without the configuration it needs, and opens and migrates the
// database so the first request does not wait for it; and it warms the UI
// compiler, whose first compile in a cold process is slow enough to meet a
// reply's 60 ms compile budget and turn a legal reply into a refusal; and it
// seeds the demo project (fixtures/demo-project) that ```ui blocks query; and
// it starts the daily sweep of guests unused for the retention period.

/** Next.js calls this at server start. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareServer } = await import("./lib/auth/startup");
  await prepareServer();
  const { warmUpUiCompiler } = await import("./lib/ui/compile/warm-up");
  warmUpUiCompiler();
  // The demo project every account reads; seeded again only when its fixtures changed. A failure is retried on first use.
  const { ensureDemoProject } = await import("./lib/project/demo/seed-demo-project");
  await ensureDemoProject().catch((caught: unknown) => {
    console.error("The demo project could not be seeded yet; the first request that reads it will try again.", caught);
  });
  // Guests are not removed at sign-out; this removes those nobody used for GUEST_RETENTION_DAYS (lib/auth/guest-retention.ts).
  const { scheduleGuestSweeps } = await import("./lib/auth/guest-retention");
  scheduleGuestSweeps();
}
