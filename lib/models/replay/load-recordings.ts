/**
 * Loads and validates every recording under `fixtures/replays/`. A broken
 * recording is a fixture bug: loading collects every problem and fails with
 * all of them at once, instead of letting a half-valid recording play.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { generateHugeReply } from "./huge-reply";
import {
  RecordingFileSchema,
  RecordingIdSchema,
  RecordingSchema,
  type Recording,
  type RecordingStep,
} from "./recording-schema";

/** The folder holding the recordings, relative to the project root. */
export const REPLAY_FIXTURES_DIRECTORY = path.join("fixtures", "replays");

/** The file each recording folder must hold. */
export const RECORDING_FILE_NAME = "recording.json";

/** The text file a recording without `steps` streams. */
export const DEFAULT_REPLY_FILE_NAME = "reply.md";

/** All recordings, validated, in id order. */
export type ReplayLibrary = {
  recordings: readonly Recording[];
  /** The recording with this id, if any. */
  get(id: string): Recording | undefined;
};

/** Thrown when a recording folder does not validate; `problems` lists each one as `<id>: <what>`. */
export class ReplayLibraryError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid replay recordings:\n- ${problems.join("\n- ")}`);
    this.name = "ReplayLibraryError";
    this.problems = problems;
  }
}

/** Builds a library from recordings already in memory (tests write their own this way). */
export function createReplayLibrary(recordings: readonly Recording[]): ReplayLibrary {
  const sorted = [...recordings]
    .map((recording) => RecordingSchema.parse(recording))
    .sort((left, right) => left.id.localeCompare(right.id));
  const byId = new Map(sorted.map((recording) => [recording.id, recording]));
  if (byId.size !== sorted.length) {
    throw new ReplayLibraryError(["two recordings share an id"]);
  }
  return { recordings: sorted, get: (id) => byId.get(id) };
}

/** Reads every `<directory>/<id>/recording.json`, validates it with zod and loads the files it names. */
export function loadReplayLibrary(directory = path.resolve(/*turbopackIgnore: true*/ process.cwd(), REPLAY_FIXTURES_DIRECTORY)): ReplayLibrary {
  const problems: string[] = [];
  const recordings: Recording[] = [];
  if (!existsSync(directory)) {
    throw new ReplayLibraryError([`${directory} does not exist`]);
  }
  for (const entry of readdirSync(directory).sort()) {
    const folder = path.join(directory, entry);
    if (!statSync(folder).isDirectory()) continue;
    const recording = loadRecording({ id: entry, folder, problems });
    if (recording) recordings.push(recording);
  }
  if (problems.length > 0) throw new ReplayLibraryError(problems);
  return createReplayLibrary(recordings);
}

function loadRecording({ id, folder, problems }: { id: string; folder: string; problems: string[] }): Recording | null {
  const problemCount = problems.length;
  const report = (message: string) => problems.push(`${id}: ${message}`);
  if (!RecordingIdSchema.safeParse(id).success) {
    report("the folder name is not a kebab-case recording id");
    return null;
  }
  const file = readText(path.join(folder, RECORDING_FILE_NAME), report);
  if (file === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(file);
  } catch (error) {
    report(`${RECORDING_FILE_NAME} is not JSON (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
  const parsed = RecordingFileSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      report(`${RECORDING_FILE_NAME} ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    }
    return null;
  }
  const { steps: stepFiles, ...rest } = parsed.data;
  const fault = rest.fault;
  let steps: RecordingStep[];
  if (fault?.kind === "huge-reply") {
    if (stepFiles) report("a huge-reply recording generates its text and names no steps");
    steps = [{ text: generateHugeReply(fault.targetCharacters, fault.content), toolCalls: [] }];
  } else {
    const declared = stepFiles ?? [{ text: DEFAULT_REPLY_FILE_NAME, toolCalls: [] }];
    steps = declared.map((step) => ({
      text: step.text === undefined ? "" : readStepText(path.join(folder, step.text), report),
      toolCalls: step.toolCalls.map((call) => ({
        toolName: call.toolName,
        input: readToolInput({ folder, file: call.input, inputFiles: call.inputFiles ?? {}, report }),
      })),
    }));
  }
  if (!rest.match.action && rest.match.keywords.length === 0 && rest.match.patterns.length === 0) {
    report("match names no keyword, pattern or action, so nothing would ever select it");
  }
  if (fault?.kind === "truncated-fence" && !endsInsideFence(steps.at(-1)?.text ?? "")) {
    report("a truncated-fence recording must end inside an open fence");
  }
  if (fault?.kind === "error-mid-stream") {
    const length = steps.reduce((sum, step) => sum + step.text.length, 0);
    if (fault.afterCharacters > length) report(`afterCharacters ${fault.afterCharacters} is past the end of the text (${length})`);
  }
  if (fault?.kind === "unstorable-characters" && !steps.some((step) => holdsUnstorable(step.text) || step.toolCalls.some((call) => holdsUnstorable(JSON.parse(call.input))))) {
    report("an unstorable-characters recording must hold a NUL or a lone surrogate in its text or a tool input");
  }
  if (fault?.kind === "unknown-tool" && !steps.some((step) => step.toolCalls.length > 0)) {
    report("an unknown-tool recording must call a tool");
  }
  const { repair: repairFile, ...played } = rest;
  const repair = repairFile === undefined ? undefined : readStepText(path.join(folder, repairFile), report);
  if (repair !== undefined && repair.trim() === "") report(`${repairFile} is empty; a repair answers with the corrected blocks`);
  if (problems.length > problemCount) return null;
  return { ...played, id, steps, ...(repair !== undefined ? { repair } : {}) };
}

// A step's text: Markdown as it is, or a `.json` file holding one JSON string (for characters Markdown cannot carry).
function readStepText(file: string, report: (message: string) => void): string {
  const text = readText(file, report);
  if (text === null || !file.endsWith(".json")) return text ?? "";
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "string") return parsed;
  } catch {
    // Reported below.
  }
  report(`${path.basename(file)} must hold one JSON string`);
  return "";
}

/** True when a string, or any string in a JSON value, holds a NUL or half of a surrogate pair on its own. */
function holdsUnstorable(value: unknown): boolean {
  if (typeof value === "string") return /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
  if (Array.isArray(value)) return value.some(holdsUnstorable);
  if (value !== null && typeof value === "object") return Object.entries(value).some(([key, item]) => holdsUnstorable(key) || holdsUnstorable(item));
  return false;
}

function readText(file: string, report: (message: string) => void): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    report(`cannot read ${path.basename(file)}`);
    return null;
  }
}

// Tool inputs are stored pretty-printed for people and streamed compact, as a model sends them;
// fields named in `inputFiles` are read verbatim from their own files.
function readToolInput(input: { folder: string; file: string; inputFiles: Readonly<Record<string, string>>; report: (message: string) => void }): string {
  const { folder, file, inputFiles, report } = input;
  const text = readText(path.join(folder, file), report);
  if (text === null) return "{}";
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    report(`${file} is not JSON`);
    return "{}";
  }
  const fields = Object.entries(inputFiles);
  if (fields.length === 0) return JSON.stringify(parsed);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    report(`${file} must be a JSON object to take fields from inputFiles`);
    return "{}";
  }
  const merged: Record<string, unknown> = { ...parsed };
  for (const [field, name] of fields) {
    if (Object.hasOwn(merged, field)) report(`${file} already has the field ${field} that inputFiles reads from ${name}`);
    merged[field] = readText(path.join(folder, name), report) ?? "";
  }
  return JSON.stringify(merged);
}

/** True when `text` ends inside an unclosed CommonMark fence (``` or ~~~). */
export function endsInsideFence(text: string): boolean {
  let open: { marker: string; length: number } | null = null;
  for (const line of text.split("\n")) {
    const fence = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (!fence) continue;
    const run = fence[1] ?? "";
    const marker = run.charAt(0);
    const info = fence[2] ?? "";
    if (open === null) {
      // A backtick fence's info string may not contain a backtick.
      if (marker === "`" && info.includes("`")) continue;
      open = { marker, length: run.length };
    } else if (marker === open.marker && run.length >= open.length && info.trim() === "") {
      open = null;
    }
  }
  return open !== null;
}
