/**
 * The messages between the page and the isolated diagram frame
 * (app/diagram-frame). The page asks the frame to draw; the frame answers
 * with SVG text or an error. The page trusts nothing the frame sends — it
 * runs a model's diagram — so every message is parsed with these schemas
 * and the SVG is cleaned (clean-diagram-svg.ts) before it enters the page.
 */
import { z } from "zod";
import { MERMAID_MAX_SOURCE_CHARACTERS } from "./mermaid-config";

/** Message kinds, spelled once: the frame's script receives them as data (it cannot import). */
export const DIAGRAM_FRAME_MESSAGES = {
  draw: "diagram-draw",
  ready: "diagram-frame-ready",
  unavailable: "diagram-frame-unavailable",
  drawn: "diagram-drawn",
  failed: "diagram-failed",
} as const;

/** What the frame's own guards refused while mermaid drew (see app/diagram-frame/frame-script.ts). */
export const FrameRefusalSchema = z.enum(["image", "link", "reference"]);

/** One refusal of the frame's guards. */
export type FrameRefusal = z.infer<typeof FrameRefusalSchema>;

/** Page → frame: draw this source in this colour scheme; the answer carries the same `requestId`. */
export const DiagramDrawRequestSchema = z.object({
  kind: z.literal(DIAGRAM_FRAME_MESSAGES.draw),
  requestId: z.string().min(1).max(100),
  source: z.string().max(MERMAID_MAX_SOURCE_CHARACTERS),
  scheme: z.enum(["light", "dark"]),
});

/** A request to draw. */
export type DiagramDrawRequest = z.infer<typeof DiagramDrawRequestSchema>;

/** Longest text of an error the page shows from the frame. */
const FRAME_ERROR_MAX_CHARACTERS = 2_000;

/** Frame → page: every message the frame sends. */
export const DiagramFrameMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal(DIAGRAM_FRAME_MESSAGES.ready) }),
  z.object({ kind: z.literal(DIAGRAM_FRAME_MESSAGES.unavailable), error: z.string().max(FRAME_ERROR_MAX_CHARACTERS) }),
  // The SVG's size is capped by the cleaner, which refuses what it will not parse.
  z.object({ kind: z.literal(DIAGRAM_FRAME_MESSAGES.drawn), requestId: z.string(), svg: z.string(), refused: z.array(FrameRefusalSchema).max(10) }),
  z.object({ kind: z.literal(DIAGRAM_FRAME_MESSAGES.failed), requestId: z.string(), error: z.string().max(FRAME_ERROR_MAX_CHARACTERS) }),
]);

/** A message from the frame. */
export type DiagramFrameMessage = z.infer<typeof DiagramFrameMessageSchema>;
