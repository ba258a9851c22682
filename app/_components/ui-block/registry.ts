/**
 * The renderer of every catalog component, by name, assembled from one file
 * per catalog group. The type requires every `UiComponentName`, and a test
 * checks the same at run time.
 */
import type { UiComponentName } from "@/lib/ui/catalog";
import type { UiRenderer } from "./render-context";
import { CHOICE_RENDERERS } from "./renderers/choices";
import { CONTENT_RENDERERS } from "./renderers/content";
import { DATA_RENDERERS } from "./renderers/data";
import { HOST_LINK_RENDERERS } from "./renderers/host-links";
import { LOCAL_INPUT_RENDERERS } from "./renderers/local-inputs";
import { STATUS_RENDERERS } from "./renderers/status";
import { STRUCTURE_RENDERERS } from "./renderers/structure";

/** Every catalog component's renderer. */
export const UI_RENDERERS: Readonly<Record<UiComponentName, UiRenderer>> = {
  ...STATUS_RENDERERS,
  ...DATA_RENDERERS,
  ...STRUCTURE_RENDERERS,
  ...CONTENT_RENDERERS,
  ...HOST_LINK_RENDERERS,
  ...LOCAL_INPUT_RENDERERS,
  ...CHOICE_RENDERERS,
};
