// Lets a plain Node process load server modules: `server-only` (which throws
// outside a server bundle) resolves to an empty module. `--conditions=react-server`
// would do the same, but it also gives next/navigation a React without contexts.
import { register } from "node:module";

const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
