/**
 * The system prompt of a chat turn, built from the same catalogs that
 * validate and render what the model writes: the tag language's session
 * note and reference (lib/ui), the live data sources the host offers, the
 * JSON dialect's guide (lib/genui), the transport the reply goes to, and the
 * durable preamble of what did not render before. Nothing here is a hand-kept list of components.
 */
import { genuiGuideText } from "@/lib/genui/guide/genui-guide-text";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import { UI_FENCE_LANGUAGE } from "@/lib/ui/catalog/catalog";
import { uiReferenceText, uiSessionNote } from "@/lib/ui/catalog/text";
import { diagnosticsPreambleText, type PreambleDiagnostic } from "./diagnostics-preamble";
import { querySourcesText } from "./query-sources-text";
import { RENDER_UI_TOOL_NAME } from "./render-ui-tool";

/** Where the reply is shown. The playground is a web chat; other transports would draw no component tree. */
export type ReplyTransport = "web";

/** Options of {@link buildSystemPrompt}. */
export type SystemPromptOptions = {
  /** Where the reply goes (default `web`). */
  transport?: ReplyTransport;
  /** What did not render in earlier replies of this chat (the durable preamble). */
  diagnostics?: readonly PreambleDiagnostic[];
  /**
   * `full` adds the tag language's complete reference; `compact` keeps only
   * its session note, for models with a small context window (a local 8k
   * model cannot afford the reference and a conversation).
   */
  detail?: "full" | "compact";
  /** Whether the `render_ui` tool is offered this turn (default true). */
  renderUiTool?: boolean;
  /**
   * The `@Query` sources the host offers, with their argument schemas (the
   * compiler's `querySchemas`, described with `.describe()`): listed for the
   * model. Absent: the prompt says nothing about sources.
   */
  querySchemas?: UiQuerySchemas;
  /**
   * The section on the artifact tools and the chat's artifacts
   * (lib/artifacts' `artifactsGuideText`, built from the tools' own
   * definitions), when they are offered this turn. Absent: no artifact tools.
   */
  artifactsGuide?: string;
};

const INTRODUCTION = `You are the assistant of a chat playground whose replies can carry live UI. Answer in Markdown. When structure helps the person — numbers to compare, a status to scan, a choice to make, a form to fill — add a UI block to your reply instead of describing the same thing in prose or a Markdown table. When it does not, plain prose is the right answer.`;

function transportText(transport: ReplyTransport, renderUiTool: boolean): string {
  switch (transport) {
    case "web":
      return [
        "# Where your reply is shown",
        `This conversation is in the web chat. Everything renders here: Markdown, \`${UI_FENCE_LANGUAGE}\` blocks, \`octo-ui\` panels${
          renderUiTool ? `, and \`${RENDER_UI_TOOL_NAME}\` tool cards` : ""
        }. Inline fences are safe to use in this conversation; you do not need to guess the transport.`,
      ].join("\n");
  }
}

function dialectChoiceText(renderUiTool: boolean, artifactTools: boolean): string {
  return [
    "# Two UI dialects: which to use",
    `- \`${UI_FENCE_LANGUAGE}\` blocks (the tag language below) for data you compute over: derived numbers, filters and switches bound to variables, live \`@Query\` data, links to files, commits, diffs and nodes of the project, and \`<Choices>\` that send the next message.`,
    "- `octo-ui` JSON panels (the GenUI guide below) for forms with a submit button, sliders and inputs gating parts of the panel, plots, quizzes, and panels with an `id` that a button refreshes in place.",
    renderUiTool
      ? `- The \`${RENDER_UI_TOOL_NAME}\` tool for a read-only card, followed by a plain-text reply that stands on its own.`
      : `- The \`${RENDER_UI_TOOL_NAME}\` tool is not available in this conversation: use an \`octo-ui\` fence instead.`,
    ...(artifactTools ? ["- The artifact tools (`write_file`, `edit_file`, `show_artifact`; see Artifacts below) for a deliverable that should outlive the reply, never for a quick comparison or a status."] : []),
    "Use one dialect per block, keep each block to one purpose, and keep the key facts in your prose as well.",
  ].join("\n");
}

/** Builds the system prompt for one turn. */
export function buildSystemPrompt(options: SystemPromptOptions = {}): string {
  const transport = options.transport ?? "web";
  const renderUiTool = options.renderUiTool ?? true;
  const sections = [
    INTRODUCTION,
    transportText(transport, renderUiTool),
    dialectChoiceText(renderUiTool, options.artifactsGuide !== undefined),
    uiSessionNote(),
    ...(options.detail === "compact" ? [] : [uiReferenceText()]),
    ...(options.querySchemas ? [querySourcesText(options.querySchemas)] : []),
    genuiGuideText(),
    ...(options.artifactsGuide !== undefined ? [options.artifactsGuide] : []),
  ];
  const preamble = diagnosticsPreambleText(options.diagnostics ?? []);
  // Last, so it is the freshest thing the model reads before the conversation.
  if (preamble) sections.push(preamble);
  return sections.join("\n\n");
}
