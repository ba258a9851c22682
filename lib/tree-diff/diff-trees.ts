/**
 * `diffTrees`: the structural difference of two lists of trees, as nodes
 * added, removed and changed. Siblings are matched the way a reconciler
 * matches them: first by stable key wherever it stands, then — for the nodes
 * left — by their order, along the longest common run of types (so one node
 * inserted in a list is one addition, not a change of every node after it).
 * A matched pair is compared by props and diagnostics and its children are
 * matched in turn; an unmatched node is reported once, with its subtree's size.
 */
import type { DiffDiagnostic, DiffNode } from "./diff-node";
import { canonicalJson, jsonEqual } from "./json-equal";
import { changeKinds, type PropChange, type TreeChange, type TreeChangeKind, type TreeDiff } from "./tree-change";

/**
 * The largest sibling lists (product of their lengths) matched by longest
 * common subsequence; longer ones are matched in order by type, which is
 * linear. 250,000 cells are a few milliseconds and far more siblings than a
 * panel has.
 */
const LCS_MAX_CELLS = 250_000;

/** Between two segments of a change's path. */
export const PATH_SEPARATOR = " › ";

/** Compares two lists of trees (see the file comment). */
export function diffTrees(before: readonly DiffNode[], after: readonly DiffNode[]): TreeDiff {
  const changes: TreeChange[] = [];
  diffSiblings(before, after, "", changes);
  const counts: Record<TreeChangeKind, number> = { added: 0, removed: 0, props: 0, diagnostics: 0 };
  for (const change of changes) for (const kind of changeKinds(change)) counts[kind] += 1;
  return { changes, counts };
}

/** A pair of siblings matched to each other (either side may be missing). */
type Pairing = { before?: DiffNode; beforeIndex?: number; after?: DiffNode; afterIndex?: number };

function diffSiblings(before: readonly DiffNode[], after: readonly DiffNode[], parentPath: string, changes: TreeChange[]): void {
  for (const pair of matchSiblings(before, after)) {
    if (pair.before && pair.after) {
      diffPair(pair.before, pair.after, join(parentPath, segmentOf(pair.after, pair.afterIndex ?? 0)), changes);
    } else if (pair.after) {
      changes.push(withId({ kind: "added", path: join(parentPath, segmentOf(pair.after, pair.afterIndex ?? 0)), type: pair.after.type, nodes: sizeOf(pair.after) }, pair.after.id));
    } else if (pair.before) {
      changes.push(withId({ kind: "removed", path: join(parentPath, segmentOf(pair.before, pair.beforeIndex ?? 0)), type: pair.before.type, nodes: sizeOf(pair.before) }, pair.before.id));
    }
  }
}

function diffPair(before: DiffNode, after: DiffNode, path: string, changes: TreeChange[]): void {
  const props = propChanges(before, after);
  const diagnostics = diagnosticChanges(before.diagnostics, after.diagnostics);
  if (props.length > 0 || diagnostics.added.length > 0 || diagnostics.removed.length > 0) {
    const change: TreeChange = { kind: "changed", path, type: after.type, props, diagnostics };
    if (before.id !== undefined) change.beforeId = before.id;
    if (after.id !== undefined) change.afterId = after.id;
    changes.push(change);
  }
  diffSiblings(before.children, after.children, path, changes);
}

/** Pairs siblings by key, then the rest by order along their longest common run of types; in the after list's order, removals where they stood. */
function matchSiblings(before: readonly DiffNode[], after: readonly DiffNode[]): Pairing[] {
  const afterByKey = uniqueKeys(after);
  const beforeByKey = uniqueKeys(before);
  const partnerOfBefore = new Map<number, number>();
  const partnerOfAfter = new Map<number, number>();
  before.forEach((node, index) => {
    if (node.key === undefined || !beforeByKey.has(node.key)) return;
    const partner = afterByKey.get(node.key);
    if (partner === undefined) return;
    partnerOfBefore.set(index, partner);
    partnerOfAfter.set(partner, index);
  });
  // Nodes whose key the other side lacks are matched by order, as unkeyed ones
  // are: identical ones first (same type and props), then the rest by type.
  const pairRest = (same: (node: DiffNode) => string) => {
    const restBefore = before.map((_node, index) => index).filter((index) => !partnerOfBefore.has(index));
    const restAfter = after.map((_node, index) => index).filter((index) => !partnerOfAfter.has(index));
    const pairs = matchByOrder(
      restBefore.map((index) => same(before[index]!)),
      restAfter.map((index) => same(after[index]!)),
    );
    for (const [left, right] of pairs) {
      partnerOfBefore.set(restBefore[left]!, restAfter[right]!);
      partnerOfAfter.set(restAfter[right]!, restBefore[left]!);
    }
  };
  pairRest((node) => `${node.type}\u0000${canonicalJson(node.props)}`);
  pairRest((node) => node.type);

  const pairs: Pairing[] = [];
  let nextBefore = 0;
  const flushRemovedUpTo = (limit: number) => {
    for (; nextBefore < limit; nextBefore += 1) {
      if (!partnerOfBefore.has(nextBefore)) pairs.push({ before: before[nextBefore]!, beforeIndex: nextBefore });
    }
  };
  // For each after node, the before index of the next matched node from it on: removals before it are reported first.
  const nextPartner = new Array<number>(after.length + 1);
  nextPartner[after.length] = before.length;
  for (let index = after.length - 1; index >= 0; index -= 1) nextPartner[index] = partnerOfAfter.get(index) ?? nextPartner[index + 1]!;
  after.forEach((node, afterIndex) => {
    const partner = partnerOfAfter.get(afterIndex);
    if (partner === undefined) {
      flushRemovedUpTo(nextPartner[afterIndex]!);
      pairs.push({ after: node, afterIndex });
      return;
    }
    flushRemovedUpTo(partner);
    pairs.push({ before: before[partner]!, beforeIndex: partner, after: node, afterIndex });
  });
  flushRemovedUpTo(before.length);
  return pairs;
}

/** Keys that occur once in a list (a repeated key identifies nothing). */
function uniqueKeys(nodes: readonly DiffNode[]): Map<string, number> {
  const seen = new Map<string, number>();
  const repeated = new Set<string>();
  nodes.forEach((node, index) => {
    if (node.key === undefined) return;
    if (seen.has(node.key)) repeated.add(node.key);
    else seen.set(node.key, index);
  });
  for (const key of repeated) seen.delete(key);
  return seen;
}

/** Index pairs `[before, after]` of nodes matched by order: the longest common subsequence of their signatures. */
function matchByOrder(before: readonly string[], after: readonly string[]): [number, number][] {
  if (before.length === 0 || after.length === 0) return [];
  if (before.length * after.length > LCS_MAX_CELLS) return matchGreedy(before, after);
  const columns = after.length + 1;
  // lengths[i * columns + j]: the LCS length of before[i..] and after[j..].
  const lengths = new Uint32Array((before.length + 1) * columns);
  for (let i = before.length - 1; i >= 0; i -= 1) {
    for (let j = after.length - 1; j >= 0; j -= 1) {
      lengths[i * columns + j] =
        before[i] === after[j]
          ? lengths[(i + 1) * columns + j + 1]! + 1
          : Math.max(lengths[(i + 1) * columns + j]!, lengths[i * columns + j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length) {
    if (before[i] === after[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * columns + j]! >= lengths[i * columns + j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

/** Linear matching for very long lists: each before node takes the next after node of its type. */
function matchGreedy(before: readonly string[], after: readonly string[]): [number, number][] {
  const pairs: [number, number][] = [];
  let j = 0;
  for (let i = 0; i < before.length && j < after.length; i += 1) {
    let k = j;
    while (k < after.length && after[k] !== before[i]) k += 1;
    if (k < after.length) {
      pairs.push([i, k]);
      j = k + 1;
    }
  }
  return pairs;
}

function propChanges(before: DiffNode, after: DiffNode): PropChange[] {
  const changes: PropChange[] = [];
  if (before.type !== after.type) changes.push({ name: "type", before: before.type, after: after.type });
  const names = new Set([...Object.keys(before.props), ...Object.keys(after.props)]);
  for (const name of [...names].sort()) {
    const left = before.props[name];
    const right = after.props[name];
    if (!jsonEqual(left, right)) changes.push({ name, before: left, after: right });
  }
  return changes;
}

function diagnosticChanges(before: readonly DiffDiagnostic[], after: readonly DiffDiagnostic[]): { added: DiffDiagnostic[]; removed: DiffDiagnostic[] } {
  const count = (list: readonly DiffDiagnostic[]) => {
    const counts = new Map<string, number>();
    for (const item of list) counts.set(diagnosticKey(item), (counts.get(diagnosticKey(item)) ?? 0) + 1);
    return counts;
  };
  const beforeCounts = count(before);
  const afterCounts = count(after);
  const only = (list: readonly DiffDiagnostic[], own: Map<string, number>, other: Map<string, number>) => {
    const left = new Map(own);
    const result: DiffDiagnostic[] = [];
    for (const item of list) {
      const key = diagnosticKey(item);
      // Of n equal diagnostics on one side and m on the other, the |n - m| extra ones differ.
      const surplus = (left.get(key) ?? 0) - (other.get(key) ?? 0);
      if (surplus > 0) {
        result.push({ code: item.code, message: item.message });
        left.set(key, (left.get(key) ?? 0) - 1);
      }
    }
    return result;
  };
  return { added: only(after, afterCounts, beforeCounts), removed: only(before, beforeCounts, afterCounts) };
}

function diagnosticKey(diagnostic: DiffDiagnostic): string {
  return `${diagnostic.code}\u0000${diagnostic.message}`;
}

function segmentOf(node: DiffNode, index: number): string {
  return node.segment ?? `${node.type}[${index}]`;
}

function join(parent: string, segment: string): string {
  return parent === "" ? segment : `${parent}${PATH_SEPARATOR}${segment}`;
}

function sizeOf(node: DiffNode): number {
  let size = 1;
  for (const child of node.children) size += sizeOf(child);
  return size;
}

function withId<Change extends TreeChange & { kind: "added" | "removed" }>(change: Change, id: string | undefined): Change {
  if (id !== undefined) change.id = id;
  return change;
}
