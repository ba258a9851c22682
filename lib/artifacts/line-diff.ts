/**
 * A line diff between two versions of an artifact: Myers' O((N+M)·D)
 * shortest edit script over the lines left once the common head and tail
 * are set aside (an edit round changes a few lines of a long file, so that
 * is most of the work). Past `DIFF_MAX_EDITS` edits the middle is shown as
 * removed, then added — still a true diff, only not the shortest, and
 * `minimal` says so — which bounds time and memory for a rewrite of a 1 MiB file.
 */

/** One line of a diff; `before`/`after` are 1-based line numbers in each version. */
export type DiffLine =
  | { kind: "same"; text: string; before: number; after: number }
  | { kind: "removed"; text: string; before: number }
  | { kind: "added"; text: string; after: number };

/** A diff with its counts. */
export type LineDiff = { lines: DiffLine[]; added: number; removed: number; minimal: boolean };

/**
 * Edits searched for before falling back: the search keeps one row of
 * 2·D+1 integers per step D, so this is about 4 MB at most.
 */
export const DIFF_MAX_EDITS = 1_000;

/** The lines of a text; a final line break does not start an empty last line. */
export function splitLines(text: string): string[] {
  if (text.length === 0) return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** The diff of `before` to `after`, line by line. */
export function diffLines(before: string, after: string, maxEdits = DIFF_MAX_EDITS): LineDiff {
  const left = splitLines(before);
  const right = splitLines(after);
  let head = 0;
  while (head < left.length && head < right.length && left[head] === right[head]) head += 1;
  let tail = 0;
  while (tail < left.length - head && tail < right.length - head && left[left.length - 1 - tail] === right[right.length - 1 - tail]) tail += 1;

  const lines: DiffLine[] = [];
  for (let index = 0; index < head; index += 1) lines.push({ kind: "same", text: left[index] as string, before: index + 1, after: index + 1 });
  const middle = middleScript(left.slice(head, left.length - tail), right.slice(head, right.length - tail), maxEdits);
  let beforeLine = head;
  let afterLine = head;
  for (const step of middle.steps) {
    if (step === "same") {
      beforeLine += 1;
      afterLine += 1;
      lines.push({ kind: "same", text: left[beforeLine - 1] as string, before: beforeLine, after: afterLine });
    } else if (step === "removed") {
      beforeLine += 1;
      lines.push({ kind: "removed", text: left[beforeLine - 1] as string, before: beforeLine });
    } else {
      afterLine += 1;
      lines.push({ kind: "added", text: right[afterLine - 1] as string, after: afterLine });
    }
  }
  for (let index = 0; index < tail; index += 1) {
    lines.push({ kind: "same", text: left[left.length - tail + index] as string, before: left.length - tail + index + 1, after: right.length - tail + index + 1 });
  }
  const added = lines.filter((line) => line.kind === "added").length;
  const removed = lines.filter((line) => line.kind === "removed").length;
  return { lines, added, removed, minimal: middle.minimal };
}

type Step = "same" | "removed" | "added";

/** The edit script of two line lists with nothing in common at either end. */
function middleScript(left: readonly string[], right: readonly string[], maxEdits: number): { steps: Step[]; minimal: boolean } {
  const n = left.length;
  const m = right.length;
  if (n === 0 || m === 0) return { steps: [...Array<Step>(n).fill("removed"), ...Array<Step>(m).fill("added")], minimal: true };
  // Lines as numbers: one string comparison per distinct line instead of one per probe.
  const ids = new Map<string, number>();
  const idOf = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    return id;
  };
  const a = Int32Array.from(left, idOf);
  const b = Int32Array.from(right, idOf);
  const limit = Math.min(n + m, maxEdits);
  const offset = limit + 1;
  const frontier = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  for (let edits = 0; edits <= limit; edits += 1) {
    trace.push(frontier.slice(offset - edits - 1, offset + edits + 2));
    for (let diagonal = -edits; diagonal <= edits; diagonal += 2) {
      const down = diagonal === -edits || (diagonal !== edits && (frontier[offset + diagonal - 1] as number) < (frontier[offset + diagonal + 1] as number));
      let x = down ? (frontier[offset + diagonal + 1] as number) : (frontier[offset + diagonal - 1] as number) + 1;
      let y = x - diagonal;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      frontier[offset + diagonal] = x;
      if (x >= n && y >= m) return { steps: backtrack(trace, n, m, edits), minimal: true };
    }
  }
  return { steps: [...Array<Step>(n).fill("removed"), ...Array<Step>(m).fill("added")], minimal: false };
}

/** Walks the saved frontiers back from the end, reading off the script. */
function backtrack(trace: readonly Int32Array[], n: number, m: number, edits: number): Step[] {
  const steps: Step[] = [];
  let x = n;
  let y = m;
  for (let step = edits; step > 0; step -= 1) {
    // trace[step] is the frontier before step `step` ran, stored from diagonal -step-1.
    const saved = trace[step] as Int32Array;
    const at = (diagonal: number) => saved[diagonal + step + 1] as number;
    const diagonal = x - y;
    const down = diagonal === -step || (diagonal !== step && at(diagonal - 1) < at(diagonal + 1));
    const previousDiagonal = down ? diagonal + 1 : diagonal - 1;
    const previousX = at(previousDiagonal);
    const previousY = previousX - previousDiagonal;
    while (x > previousX + (down ? 0 : 1) && y > previousY + (down ? 1 : 0)) {
      steps.push("same");
      x -= 1;
      y -= 1;
    }
    steps.push(down ? "added" : "removed");
    x = previousX;
    y = previousY;
  }
  while (x > 0 && y > 0) {
    steps.push("same");
    x -= 1;
    y -= 1;
  }
  return steps.reverse();
}
