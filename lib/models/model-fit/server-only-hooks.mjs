/**
 * A module resolve hook for scripts that run server code in plain Node, as
 * the server does and as vitest does (its `server-only` alias): `server-only`
 * resolves to its empty module. `--conditions=react-server` would do the same
 * for it but also selects React's server build, which the chat's tools reach
 * through `next/navigation` (lib/auth) and cannot load. Registered by
 * `register-server-only.mjs`.
 */
const EMPTY = new URL("../../../node_modules/server-only/empty.js", import.meta.url).href;

/** Resolves `server-only` to its empty module; everything else as before. */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: EMPTY, format: "commonjs", shortCircuit: true };
  return nextResolve(specifier, context);
}
