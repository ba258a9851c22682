/**
 * The figures of one corpus: how many blocks, and the share of them with an
 * error in any stage, with a false value while loading, and with a fallback
 * in any stage — the three figures issue 24 holds to at most 2% per writer —
 * with the same counts per stage and the worst blocks, and the text the bench
 * prints for them.
 */
import { hasFinding, type BlockFit, type ModelFitDialect, type ModelFitKind, type ModelFitStage } from "./findings";

/** Issue 24's bar: at most 2% of a writer's blocks may show an error, a false value while loading, or a fallback. */
export const MODEL_FIT_MAX_SHARE = 0.02;

/** Worst blocks listed per corpus: enough to start fixing, few enough to read. */
export const WORST_BLOCKS_LISTED = 5;

/** The three kinds, in the order they are printed. */
const KINDS: readonly ModelFitKind[] = ["error", "false-value", "fallback"];

/** The stages, in the order they are printed. */
const STAGES: readonly ModelFitStage[] = ["compile", "loading", "real", "empty"];

/** Blocks with a finding of each kind. */
export type KindCounts = Record<ModelFitKind, number>;

/** One corpus's figures. */
export type CorpusFigures = {
  blocks: number;
  byDialect: Record<ModelFitDialect, number>;
  /** Blocks with a finding of each kind in any stage. */
  flagged: KindCounts;
  /** The same, as shares of `blocks` (0 with no blocks). */
  shares: Record<ModelFitKind, number>;
  /** Blocks with a finding of each kind, per stage. */
  byStage: Record<ModelFitStage, KindCounts>;
  /** The blocks with the most kinds of finding, then the most findings. */
  worst: BlockFit[];
};

function counts(blocks: readonly BlockFit[], stage?: ModelFitStage): KindCounts {
  const result: KindCounts = { error: 0, "false-value": 0, fallback: 0 };
  for (const kind of KINDS) result[kind] = blocks.filter((block) => hasFinding(block, kind, stage)).length;
  return result;
}

function kindsOf(block: BlockFit): number {
  return KINDS.filter((kind) => hasFinding(block, kind)).length;
}

/** The figures of one corpus's blocks. */
export function corpusFigures(blocks: readonly BlockFit[]): CorpusFigures {
  const flagged = counts(blocks);
  const share = (count: number) => (blocks.length === 0 ? 0 : count / blocks.length);
  const byStage = {} as Record<ModelFitStage, KindCounts>;
  for (const stage of STAGES) byStage[stage] = counts(blocks, stage);
  const byDialect: Record<ModelFitDialect, number> = { ui: 0, "octo-ui": 0, render_ui: 0 };
  for (const block of blocks) byDialect[block.dialect] += 1;
  const worst = blocks
    .filter((block) => block.findings.length > 0)
    .sort((left, right) => kindsOf(right) - kindsOf(left) || right.findings.length - left.findings.length)
    .slice(0, WORST_BLOCKS_LISTED);
  return {
    blocks: blocks.length,
    byDialect,
    flagged,
    shares: { error: share(flagged.error), "false-value": share(flagged["false-value"]), fallback: share(flagged.fallback) },
    byStage,
    worst,
  };
}

/** True when any of the three shares is past `MODEL_FIT_MAX_SHARE`. */
export function overTheBar(figures: CorpusFigures): boolean {
  return KINDS.some((kind) => figures.shares[kind] > MODEL_FIT_MAX_SHARE);
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function cell(count: number, total: number): string {
  return `${count} (${percent(total === 0 ? 0 : count / total)})`.padEnd(13);
}

/** The lines the bench prints for one corpus. */
export function formatCorpusFigures(heading: string, figures: CorpusFigures): string[] {
  const { blocks } = figures;
  const lines = [
    `${heading}: ${blocks} blocks (${figures.byDialect.ui} ui, ${figures.byDialect["octo-ui"]} octo-ui, ${figures.byDialect.render_ui} render_ui)`,
    `  error ${percent(figures.shares.error)} · false value while loading ${percent(figures.shares["false-value"])} · fallback ${percent(figures.shares.fallback)}` +
      (overTheBar(figures) ? `  — OVER the bar of ${percent(MODEL_FIT_MAX_SHARE)}` : `  — within ${percent(MODEL_FIT_MAX_SHARE)}`),
    `  ${"stage".padEnd(9)}${"error".padEnd(13)}${"false value".padEnd(13)}fallback`,
  ];
  for (const stage of STAGES) {
    const row = figures.byStage[stage];
    const falseValue = stage === "loading" ? cell(row["false-value"], blocks) : "-".padEnd(13);
    lines.push(`  ${stage.padEnd(9)}${cell(row.error, blocks)}${falseValue}${cell(row.fallback, blocks)}`.trimEnd());
  }
  if (figures.worst.length > 0) lines.push("  worst blocks:");
  for (const block of figures.worst) {
    const first = block.findings[0];
    const kinds = KINDS.filter((kind) => hasFinding(block, kind)).join(", ");
    lines.push(`    ${block.id} [${kinds}] ${first ? `${first.stage} ${first.code}: ${first.message}` : ""}`);
  }
  return lines;
}
