/**
 * Chooses the recording that answers a user turn. The order is fixed so a
 * prompt author can predict it: an explicit `/replay <id>` first, then an
 * `[octo-ui-action]` envelope (only action recordings answer those), then
 * keywords and patterns (highest `priority`, then most terms matched, then
 * id).
 */
import { parseUiAction } from "@/lib/genui/action/parse-ui-action";
import type { UiAction } from "@/lib/genui/action/ui-action";
import type { ReplayLibrary } from "./load-recordings";
import type { Recording } from "./recording-schema";

/** A prompt starting with this word and a recording id plays that recording, whatever its keywords. */
export const REPLAY_DIRECT_COMMAND = "/replay";

/** Why a recording was (or was not) chosen. */
export type RecordingSelection =
  | { kind: "direct"; recording: Recording }
  | { kind: "action"; recording: Recording; envelope: UiAction }
  | { kind: "keywords"; recording: Recording; matchedTerms: number }
  | { kind: "unmatched-action"; envelope: UiAction }
  | { kind: "unmatched" };

/** Picks the recording for `prompt` (the last user message's text). */
export function matchRecording(library: ReplayLibrary, prompt: string): RecordingSelection {
  const trimmed = prompt.trim();
  const direct = new RegExp(`^${REPLAY_DIRECT_COMMAND}\\s+([a-z0-9-]+)\\s*$`, "i").exec(trimmed);
  if (direct) {
    const recording = library.get((direct[1] ?? "").toLowerCase());
    if (recording) return { kind: "direct", recording };
  }

  const envelope = parseUiAction(trimmed);
  if (envelope) {
    const candidates = library.recordings
      .filter((recording) => actionMatches(recording, envelope))
      .sort(
        (left, right) =>
          fieldCount(right) - fieldCount(left) || right.priority - left.priority || left.id.localeCompare(right.id),
      );
    const recording = candidates[0];
    return recording ? { kind: "action", recording, envelope } : { kind: "unmatched-action", envelope };
  }

  let best: { recording: Recording; matchedTerms: number } | null = null;
  for (const recording of library.recordings) {
    const matchedTerms = countMatchedTerms(recording, trimmed);
    if (matchedTerms === 0) continue;
    if (
      best === null ||
      recording.priority > best.recording.priority ||
      (recording.priority === best.recording.priority && matchedTerms > best.matchedTerms)
    ) {
      best = { recording, matchedTerms };
    }
  }
  return best ? { kind: "keywords", ...best } : { kind: "unmatched" };
}

function actionMatches(recording: Recording, envelope: UiAction): boolean {
  const wanted = recording.match.action;
  if (!wanted) return false;
  if (wanted.panel !== envelope.panel || wanted.action !== envelope.action) return false;
  return Object.entries(wanted.fields ?? {}).every(([field, value]) => envelope.fields[field] === value);
}

function fieldCount(recording: Recording): number {
  return Object.keys(recording.match.action?.fields ?? {}).length;
}

/** How many of a recording's keywords and patterns occur in the prompt. */
/** Each recording's keywords and patterns as compiled expressions: a prompt is matched against every recording, several times a reply. */
const compiledTerms = new WeakMap<Recording, RegExp[]>();

function termsOf(recording: Recording): RegExp[] {
  let terms = compiledTerms.get(recording);
  if (!terms) {
    terms = [
      ...recording.match.keywords.map((keyword) => {
        // Word boundaries in any script: "form" must not match "performance".
        const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
        return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu");
      }),
      ...recording.match.patterns.map((pattern) => new RegExp(pattern, "iu")),
    ];
    compiledTerms.set(recording, terms);
  }
  return terms;
}

function countMatchedTerms(recording: Recording, prompt: string): number {
  let count = 0;
  for (const term of termsOf(recording)) if (term.test(prompt)) count += 1;
  return count;
}
