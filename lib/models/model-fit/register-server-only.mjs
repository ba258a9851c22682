/** `node --import tsx --import ./lib/models/model-fit/register-server-only.mjs …`: see `server-only-hooks.mjs`. */
import { register } from "node:module";

register("./server-only-hooks.mjs", import.meta.url);
