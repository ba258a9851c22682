import "server-only";
import type { ModelOption } from "@/app/_components/chat/model-picker/model-picker";
import { modelRegistry } from "@/lib/models/registry";

/** The models the picker offers (this server's `listModels()`), and the one a new chat starts with. */
export function modelOptions(): { models: ModelOption[]; defaultModelId: string } {
  const registry = modelRegistry();
  return {
    models: registry.list().map(({ id, displayName, description }) => ({ id, displayName, description })),
    defaultModelId: registry.defaultModelId,
  };
}
