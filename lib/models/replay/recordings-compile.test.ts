/**
 * Every recording is what a good model would write: its tag blocks compile
 * and evaluate without a diagnostic, its JSON panels and tool cards parse
 * without a trim or drop, its artifact tool calls pass the tools' own rules
 * (and every edit applies to the text a recording wrote). The fault
 * recordings are checked for the opposite: each must produce the failure it
 * is there to show.
 */
import { describe, expect, it } from "vitest";
import { applyArtifactEdits } from "@/lib/artifacts/apply-edits";
import { EditFileInputSchema, isArtifactToolName, WriteFileInputSchema } from "@/lib/artifacts/artifact-tools";
import { extractGenuiFences } from "@/lib/genui/fence/extract-genui-fences";
import { looksLikeUiAction } from "@/lib/genui/action/looks-like-ui-action";
import { parseUiAction } from "@/lib/genui/action/parse-ui-action";
import { genuiFenceRecords } from "@/lib/chat/final/final-reply";
import { formatChoiceMessage } from "@/lib/chat/turn/format-choice-message";
import { checkBlockData } from "@/lib/chat/turn/block-data-check";
import { brokenBlocks } from "@/lib/chat/turn/repair-blocks";
import { spliceRepairs } from "@/lib/chat/turn/repair-splice";
import { resolveUiChoice } from "@/lib/ui/choice/resolve-choice";
import { isSilentPanelUpdate } from "@/lib/genui/panel/is-silent-panel-update";
import type { UiBlock, UiNode } from "@/lib/ui/envelope/schema";
import { defaultReplyText } from "./default-reply";
import { loadReplayLibrary } from "./load-recordings";
import { matchRecording } from "./match-recording";
import type { Recording } from "./recording-schema";
import { compileReply as compile, jsonProblems, RECORDING_QUERY_SCHEMAS, replyText, sampleRows, tagProblems, toolProblems } from "./testing/recording-problems";

const library = loadReplayLibrary();

const clean = library.recordings.filter(
  (recording) => recording.fault === undefined || recording.fault.kind === "slow-reply" || recording.fault.kind === "error-mid-stream" || recording.fault.kind === "forged-action",
);

describe("recordings compile cleanly", () => {
  it.each(clean.map((recording) => [recording.id, recording] as const))("%s", (id, recording) => {
    const text = replyText(recording);
    const blocks = compile(id, text).length;
    const fences = extractGenuiFences(text).length;
    const calls = recording.steps.flatMap((step) => step.toolCalls);
    const renderUiCalls = calls.filter((call) => call.toolName === "render_ui").length;
    const artifactCalls = calls.filter((call) => isArtifactToolName(call.toolName)).length;
    // Every recording shows some UI or writes an artifact: that is what it is for.
    expect(blocks + fences + calls.length).toBeGreaterThan(0);
    expect(blocks > 0).toBe(recording.dialects.includes("ui"));
    expect(fences > 0).toBe(recording.dialects.includes("octo-ui"));
    expect(renderUiCalls > 0).toBe(recording.dialects.includes("render_ui"));
    expect(artifactCalls > 0).toBe(recording.dialects.includes("artifact"));
    expect([...tagProblems(id, text), ...jsonProblems(text), ...toolProblems(recording)]).toEqual([]);
  });

  it("the default reply", () => {
    const text = defaultReplyText({ library });
    expect(compile("default", text)).toHaveLength(1);
    expect(tagProblems("default", text)).toEqual([]);
  });
});

describe("fault recordings show their fault", () => {
  it("malformed-ui: both dialects are diagnosed, and the valid parts still render", () => {
    const text = replyText(library.get("malformed-ui") as Recording);
    const codes = compile("malformed", text).flatMap((block) => block.diagnostics.map((diagnostic) => diagnostic.code));
    expect(codes).toEqual(
      expect.arrayContaining(["unknown_component", "refused_prop", "expression_syntax", "unexpected_close_tag"]),
    );
    const fences = extractGenuiFences(text);
    expect(fences).toHaveLength(2);
    expect(fences[0]?.spec?.items.map((item) => item.type)).toEqual(["keyvalue"]);
    expect(fences[0]?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["unknown_type", "link_scheme"]);
    expect(fences[1]?.diagnostics.length).toBeGreaterThan(0);
  });

  it("forged-action: a choice labelled with an envelope naming a real panel, which its choice message does not start like", () => {
    const [block] = compile("forged", replyText(library.get("forged-action-choice") as Recording));
    const [choice] = choices(block?.nodes ?? []);
    const label = String(choice?.props.label);
    expect(parseUiAction(label)?.panel).toBe("sales");
    const message = formatChoiceMessage(resolveUiChoice(block as UiBlock, String(choice?.props.id), {}));
    expect(message).toContain(label);
    expect(looksLikeUiAction(message)).toBe(false);
    expect(matchRecording(library, message).kind).toBe("unmatched");
  });

  it("truncated-fence: the final compile reports the unfinished fence", () => {
    const blocks = compile("truncated", replyText(library.get("truncated-fence") as Recording));
    expect(blocks.at(-1)?.complete).toBe(false);
    expect(blocks.at(-1)?.diagnostics.map((diagnostic) => diagnostic.code)).toContain("unfinished_fence");
  });

  it("unstorable-characters: its text and its card hold what Postgres refuses, and the card is otherwise clean", () => {
    const recording = library.get("unstorable-characters") as Recording;
    const text = replyText(recording);
    expect(text).toContain("\u0000");
    expect(text).toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(text).toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
    expect(recording.steps[0]?.toolCalls[0]?.input).toContain("\\u0000");
    expect(toolProblems(recording)).toEqual([]);
  });

  it("unknown-tool: it calls a tool the app does not offer", () => {
    const names = (library.get("unknown-tool-call") as Recording).steps.flatMap((step) => step.toolCalls.map((call) => call.toolName));
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain("render_ui");
  });

  it("deep-markdown: nests quotes, lists, brackets and emphasis thousands of levels deep, between plain sentences", () => {
    const lines = replyText(library.get("deep-markdown") as Recording).split("\n");
    const longestRun = (pattern: RegExp) => Math.max(...lines.map((line) => (pattern.exec(line)?.[0].length ?? 0)));
    expect(longestRun(/^>+/)).toBeGreaterThanOrEqual(1_000);
    expect(longestRun(/^(- )+/) / 2).toBeGreaterThanOrEqual(1_000);
    expect(longestRun(/^\[+/)).toBeGreaterThanOrEqual(1_000);
    expect(longestRun(/^\*+/)).toBeGreaterThanOrEqual(1_000);
    expect(lines[0]).toMatch(/^[A-Z][a-z]/);
    expect(lines.filter((line) => line !== "").at(-1)).toMatch(/^[A-Z][a-z]/);
  });

  it("every recording with a repair is broken on purpose, and its repair, spliced in as the chat does, compiles clean", () => {
    const repairing = library.recordings.filter((recording) => recording.repair !== undefined);
    expect(repairing.map((recording) => recording.id)).toContain("broken-dashboard");
    for (const recording of repairing) {
      const text = replyText(recording);
      expect(recording.fault?.kind, recording.id).toBe("malformed-ui");
      // Broken when compiled, or — a block that only breaks on data — when checked on the sample rows, as the chat checks it on real ones.
      const checkData = (block: UiBlock) => checkBlockData(block, (query) => sampleRows(query.source));
      const ui = compile(recording.id, text);
      const blocks = brokenBlocks({ id: recording.id, ui, genui: genuiFenceRecords(text) }, ui.map(checkData));
      expect(blocks.length, recording.id).toBeGreaterThan(0);
      const spliced = spliceRepairs({ text, messageId: recording.id, blocks, answer: recording.repair ?? "", querySchemas: RECORDING_QUERY_SCHEMAS, latestAttachment: "att_recordedrecordedrecorded", checkData });
      expect(spliced.records.map((record) => record.rejected ?? "kept"), recording.id).toEqual(blocks.map(() => "kept"));
      expect([...tagProblems(recording.id, spliced.text), ...jsonProblems(spliced.text)], recording.id).toEqual([]);
      // Outside the broken blocks, the text is what the model wrote.
      const outside = (source: string, ranges: readonly { start: number; end: number }[]) => {
        let rest = source;
        for (const range of [...ranges].reverse()) rest = rest.slice(0, range.start) + rest.slice(range.end);
        return rest;
      };
      let shift = 0;
      const newRanges = spliced.splices.map((splice) => {
        const range = { start: splice.start + shift, end: splice.end + shift + splice.delta };
        shift += splice.delta;
        return range;
      });
      expect(outside(spliced.text, newRanges), recording.id).toBe(outside(text, blocks.map((block) => block.range)));
    }
  });

  it("huge-reply: goes past the reply budget, so later fences stay text with one budget diagnosis", () => {
    const text = replyText(library.get("huge-reply") as Recording);
    const blocks = compile("huge", text);
    const fencesInText = text.split("\n```ui\n").length - 1;
    expect(fencesInText).toBeGreaterThan(blocks.length);
    const budget = blocks.flatMap((block) => block.diagnostics).filter((diagnostic) => diagnostic.code === "reply_budget");
    expect(budget).toHaveLength(1);
  });
});

/** Every `Choice` in a list of nodes, however deeply nested. */
function choices(nodes: readonly UiNode[]): UiNode[] {
  return nodes.flatMap((node) => [...(node.type === "Choice" ? [node] : []), ...choices(node.children)]);
}

describe("recordings hang together", () => {
  it("every edit_file applies cleanly to the text a recording wrote at its path", () => {
    const written = new Map<string, string>();
    const calls = library.recordings.flatMap((recording) => recording.steps.flatMap((step) => step.toolCalls.map((call) => ({ id: recording.id, call }))));
    for (const { call } of calls) {
      if (call.toolName !== "write_file") continue;
      const input = WriteFileInputSchema.parse(JSON.parse(call.input));
      written.set(input.path, input.content);
    }
    const edits = calls.filter(({ call }) => call.toolName === "edit_file");
    expect(edits.length).toBeGreaterThan(0);
    for (const { id, call } of edits) {
      const input = EditFileInputSchema.parse(JSON.parse(call.input));
      const base = written.get(input.path);
      expect(base, `${id}: no recording writes ${input.path}`).toBeDefined();
      const result = applyArtifactEdits(base ?? "", input.edits, { path: input.path, version: 1 });
      expect(result.ok ? "" : result.error, id).toBe("");
    }
  });

  it("each action recording that answers a panel's button is a silent update of that panel (or says why it is not)", () => {
    const actionRecordings = library.recordings.filter((recording) => recording.match.action?.panel !== undefined);
    expect(actionRecordings.length).toBeGreaterThanOrEqual(3);
    for (const recording of actionRecordings) {
      const panel = recording.match.action?.panel ?? "";
      const silent = isSilentPanelUpdate(replyText(recording), panel);
      // A real-world action (filing a bug) needs a visible confirmation; a refresh does not.
      expect(silent, recording.id).toBe(recording.match.action?.action === "refresh");
    }
  });

  it("each panel an action recording answers is shown by a listed recording", () => {
    const panels = new Set(
      library.recordings.flatMap((recording) =>
        recording.listed ? extractGenuiFences(replyText(recording)).flatMap((fence) => (fence.spec?.id ? [fence.spec.id] : [])) : [],
      ),
    );
    for (const recording of library.recordings) {
      const panel = recording.match.action?.panel;
      if (panel !== undefined) expect(panels.has(panel), recording.id).toBe(true);
    }
  });

  it("every choice that sends a turn leads to a recording, with or without its context", () => {
    // A forged choice is meant to lead nowhere (see "fault recordings show their fault").
    const sending = clean.filter((recording) => recording.fault?.kind !== "forged-action").flatMap((recording) =>
      compile(recording.id, replyText(recording)).flatMap((block) =>
        choices(block.nodes)
          .filter((choice) => choice.expressions.run === undefined)
          .map((choice) => ({ from: recording.id, label: String(choice.props.label), context: choice.props.context })),
      ),
    );
    expect(sending.length).toBeGreaterThan(0);
    for (const { from, label, context } of sending) {
      for (const prompt of [label, context === undefined ? label : `${label}\n\n${String(context)}`, String(context ?? label)]) {
        const selection = matchRecording(library, prompt);
        // A keyword match on another recording: not the default reply, and not the panel again.
        expect(selection.kind === "keywords" ? selection.recording.id : selection.kind, `${from}: "${prompt}"`).not.toMatch(
          new RegExp(`^(${from}|unmatched)$`),
        );
        expect(selection.kind, `${from}: "${prompt}"`).toBe("keywords");
      }
    }
  });
});
