/**
 * The `render_ui` tool: the model hands over a GenUI spec, the server clamps
 * it with the same parser the browser uses, and the clamped spec comes back
 * as the tool result the chat draws as a card. Clamping is silent to the
 * model (the guide's promise) but kept in the result's diagnostics for the
 * playground; only a spec with nothing renderable is an error the model sees.
 */
import { tool } from "ai";
import { toolInputSchema } from "./tool-input-schema";
import type { GenuiDiagnostic } from "@/lib/genui/diagnostics/diagnostic";
import { parseGenuiSpec } from "@/lib/genui/parse/parse-genui-spec";
import type { GenuiSpec } from "@/lib/genui/schema/spec";
import { RenderUiInputSchema, type RenderUiInput } from "@/lib/genui/tool/render-ui-input";

/** The tool's name, as the model calls it and the guide names it. */
export const RENDER_UI_TOOL_NAME = "render_ui";

/** A model retrying needs the reasons, not a wall of them. */
export const RENDER_UI_ERROR_DIAGNOSTICS_LIMIT = 8;

/** What the tool returns: the clamped spec for the card, and every trim and drop for the degradation receipt. */
export type RenderUiToolResult =
  | { ok: true; spec: GenuiSpec; diagnostics: GenuiDiagnostic[] }
  | { ok: false; error: string; diagnostics: GenuiDiagnostic[] };

/** Validates and clamps a `render_ui` input on the tool surface (interactive nodes dropped). */
export function executeRenderUi(input: RenderUiInput): RenderUiToolResult {
  const { spec, diagnostics } = parseGenuiSpec(input.spec, { surface: "tool" });
  if (spec !== null && spec.items.length > 0) return { ok: true, spec, diagnostics };
  const reasons = diagnostics
    .slice(0, RENDER_UI_ERROR_DIAGNOSTICS_LIMIT)
    .map((diagnostic) => `- ${diagnostic.path || "spec"}: ${diagnostic.message}`);
  return {
    ok: false,
    error: [
      "Nothing could be rendered: the spec needs an `items` array with at least one valid read-only node. Fix the spec and call render_ui again.",
      ...reasons,
    ].join("\n"),
    diagnostics,
  };
}

/** The AI SDK tool; pass it to `streamText` as `tools: { render_ui: renderUiTool }`. */
export const renderUiTool = tool({
  description:
    "Render a read-only card in the chat (stats, tables, lists, key-value pairs, progress, charts, mermaid diagrams, code, links). Input: {spec: {id?, title?, items: GenuiNode[]}} as the GenUI guide describes; interactive nodes are dropped on this surface. After calling it, reply in plain text that stands on its own.",
  inputSchema: toolInputSchema(RenderUiInputSchema),
  execute: async (input): Promise<RenderUiToolResult> => executeRenderUi(input),
  // The model learns only whether the card was drawn: clamping is silent to it.
  toModelOutput: ({ output }) =>
    output.ok
      ? {
          type: "text",
          value: `The card${output.spec.title ? ` "${output.spec.title}"` : ""} was rendered for the user.`,
        }
      : { type: "error-text", value: output.error },
});
