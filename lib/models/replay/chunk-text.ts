/**
 * Splits a reply into token-sized pieces the way a real model's stream
 * arrives: mostly a word with its leading space, sometimes a word split in
 * two, punctuation on its own. The split is seeded, so a test sees the same
 * pieces on every run.
 */
import { createSeededRandom } from "./seeded-random";

/** The longest piece a real tokenizer emits for ordinary text is around a dozen characters. */
export const REPLAY_CHUNK_MAX_CHARACTERS = 12;

/** Pieces shorter than this are rare in real streams except for punctuation and line breaks. */
const REPLAY_CHUNK_MIN_CHARACTERS = 1;

/** Options for {@link chunkText}. */
export type ChunkTextOptions = {
  /** Seed of the split; the same seed and text always give the same pieces. */
  seed: number;
  /** Upper bound of one piece (default {@link REPLAY_CHUNK_MAX_CHARACTERS}). */
  maxCharacters?: number;
};

/** Splits `text` into pieces of 1–12 characters that concatenate back to `text` exactly. */
export function chunkText(text: string, options: ChunkTextOptions): string[] {
  const maxCharacters = Math.max(
    REPLAY_CHUNK_MIN_CHARACTERS,
    options.maxCharacters ?? REPLAY_CHUNK_MAX_CHARACTERS,
  );
  const random = createSeededRandom(options.seed);
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    // Token lengths cluster around 3–5 characters; squaring a uniform number
    // skews towards short pieces with an occasional long one.
    const roll = random();
    let length = REPLAY_CHUNK_MIN_CHARACTERS + Math.floor(roll * roll * maxCharacters);
    length = Math.min(length, maxCharacters, text.length - start);
    // Real tokens usually begin with the space before a word: end the piece
    // just before the next space when one falls inside it (most of the time).
    const nextSpace = text.indexOf(" ", start + 1);
    if (nextSpace !== -1 && nextSpace - start <= length && random() < 0.8) {
      length = nextSpace - start;
    }
    let end = start + Math.max(REPLAY_CHUNK_MIN_CHARACTERS, length);
    // Never split a surrogate pair: a lone half is not a character.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) {
      end = end - 1 > start ? end - 1 : end + 1;
    }
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
