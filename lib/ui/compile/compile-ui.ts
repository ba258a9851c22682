/**
 * `compileUi`: every UI fence of a reply to its `UiBlock`, in one call.
 */
import type { UiBlock } from "../envelope/schema";
import { UiCompiler } from "./compiler";
import type { UiCompileOptions } from "./options";

/**
 * Compiles the UI fences of a Markdown reply (unfinished ones included;
 * fences nested in another code fence are ignored), within the reply budget.
 * Never throws.
 */
export function compileUi(text: string, options: UiCompileOptions): UiBlock[] {
  const { final, latestAttachment, ...stable } = options;
  const update: { final?: boolean; latestAttachment?: string } = {};
  if (final !== undefined) update.final = final;
  if (latestAttachment !== undefined) update.latestAttachment = latestAttachment;
  return new UiCompiler(stable).compile(text, update);
}
