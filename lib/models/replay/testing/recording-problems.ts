/**
 * What the recordings' compile checks look for, shared by the tests of
 * `fixtures/replays/` and of the replay personas: a reply's tag blocks
 * compiled and evaluated, its JSON fences parsed and linted, its tool calls
 * checked against the tools' own rules. Each problem is one line naming where
 * it is, so a failing test says which block broke.
 */
import { z } from "zod";
import { checkArtifactContent } from "@/lib/artifacts/artifact-content";
import { checkArtifactPath } from "@/lib/artifacts/artifact-path";
import { ARTIFACT_TOOL_DEFINITIONS, isArtifactToolName } from "@/lib/artifacts/artifact-tools";
import { HOST_ACTION_DEFINITIONS, isHostActionName } from "@/lib/host-actions/host-action-definitions";
import { extractGenuiFences } from "@/lib/genui/fence/extract-genui-fences";
import { genuiLint } from "@/lib/genui/lint/genui-lint";
import { parseGenuiSpec } from "@/lib/genui/parse/parse-genui-spec";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { evaluateUiBlock } from "@/lib/ui/evaluate/evaluate-block";
import { UiState } from "@/lib/ui/state/ui-state";
import { READ_PROJECT_DATA_TOOL_NAME, ReadProjectDataInputSchema } from "@/lib/project/data-tool";
import { PROJECT_QUERY_SCHEMAS, projectQuerySource } from "@/lib/project/query-sources";
import type { UiRecord } from "@/lib/ui/expression/value";
import type { Recording } from "../recording-schema";

/** The query sources the recordings read, with the argument schemas the project model must offer (the project's own, `tests` loosely). */
export const RECORDING_QUERY_SCHEMAS = { ...PROJECT_QUERY_SCHEMAS, tests: z.object({ branch: z.string() }) };

/** Rows shaped like the `tests` source's, so query-reading blocks evaluate. */
export const SAMPLE_TEST_RUNS = [
  { name: "billing › rounds invoice totals", suite: "billing", ms: 1_204, failed: true, run: 1842 },
  { name: "search › ranks exact matches first", suite: "search", ms: 73, failed: false, run: 1842 },
];

/** Sample rows by source for the blocks' queries to evaluate with: the `tests` rows for any source not listed. */
const SAMPLE_ROWS: Readonly<Record<string, UiRecord[]>> = {
  tests: SAMPLE_TEST_RUNS,
  incidents: [{ id: "INC-431", title: "Invoice totals off by one cent", severity: "sev2", status: "open", service: "billing-api", openedAt: "2026-11-30T14:22:41.000Z", resolvedAt: null }],
  metrics: [{ service: "billing-api", metric: "p95_latency", unit: "ms", day: "2026-11-30", value: 473 }],
};

/** The sample rows a query declaration evaluates with (the data checks' real rows when a recording's repair is checked). */
export function sampleRows(source: string | undefined): UiRecord[] {
  return (source !== undefined && Object.hasOwn(SAMPLE_ROWS, source) ? SAMPLE_ROWS[source] : undefined) ?? SAMPLE_TEST_RUNS;
}

/** Every step's text of a recording, joined. */
export function replyText(recording: Recording): string {
  return recording.steps.map((step) => step.text).join("\n");
}

/** The final compile of a reply's tag blocks, as the chat's final store runs it. */
export function compileReply(id: string, text: string) {
  // As in a chat where an image was attached: `Image generated="latest"` shows it.
  return compileUi(text, { id, final: true, querySchemas: RECORDING_QUERY_SCHEMAS, latestAttachment: "att_recordedrecordedrecorded" });
}

/** Diagnostics of the tag blocks, compiled and then evaluated (queries answered with sample rows). */
export function tagProblems(id: string, text: string): string[] {
  return compileReply(id, text).flatMap((block) => {
    const state = new UiState(block);
    for (const declaration of block.declarations) {
      if (declaration.kind === "query") state.setQuery(declaration.name, sampleRows(declaration.source), block);
    }
    const evaluation = evaluateUiBlock(block, state);
    return [...block.diagnostics, ...evaluation.diagnostics].map(
      (diagnostic) => `${block.id} ${diagnostic.code}: ${diagnostic.message}`,
    );
  });
}

/** Diagnostics and lint findings of the octo-ui fences. */
export function jsonProblems(text: string): string[] {
  return extractGenuiFences(text).flatMap((fence, index) => [
    ...(fence.spec === null ? [`octo-ui fence ${index}: no spec`] : []),
    ...fence.diagnostics.map((diagnostic) => `octo-ui fence ${index} ${diagnostic.code} at ${diagnostic.path}: ${diagnostic.message}`),
    ...(fence.spec ? genuiLint(fence.spec) : []).map((diagnostic) => `octo-ui fence ${index} lint ${diagnostic.code} at ${diagnostic.path}`),
  ]);
}

/** Problems of an artifact tool call: its input must pass the tool's schema, its path and its content the tools' own checks. */
function artifactCallProblems(call: { toolName: string; input: string }): string[] {
  if (!isArtifactToolName(call.toolName)) return [`${call.toolName}: not a tool the app offers`];
  const parsed = ARTIFACT_TOOL_DEFINITIONS[call.toolName].inputSchema.safeParse(JSON.parse(call.input));
  if (!parsed.success) return [`${call.toolName}: ${parsed.error.message}`];
  const input = parsed.data as { path: string; content?: string };
  const path = checkArtifactPath(input.path);
  const content = input.content === undefined ? null : checkArtifactContent(input.content);
  return [...(path.ok ? [] : [`${call.toolName}: ${path.error}`]), ...(content === null || content.ok ? [] : [`${call.toolName}: ${content.error}`])];
}

/** Problems of a `read_project_data` call: its input must name a source and fit that source's argument schema. */
function dataCallProblems(call: { toolName: string; input: string }): string[] {
  const parsed = ReadProjectDataInputSchema.safeParse(JSON.parse(call.input));
  if (!parsed.success) return [`${call.toolName}: ${parsed.error.message}`];
  const source = projectQuerySource(parsed.data.source);
  if (!source) return [`${call.toolName}: no source named ${parsed.data.source}`];
  const checked = source.argumentsSchema.safeParse(parsed.data.arguments ?? {});
  return checked.success ? [] : [`${call.toolName}: ${checked.error.message}`];
}

/** Problems of a host action call: its input must pass the action's schema, as the host checks it. */
function hostActionCallProblems(call: { toolName: string; input: string }): string[] {
  if (!isHostActionName(call.toolName)) return [];
  const parsed = HOST_ACTION_DEFINITIONS[call.toolName].inputSchema.safeParse(JSON.parse(call.input));
  return parsed.success ? [] : [`${call.toolName}: ${parsed.error.message}`];
}

/** Problems of the tool calls: render_ui cards parsed as the tool does, artifact, data and host action calls checked by their tools' rules. */
export function toolProblems(recording: Recording): string[] {
  return recording.steps.flatMap((step) =>
    step.toolCalls.flatMap((call) => {
      if (call.toolName === READ_PROJECT_DATA_TOOL_NAME) return dataCallProblems(call);
      if (isHostActionName(call.toolName)) return hostActionCallProblems(call);
      if (call.toolName !== "render_ui") return artifactCallProblems(call);
      const input: unknown = JSON.parse(call.input);
      const spec = typeof input === "object" && input !== null && "spec" in input ? input.spec : undefined;
      const result = parseGenuiSpec(spec, { surface: "tool" });
      return [
        ...(result.spec === null ? [`${call.toolName}: no spec`] : []),
        ...result.diagnostics.map((diagnostic) => `${call.toolName} ${diagnostic.code} at ${diagnostic.path}`),
      ];
    }),
  );
}

/** Every problem of a recording in both dialects and its tool calls: none for a clean one. */
export function recordingProblems(recording: Recording): string[] {
  const text = replyText(recording);
  return [...tagProblems(recording.id, text), ...jsonProblems(text), ...toolProblems(recording)];
}

/** How much UI of each kind a recording shows, to check it against its `dialects`. */
export function recordingUiCounts(recording: Recording): { blocks: number; fences: number; renderUiCalls: number; artifactCalls: number } {
  const text = replyText(recording);
  const calls = recording.steps.flatMap((step) => step.toolCalls);
  const renderUiCalls = calls.filter((call) => call.toolName === "render_ui").length;
  return {
    blocks: compileReply(recording.id, text).length,
    fences: extractGenuiFences(text).length,
    renderUiCalls,
    artifactCalls: calls.filter((call) => isArtifactToolName(call.toolName)).length,
  };
}

/** The codes of every diagnostic and lint finding of a recording (lint codes prefixed `lint `), for checking that a fault shows. */
export function recordingDiagnosticCodes(recording: Recording): Set<string> {
  const text = replyText(recording);
  const codes = new Set<string>();
  for (const block of compileReply(recording.id, text)) {
    const state = new UiState(block);
    for (const declaration of block.declarations) {
      if (declaration.kind === "query") state.setQuery(declaration.name, sampleRows(declaration.source), block);
    }
    for (const diagnostic of [...block.diagnostics, ...evaluateUiBlock(block, state).diagnostics]) codes.add(diagnostic.code);
  }
  for (const fence of extractGenuiFences(text)) {
    for (const diagnostic of fence.diagnostics) codes.add(diagnostic.code);
    for (const diagnostic of fence.spec ? genuiLint(fence.spec) : []) codes.add(`lint ${diagnostic.code}`);
  }
  return codes;
}
