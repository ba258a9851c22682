#!/usr/bin/env node
/**
 * `npm run build` and `npm start`: runs `next <command> [args]` in this very
 * process (no extra child), with Next.js's anonymous telemetry off unless the
 * environment says otherwise (`NEXT_TELEMETRY_DISABLED=0` turns it back on),
 * and ends it when its parent goes (see exit-with-parent.mjs), so stopping
 * `npm` never leaves a `next-server` behind. `PORT` and `-p` pick the port,
 * as `next start` documents.
 */
import { createRequire } from "node:module";
import { exitWithParent } from "./exit-with-parent.mjs";

process.env.NEXT_TELEMETRY_DISABLED ??= "1";
exitWithParent();

const require = createRequire(import.meta.url);
const nextCli = require.resolve("next/dist/bin/next");
// Next's command line reads process.argv as if `next` itself had been run.
process.argv = [process.argv[0] ?? "node", nextCli, ...process.argv.slice(2)];
require(nextCli);
