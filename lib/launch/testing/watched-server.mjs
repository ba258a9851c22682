// A stand-in for `next start` in exit-with-parent.test.ts: prints its pid,
// closes on SIGTERM as Next.js does (noting it in CLOSED_FILE), and otherwise runs until stopped.
import { writeFileSync } from "node:fs";
import { exitWithParent } from "../exit-with-parent.mjs";

if (process.env.WATCH_PARENT !== "0") exitWithParent();
process.on("SIGTERM", () => {
  if (process.env.CLOSED_FILE) writeFileSync(process.env.CLOSED_FILE, "closed by SIGTERM\n");
  process.exit(0);
});
console.log(`pid ${process.pid}`);
setInterval(() => {}, 1_000);
