/**
 * Where a GenUI diagnostic's JSON path (`items[2].children[0].text`, as
 * lib/genui's `GenuiPath` prints it) stands in an octo-ui fence body, so the
 * inspector can mark it. GenUI diagnostics carry paths, not ranges; this
 * finds the member (`"text": "…"`) or element at the path, or, when the
 * path names something the body does not hold whole (a cut key, a dropped
 * index past the end, text that stops mid-value), the deepest part of the
 * path it does hold. One pass, no recursion, tolerant of a body cut short or
 * broken: it stops at the first thing that is not JSON and keeps what it found.
 */

/** Longest body searched: past it the path is shown without its place (a fence that long is one the dialect cut anyway). */
export const JSON_PATH_SCAN_LENGTH = 400_000;

/** A half-open range of UTF-16 offsets in the body. */
export type JsonRange = { start: number; end: number };

/** One step of a path: a key or an index. */
type Step = string | number;

/** What the scanner expects next. */
const enum State {
  /** A value: `^{"a": 1}`, `{"a": ^1}`, `[1, ^2]`. */
  Value,
  /** A comma or the close of the open container: `[1^, 2]`. */
  AfterValue,
  /** A key or the close of an empty object: `{^"a": 1}`. */
  Key,
  /** The colon after a key: `{"a"^: 1}`. */
  Colon,
}

/** An open object or array, and whether its own path is a prefix of the target. */
type Frame = { kind: "object" | "array"; index: number; key: string | undefined; memberStart: number; matched: boolean };

const STEP = /^(?:\.?([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;

/** The steps of a printed path, or undefined when it is not one. */
export function parseJsonPath(path: string): Step[] | undefined {
  const steps: Step[] = [];
  let rest = path;
  while (rest !== "") {
    const match = STEP.exec(rest);
    if (match === null) return undefined;
    if (match[1] !== undefined) steps.push(match[1]);
    else if (match[2] !== undefined) steps.push(Number(match[2]));
    else {
      try {
        steps.push(JSON.parse(match[3] as string) as string);
      } catch {
        return undefined;
      }
    }
    rest = rest.slice(match[0].length);
  }
  return steps;
}

/**
 * The range of the value at `path` in `body` (with its key, for an object
 * member), or of the deepest part of the path the body holds; undefined
 * when the path is the whole spec, cannot be read, or the body is too long.
 */
export function jsonPathRange(body: string, path: string): JsonRange | undefined {
  const target = parseJsonPath(path);
  if (target === undefined || target.length === 0 || body.length > JSON_PATH_SCAN_LENGTH) return undefined;
  /** Start (and, once it ended, end) of the matched value at each depth. */
  const found: { start: number; end: number | undefined }[] = [];
  const stack: Frame[] = [];
  let state = State.Value;
  let index = 0;

  /** Whether a value starting now, in the innermost open container, is on the target path. */
  const onPath = (): boolean => {
    const parent = stack.at(-1);
    if (parent === undefined) return true;
    if (!parent.matched || stack.length > target.length) return false;
    const step = parent.kind === "array" ? parent.index : parent.key;
    return step === target[stack.length - 1];
  };
  /** Records the end of a matched value; true when the search is over (matched values nest, so the first to end is the deepest). */
  const ended = (depth: number, end: number): boolean => {
    const entry = found[depth];
    if (entry === undefined || entry.end !== undefined) return false;
    entry.end = end;
    return depth > 0;
  };

  scan: while (index < body.length) {
    const code = body.charCodeAt(index);
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) {
      index += 1;
      continue;
    }
    switch (state) {
      case State.Value: {
        const depth = stack.length;
        const matched = onPath();
        const parent = stack.at(-1);
        if (matched) found[depth] = { start: parent?.kind === "object" ? parent.memberStart : index, end: undefined };
        if (code === 0x7b || code === 0x5b) {
          stack.push({ kind: code === 0x7b ? "object" : "array", index: 0, key: undefined, memberStart: index, matched });
          index += 1;
          state = code === 0x7b ? State.Key : State.Value;
          // An empty array closes at once.
          if (code === 0x5b) {
            const next = skipSpace(body, index);
            if (body.charCodeAt(next) === 0x5d) {
              stack.pop();
              index = next + 1;
              if (matched && ended(depth, index)) break scan;
              state = State.AfterValue;
            }
          }
          continue;
        }
        const end = code === 0x22 ? stringEnd(body, index) : literalEnd(body, index);
        if (end === index) break scan;
        index = end;
        if (matched && ended(depth, index)) break scan;
        state = State.AfterValue;
        continue;
      }
      case State.AfterValue: {
        const frame = stack.at(-1);
        if (frame === undefined) break scan;
        if (code === 0x2c) {
          index += 1;
          if (frame.kind === "array") {
            frame.index += 1;
            state = State.Value;
          } else state = State.Key;
          continue;
        }
        if ((code === 0x5d && frame.kind === "array") || (code === 0x7d && frame.kind === "object")) {
          stack.pop();
          index += 1;
          if (frame.matched && ended(stack.length, index)) break scan;
          continue;
        }
        break scan;
      }
      case State.Key: {
        const frame = stack.at(-1) as Frame;
        if (code === 0x7d) {
          stack.pop();
          index += 1;
          if (frame.matched && ended(stack.length, index)) break scan;
          state = State.AfterValue;
          continue;
        }
        if (code !== 0x22) break scan;
        const end = stringEnd(body, index);
        let key: string;
        try {
          key = JSON.parse(body.slice(index, end)) as string;
        } catch {
          break scan;
        }
        frame.key = key;
        frame.memberStart = index;
        index = end;
        state = State.Colon;
        continue;
      }
      case State.Colon: {
        if (code !== 0x3a) break scan;
        index += 1;
        state = State.Value;
        continue;
      }
    }
  }
  for (let depth = Math.min(found.length, target.length + 1) - 1; depth >= 1; depth -= 1) {
    const entry = found[depth];
    if (entry === undefined) continue;
    return { start: entry.start, end: entry.end ?? Math.max(entry.start, trimmedEnd(body, index)) };
  }
  return undefined;
}

function skipSpace(body: string, from: number): number {
  let index = from;
  while (index < body.length && /\s/.test(body[index] as string)) index += 1;
  return index;
}

/** The offset after the string starting at `from` (a quote), or the body's end when it never closes. */
function stringEnd(body: string, from: number): number {
  for (let index = from + 1; index < body.length; index += 1) {
    const code = body.charCodeAt(index);
    if (code === 0x5c) index += 1;
    else if (code === 0x22) return index + 1;
  }
  return body.length;
}

/** The offset after a number or a literal (`true`, `null`) starting at `from`. */
function literalEnd(body: string, from: number): number {
  let index = from;
  while (index < body.length && /[A-Za-z0-9+\-.]/.test(body[index] as string)) index += 1;
  return index;
}

/** Where the body stops being read (the end, or the first thing that is not JSON), before any white space. */
function trimmedEnd(body: string, stop: number): number {
  let end = Math.min(stop, body.length);
  while (end > 0 && /\s/.test(body[end - 1] as string)) end -= 1;
  return end;
}
