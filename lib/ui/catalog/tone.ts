import { z } from "zod";

/** The colour intent of a component: neutral, info, success, warning or danger. */
export const UiToneSchema = z.enum(["neutral", "info", "success", "warning", "danger"]);

/** The colour intent of a component. */
export type UiTone = z.infer<typeof UiToneSchema>;
