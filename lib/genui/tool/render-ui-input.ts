/**
 * The input schema of the `render_ui` tool (the AI SDK tool itself lives in
 * lib/models). It is deliberately loose: the tool layer only insists on what
 * the guide says fails the call outright — a `spec` object with an `items`
 * array — and lets everything else through to `parseGenuiSpec`, which clamps
 * and reports instead of rejecting. The JSON Schema the model sees still
 * names the fields and their types (through `.meta`), so it is guided
 * without being refused.
 */
import { z } from "zod";
import { GENUI_LIMITS } from "../limits";

/** `{spec: {id?, title?, items}}`: loose, so a slightly-off spec reaches `parseGenuiSpec`. */
export const RenderUiInputSchema = z.object({
  spec: z
    .looseObject({
      id: z.unknown().optional().meta({
        type: "string",
        description: `Optional panel id (1–${GENUI_LIMITS.panelIdLength} of letters, digits, _ and -) when the user will act on this panel again.`,
      }),
      title: z.unknown().optional().meta({ type: "string", description: "Optional title shown above the panel." }),
      items: z.array(
        z.unknown().meta({
          type: "object",
          description: "A GenuiNode: an object with a `type` from the read-only node table of the genui guide and that type's fields.",
        }),
      ),
    })
    .meta({ description: "A GenUI spec. Read-only nodes only; interactive ones are dropped on this surface." }),
});

/** The `render_ui` tool's input. */
export type RenderUiInput = z.infer<typeof RenderUiInputSchema>;
