// Runs in the browser before the app's own code (Next.js's client instrumentation hook).
// Zod must learn that the Content-Security-Policy refuses eval before it builds its first schema.
import "./lib/security/zod-without-eval";
