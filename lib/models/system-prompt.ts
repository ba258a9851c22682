/**
 * The system prompt of a chat turn, built from the same catalogs that
 * validate and render what the model writes: the tag language's session
 * note and reference (lib/ui), the live data sources the host offers, the
 * JSON dialect's guide (lib/genui), the transport the reply goes to, and the
 * durable preamble of what did not render before. Nothing here is a hand-kept list of components.
 *
 * Each rule is stated once (a test fails on a repeated sentence): the
 * transport, which dialect a request goes to and how much prose goes with a
 * panel live here; how to write each dialect lives in its own text.
 */
import { genuiGuideText } from "@/lib/genui/guide/genui-guide-text";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import { UI_FENCE_LANGUAGE } from "@/lib/ui/catalog/catalog";
import { uiLanguageText, uiReferenceText, uiSessionNote } from "@/lib/ui/catalog/text";
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
   * `full` carries the tag language's complete component reference and the
   * whole JSON guide; `compact` the language with one signature line per
   * component and the short JSON guide, for models with a small context
   * window (a local 8k model cannot afford the reference and a conversation).
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
   * (lib/artifacts' `artifactsGuideText`; a compact prompt's caller passes
   * its compact form), when they are offered this turn. Absent: no artifact
   * tools.
   */
  artifactsGuide?: string;
};

const INTRODUCTION = "You are the assistant of a chat playground; answer in Markdown.";

function transportText(transport: ReplyTransport, renderUiTool: boolean): string {
  switch (transport) {
    case "web":
      return `This conversation is in the web chat, and that is known: \`${UI_FENCE_LANGUAGE}\` blocks, \`octo-ui\` panels${
        renderUiTool ? ` and \`${RENDER_UI_TOOL_NAME}\` tool cards` : ""
      } all render here.`;
  }
}

/** Prose and panels (issue 13, point 3): one rule instead of "a block instead of prose" beside "keep the facts in prose too". */
const PROSE_RULE =
  "Add a panel when structure helps (numbers to compare, a status to scan, a choice, a form), else answer in prose alone; with a panel, your prose states the conclusion in one or two sentences with the key numbers and the panel carries the detail: never repeat its table or list in prose.";

function routingText(renderUiTool: boolean, artifactTools: boolean): string {
  return [
    "# Which UI to use (the first rule that fits wins)",
    `1. Anything computed or bound to state is a \`${UI_FENCE_LANGUAGE}\` block: a slider driving a derived number, filters, totals, live \`@Query\` data, host links, <Choices>. So is a read-only chart or diagram.`,
    `2. A form with a submit button, a quiz, or a panel a button refreshes is an \`octo-ui\` panel.`,
    renderUiTool
      ? `3. A read-only card for a transport that cannot draw fences (only when the host says so) is a \`${RENDER_UI_TOOL_NAME}\` call.`
      : `3. The \`${RENDER_UI_TOOL_NAME}\` tool is not available in this conversation: use an \`octo-ui\` fence instead.`,
    ...(artifactTools ? ["4. A deliverable that should outlive the reply (a document, a page, a dataset) is an artifact (see Artifacts)."] : []),
    "One dialect and one purpose per block.",
  ].join("\n");
}

/** Builds the system prompt for one turn. */
export function buildSystemPrompt(options: SystemPromptOptions = {}): string {
  const transport = options.transport ?? "web";
  const renderUiTool = options.renderUiTool ?? true;
  const compact = options.detail === "compact";
  const sections = [
    [INTRODUCTION, transportText(transport, renderUiTool), PROSE_RULE].join(" "),
    routingText(renderUiTool, options.artifactsGuide !== undefined),
    ...(compact ? [uiSessionNote()] : [uiLanguageText(), uiReferenceText()]),
    ...(options.querySchemas ? [querySourcesText(options.querySchemas, { detail: compact ? "compact" : "full" })] : []),
    genuiGuideText({ detail: compact ? "compact" : "full" }),
    ...(options.artifactsGuide !== undefined ? [options.artifactsGuide] : []),
  ];
  const preamble = diagnosticsPreambleText(options.diagnostics ?? []);
  // Last, so it is the freshest thing the model reads before the conversation.
  if (preamble) sections.push(preamble);
  return sections.join("\n\n");
}
