/**
 * The tools a comparison pane's model is offered: only those that write
 * nothing. A pane is one of several blind answers to one prompt — the person
 * compares them, they did not ask any of them to act — and a pane's chat is
 * never shown as a chat where a proposal could be confirmed. So a pane gets
 * `render_ui` (draws a card) and `read_project_data` (reads rows as the
 * run's owner); never `rerun_tests` or `file_issue` (they act on a project),
 * `write_file` or `edit_file` (they write artifacts), nor `show_artifact`
 * (a pane's chat holds no artifact to show). A call to any other tool is
 * refused by the AI SDK as a tool never offered, and listed in the receipt.
 * (Chosen in `generate-reply.ts` for a chat of purpose `compare`.)
 */
import { RENDER_UI_TOOL_NAME } from "@/lib/models/render-ui-tool";
import { READ_PROJECT_DATA_TOOL_NAME } from "@/lib/project/data-tool";

/** The tools a pane may call (see the file comment). */
export const PANE_TOOL_NAMES: readonly string[] = [RENDER_UI_TOOL_NAME, READ_PROJECT_DATA_TOOL_NAME];

/** `tools` with only the ones a pane may call. */
export function paneTools<Tool>(tools: Record<string, Tool>): Record<string, Tool> {
  return Object.fromEntries(Object.entries(tools).filter(([name]) => PANE_TOOL_NAMES.includes(name)));
}
