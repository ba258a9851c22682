/**
 * The replay model answers the repair round: a repair request quoting the
 * broken blocks of a recording with a `repair` is answered with that file,
 * logged as its own play; a request no recording answers is said to be
 * unanswerable before it is sent (so the chat never asks), and is answered
 * with nothing if it is sent anyway — never with a reply matched on its words.
 */
import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { formatRepairRequest } from "../repair-request";
import { loadReplayLibrary } from "./load-recordings";
import { createReplayModel, repairPlayId } from "./replay-language-model";
import { instantSleep } from "./replay-sleep";
import { replyText } from "./testing/recording-problems";

const library = loadReplayLibrary();

/** The fences of a recording's reply, as the repair round quotes them. */
function fencesOf(id: string): string[] {
  const recording = library.get(id);
  if (!recording) throw new Error(`no recording ${id}`);
  return [...replyText(recording).matchAll(/^```(?:ui|octo-ui)[^\n]*\n[\s\S]*?\n```$/gm)].map((match) => match[0]);
}

describe("the replay model's repair answers", () => {
  it("answers a request quoting broken-dashboard's broken block with its repair.md, as a play of its own", async () => {
    const model = createReplayModel({ library, sleep: instantSleep });
    const [broken] = fencesOf("broken-dashboard");
    const request = formatRepairRequest([{ dialect: "ui", source: broken ?? "", diagnostics: [{ code: "unknown_component", message: "This component is not in the catalog." }] }]);
    expect(model.answersRepair(request)).toBe(true);
    model.session.expect(repairPlayId("broken-dashboard"));
    const result = await generateText({ model, system: "system", prompt: request });
    expect(result.text).toBe(library.get("broken-dashboard")?.repair);
    expect(model.session.problems()).toEqual([]);
  });

  it("does not answer a request for blocks no recording repairs, and never plays a reply for its words", async () => {
    const model = createReplayModel({ library, sleep: instantSleep });
    const [broken] = fencesOf("malformed-ui");
    // The request quotes "malformed" UI, a keyword of the malformed-ui recording: it must not be played.
    const request = formatRepairRequest([{ dialect: "ui", source: `${broken ?? ""}\nmalformed`, diagnostics: [{ code: "unknown_component", message: "malformed" }] }]);
    expect(model.answersRepair(request)).toBe(false);
    expect(model.answersRepair("Show me the broken service dashboard")).toBe(false);
    const result = await generateText({ model, system: "system", prompt: request });
    expect(result.text).toBe("");
  });
});
