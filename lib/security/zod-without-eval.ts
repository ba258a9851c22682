/**
 * Imported for its effect by instrumentation-client.ts, which Next.js runs
 * in the browser before any other client code. Zod compiles object parsers
 * with `new Function` where it may, and probes for that once, when it builds
 * its first object schema (often while a module loads). The
 * Content-Security-Policy refuses eval, so the probe fails — zod then parses
 * without it, as it would anyway — and the browser reports a policy
 * violation on every page. Telling zod first skips the probe, so the
 * policy's reports are left for real violations.
 */
import { z } from "zod";

z.config({ jitless: true });
