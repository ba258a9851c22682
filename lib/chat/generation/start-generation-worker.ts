/**
 * Starts the process's generation worker (generation-worker.ts) as a Node
 * worker thread. The bundler builds the worker's own bundle from the `URL`
 * below (Turbopack does for `new Worker(new URL(…, import.meta.url))`), so
 * this runs in a built server, not under a test runner's TypeScript loader;
 * tests drive the same service over a `MessageChannel` instead.
 */
import { Worker } from "node:worker_threads";
import type { WorkerChannel } from "./worker-reply-streamer";

/** A new generation worker, unref'd: the server's own handles keep the process up, not the worker. */
export function startGenerationWorker(): WorkerChannel {
  const worker = new Worker(new URL("./generation-worker.ts", import.meta.url), { name: "generation" });
  worker.unref();
  return {
    postMessage: (message) => worker.postMessage(message),
    on: (event, listener) => worker.on(event, listener),
    terminate: () => void worker.terminate(),
    onDeath: (listener) => {
      let dead = false;
      const die = (error: Error) => {
        if (dead) return;
        dead = true;
        listener(error);
      };
      worker.once("error", die);
      worker.once("exit", (code) => die(new Error(`the generation worker exited with code ${code}`)));
    },
  };
}
