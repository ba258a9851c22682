/** The spec: `{id?, title?, items}`, the argument of `render_ui` and the body of an octo-ui fence. */
import { z } from "zod";
import { GENUI_LIMITS } from "../limits";
import { GenuiNodeSchema } from "./nodes";

/** A panel id: 1–64 letters, digits, `_` and `-`. */
export const GENUI_PANEL_ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${GENUI_LIMITS.panelIdLength}}$`);

/** A panel id, which makes a spec addressable by later turns. */
export const GenuiPanelIdSchema = z.string().regex(GENUI_PANEL_ID_PATTERN);

/** A GenUI spec as `parseGenuiSpec` returns it. */
export const GenuiSpecSchema = z.object({
  id: GenuiPanelIdSchema.optional(),
  title: z.string().max(GENUI_LIMITS.stringLength).optional(),
  items: z.array(GenuiNodeSchema),
});

/** A GenUI spec as `parseGenuiSpec` returns it. */
export type GenuiSpec = z.infer<typeof GenuiSpecSchema>;

/** Which surface a spec arrived on: the `render_ui` tool (read-only nodes) or an octo-ui fence (all nodes). */
export type GenuiSurface = "tool" | "fence";
