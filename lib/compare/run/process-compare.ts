/**
 * The comparison service of this server process, over the process's chat
 * core and model registry; kept on `globalThis` like the core (Next.js
 * evaluates route and action bundles separately).
 */
import "server-only";
import { getChatCore } from "@/lib/chat/core/process-chat-core";
import { modelRegistry } from "@/lib/models/registry";
import { CompareService } from "./compare-service";
import { pricesFromEnvironment } from "./pane-metrics-of";

const globalStore = globalThis as typeof globalThis & { __octoCompareService?: CompareService };

/** This process's comparison service. */
export function getCompareService(): CompareService {
  globalStore.__octoCompareService ??= new CompareService({ core: getChatCore(), models: modelRegistry(), prices: pricesFromEnvironment(process.env.COMPARE_PRICES) });
  return globalStore.__octoCompareService;
}
