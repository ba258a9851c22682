/**
 * The part of a stored reply that holds an addressable panel: a ```ui block,
 * an octo-ui fence or a `render_ui` card. The first part naming the panel in
 * its reply is the panel; a later duplicate is not (the store gives the
 * first the revision).
 */
import type { AssistantMessage, GenuiFenceRecord, PanelRecord, RenderUiCard } from "../wire";
import type { UiBlock } from "@/lib/ui/envelope/schema";

/** A panel's revision, ready to draw. */
export type PanelSource =
  | { dialect: "ui"; block: UiBlock }
  | { dialect: "octo-ui"; fence: GenuiFenceRecord }
  | { dialect: "render_ui"; card: RenderUiCard };

/** The part of `message` that holds the panel `record` names, in its dialect; undefined when it holds none. */
export function panelSourceIn(message: AssistantMessage, record: Pick<PanelRecord, "panelId" | "dialect">): PanelSource | undefined {
  if (record.dialect === "ui") {
    const block = message.ui?.find((candidate) => candidate.id === record.panelId);
    return block && { dialect: "ui", block };
  }
  if (record.dialect === "octo-ui") {
    const fence = message.genui?.find((candidate) => candidate.panelId === record.panelId);
    return fence && { dialect: "octo-ui", fence };
  }
  const card = message.tools?.find((candidate): candidate is RenderUiCard => candidate.name === "render_ui" && candidate.spec?.id === record.panelId);
  return card && { dialect: "render_ui", card };
}
