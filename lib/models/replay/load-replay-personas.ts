/**
 * Loads the replay personas under `fixtures/replay-personas/`. Each persona's
 * `persona.json` is read when the model registry is built (the picker needs
 * its name); its recordings only when the persona is first asked for a
 * reply, with the loader of `fixtures/replays/`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadReplayLibrary, ReplayLibraryError, type ReplayLibrary } from "./load-recordings";
import type { RecordingFile } from "./recording-schema";
import { ReplayPersonaFileSchema, type ReplayPersonaCharacter } from "./replay-persona-schema";

/** The folder holding the personas, relative to the project root. */
export const REPLAY_PERSONAS_DIRECTORY = path.join("fixtures", "replay-personas");

/** The file each persona folder must hold. */
export const PERSONA_FILE_NAME = "persona.json";

/** The folder of a persona's recordings, inside its own folder. */
export const PERSONA_RECORDINGS_FOLDER = "recordings";

/**
 * Every persona's folder, in the order the picker lists them: clean, malformed,
 * slow, JSON-only, self-naming. Fixed here (not read from the folder) so the
 * ids are known without touching the disk; a test checks the folder agrees.
 */
export const REPLAY_PERSONA_NAMES = ["quokka", "marmot", "pangolin", "axolotl", "kestrel"] as const;

/** A replay persona, ready to serve. */
export type ReplayPersona = {
  /** Its model id: `replay:<name>`. */
  id: string;
  /** Its folder and model name: the lower-case form of `persona.json`'s `name`. */
  modelName: string;
  /** Its name as its replies write it ("Kestrel"). */
  name: string;
  displayName: string;
  description: string;
  character: ReplayPersonaCharacter;
  /** Every name it calls itself in its replies. */
  selfNames: readonly string[];
  /** Its default speed. */
  pace?: RecordingFile["pace"];
  /** The recording that answers whatever nothing else matches. */
  fallbackRecordingId: string;
  /** Its recordings, loaded and validated on the first call (a missing fallback is a load error). */
  library(): ReplayLibrary;
};

const cache = new Map<string, readonly ReplayPersona[]>();

/**
 * The personas of `REPLAY_PERSONA_NAMES` under `directory`, validated with zod,
 * read once per directory and process. Fails with every problem at once,
 * each as `<persona>: <what>`, like the recordings' loader.
 */
export function loadReplayPersonas(
  directory = path.resolve(/*turbopackIgnore: true*/ process.cwd(), REPLAY_PERSONAS_DIRECTORY),
  names: readonly string[] = REPLAY_PERSONA_NAMES,
): readonly ReplayPersona[] {
  const key = `${directory}\n${names.join(",")}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const problems: string[] = [];
  const personas = names.flatMap((name) => {
    const persona = loadReplayPersona(path.join(directory, name), (message) => problems.push(`${name}: ${message}`));
    return persona ? [persona] : [];
  });
  if (problems.length > 0) throw new ReplayLibraryError(problems);
  cache.set(key, personas);
  return personas;
}

/** Reads one persona folder; reports what is wrong with it and returns null instead of a half-valid persona. */
function loadReplayPersona(folder: string, report: (message: string) => void): ReplayPersona | null {
  const modelName = path.basename(folder);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path.join(folder, PERSONA_FILE_NAME), "utf8"));
  } catch (error) {
    report(`cannot read ${PERSONA_FILE_NAME} as JSON (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
  const parsed = ReplayPersonaFileSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) report(`${PERSONA_FILE_NAME} ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    return null;
  }
  const file = parsed.data;
  if (file.name.toLowerCase() !== modelName) {
    report(`the folder must be named after the persona, in lower case ("${file.name.toLowerCase()}")`);
    return null;
  }
  let library: ReplayLibrary | null = null;
  return {
    id: `replay:${modelName}`,
    modelName,
    name: file.name,
    displayName: file.displayName,
    description: file.description,
    character: file.character,
    selfNames: file.selfNames,
    ...(file.pace ? { pace: file.pace } : {}),
    fallbackRecordingId: file.fallback,
    library: () => {
      if (library) return library;
      const loaded = loadReplayLibrary(path.join(folder, PERSONA_RECORDINGS_FOLDER));
      if (!loaded.get(file.fallback)) throw new ReplayLibraryError([`${modelName}: the fallback recording "${file.fallback}" does not exist`]);
      library = loaded;
      return library;
    },
  };
}
