/**
 * The generation worker's entry (started by start-generation-worker.ts):
 * serves model streams for the process that started it, finding each model
 * by id in the registry the environment builds — the same environment, so
 * the same models, as the process's own.
 */
import { parentPort } from "node:worker_threads";
import { modelRegistry } from "@/lib/models/registry";
import { serveReplyStreams } from "./generation-service";

if (parentPort) {
  serveReplyStreams(parentPort, (modelId) => {
    const lookup = modelRegistry().getModel(modelId);
    if (!lookup.ok) throw new Error(lookup.error.message);
    return lookup.model;
  });
}
