/**
 * The figures `bench:compare` prints and the targets it holds them to
 * (issue 9, "Speed"), from what one comparison run and one single chat
 * measured: the panes' start spread, each pane's first rendered block and
 * final, and the server's CPU per pane against a single chat answering the
 * same reply. Pure, so the arithmetic and the verdicts are tested apart from
 * the servers and browsers that produce the numbers.
 */

/** The issue's target: every pane's reply starts within this many milliseconds of the others. */
export const START_SPREAD_TARGET_MS = 50;

/** The issue's target: the server's CPU per pane is at most this multiple of a single chat's for the same reply. */
export const CPU_PER_PANE_TARGET_RATIO = 1.2;

/** The issue's target: no pane's final is stored later than this many milliseconds after the replay pacing's own duration. */
export const FINAL_OVER_PACING_TARGET_MS = 2_000;

/** One pane of the measured run, its times in milliseconds from the run's start (as the server's metrics count them). */
export type PaneOutcome = {
  label: string;
  startOffsetMs: number;
  firstTokenMs: number | null;
  firstBlockMs: number | null;
  /** The final stored, by the server's pane metrics; null when the pane has none. */
  finalMs: number | null;
  /** The reply row's creation less the moment the bench asked for the run (as `bench:chat` times a chat), when the row was found. */
  storedMs: number | null;
};

/** What one comparison run and its single-chat baseline measured. */
export type CompareMeasurement = {
  /** The replay model's own pacing of the huge reply, read straight from the model: no pane can finish sooner. */
  pacingMs: number;
  /** The run's start spread as the server reports it; null when it reported none. */
  startSpreadMs: number | null;
  panes: readonly PaneOutcome[];
  /** The server's CPU over the whole run; null without `/proc`. */
  serverCpuMs: number | null;
  /** Wall-clock milliseconds the CPU was measured over (from asking for the run until every pane was stored). */
  wallMs: number;
  /** The viewers' CPU over the run (the browser's processes, or this process reading the channels): on a small machine it competes with the server. */
  viewerCpuMs: number | null;
  /** The same reply in one chat, with one viewer of the same kind. */
  single: { storedMs: number; serverCpuMs: number | null; viewerCpuMs: number | null };
};

/** One target and whether it was met; `measured` says by how much, in words. */
export type TargetCheck = { name: string; met: boolean; measured: string };

/** The derived figures and every target's verdict. */
export type CompareFigures = {
  cpuPerPaneMs: number | null;
  /** The server's CPU over the run's wall time: how near one core (1.0) its one event loop came, which is what delays every pane. */
  serverCoreShare: number | null;
  /** Largest difference between the panes' first tokens (printed beside the start spread, which counts from each reply's start). */
  firstTokenSpreadMs: number | null;
  /** CPU per pane over the single chat's CPU. */
  cpuRatio: number | null;
  /** Per pane (in the run's order), how far its final came after the pacing; null when neither time is known. */
  overPacingMs: (number | null)[];
  targets: TargetCheck[];
};

/** Seconds with two decimals, as the benches print durations. */
export function formatSeconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(2)} s`;
}

function signedSeconds(milliseconds: number): string {
  return `${milliseconds >= 0 ? "+" : ""}${formatSeconds(milliseconds)}`;
}

/** The figures of a measurement and its verdicts (see the file comment); a figure that could not be measured misses its target. */
export function compareFigures(measurement: CompareMeasurement): CompareFigures {
  const { pacingMs, startSpreadMs, panes, serverCpuMs, single } = measurement;
  const targets: TargetCheck[] = [];

  targets.push({
    name: `start spread < ${START_SPREAD_TARGET_MS} ms`,
    met: startSpreadMs !== null && startSpreadMs < START_SPREAD_TARGET_MS,
    measured: startSpreadMs === null ? "not measured" : `${Math.round(startSpreadMs)} ms`,
  });

  const cpuPerPaneMs = serverCpuMs !== null && panes.length > 0 ? serverCpuMs / panes.length : null;
  const cpuRatio = cpuPerPaneMs !== null && single.serverCpuMs !== null && single.serverCpuMs > 0 ? cpuPerPaneMs / single.serverCpuMs : null;
  targets.push({
    name: `server CPU per pane ≤ ${CPU_PER_PANE_TARGET_RATIO}× a single chat's`,
    met: cpuRatio !== null && cpuRatio <= CPU_PER_PANE_TARGET_RATIO,
    measured:
      cpuRatio === null || cpuPerPaneMs === null || single.serverCpuMs === null
        ? "not measured"
        : `${cpuRatio.toFixed(2)}× (${formatSeconds(cpuPerPaneMs)} per pane, ${formatSeconds(single.serverCpuMs)} for the single chat)`,
  });

  // The server's own final time is the better clock (it excludes storing the run's rows before the panes start); the row's time is the fallback.
  const overPacingMs = panes.map((pane) => {
    const final = pane.finalMs ?? pane.storedMs;
    return final === null ? null : final - pacingMs;
  });
  const known = overPacingMs.filter((over): over is number => over !== null);
  const worst = known.length > 0 ? Math.max(...known) : null;
  const everyPaneKnown = panes.length > 0 && known.length === panes.length;
  targets.push({
    name: `every pane's final stored within ${formatSeconds(FINAL_OVER_PACING_TARGET_MS)} of the pacing`,
    met: everyPaneKnown && worst !== null && worst <= FINAL_OVER_PACING_TARGET_MS,
    measured:
      worst === null
        ? "not measured"
        : `worst ${signedSeconds(worst)}${everyPaneKnown ? "" : ` (${panes.length - known.length} pane(s) without a final)`}`,
  });

  const firstTokens = panes.flatMap((pane) => (pane.firstTokenMs === null ? [] : [pane.firstTokenMs]));
  return {
    cpuPerPaneMs,
    serverCoreShare: serverCpuMs !== null && measurement.wallMs > 0 ? serverCpuMs / measurement.wallMs : null,
    firstTokenSpreadMs: firstTokens.length > 1 ? Math.max(...firstTokens) - Math.min(...firstTokens) : null,
    cpuRatio,
    overPacingMs,
    targets,
  };
}

function milliseconds(value: number | null): string {
  return value === null ? "—" : `${Math.round(value)} ms`;
}

/** The lines `bench:compare` prints for one measurement: a row per pane, the single chat, then each target's verdict. */
export function formatCompareReport(input: { viewerKind: string; measurement: CompareMeasurement; figures: CompareFigures }): string[] {
  const { viewerKind, measurement, figures } = input;
  const lines = [`${measurement.panes.length} panes, ${viewerKind} viewer(s):`];
  measurement.panes.forEach((pane, index) => {
    const over = figures.overPacingMs[index] ?? null;
    lines.push(
      `  pane ${pane.label}: start +${Math.round(pane.startOffsetMs)} ms, first token ${milliseconds(pane.firstTokenMs)}, first rendered block ${milliseconds(pane.firstBlockMs)}, final ${pane.finalMs === null ? "—" : formatSeconds(pane.finalMs)} (${over === null ? "—" : signedSeconds(over)} over pacing), row stored ${pane.storedMs === null ? "—" : formatSeconds(pane.storedMs)}`,
    );
  });
  const cpu = measurement.serverCpuMs === null ? "n/a" : formatSeconds(measurement.serverCpuMs);
  const perPane = figures.cpuPerPaneMs === null ? "n/a" : formatSeconds(figures.cpuPerPaneMs);
  const share = figures.serverCoreShare === null ? "" : ` (${Math.round(figures.serverCoreShare * 100)}% of one core over ${formatSeconds(measurement.wallMs)})`;
  lines.push(
    `  start spread ${measurement.startSpreadMs === null ? "n/a" : `${Math.round(measurement.startSpreadMs)} ms`} (first tokens ${milliseconds(figures.firstTokenSpreadMs)} apart); server CPU ${cpu} in all${share}, ${perPane} per pane`,
  );
  const singleCpu = measurement.single.serverCpuMs === null ? "n/a" : formatSeconds(measurement.single.serverCpuMs);
  const viewers = (cpuMs: number | null) => (cpuMs === null ? "" : `, viewers' CPU ${formatSeconds(cpuMs)}`);
  lines[lines.length - 1] += viewers(measurement.viewerCpuMs);
  lines.push(
    `  single chat, 1 ${viewerKind} viewer: stored after ${formatSeconds(measurement.single.storedMs)} (${signedSeconds(measurement.single.storedMs - measurement.pacingMs)} over pacing), server CPU ${singleCpu}${viewers(measurement.single.viewerCpuMs)}`,
  );
  for (const target of figures.targets) lines.push(`  target: ${target.name}: ${target.met ? "met" : "missed"} (${target.measured})`);
  return lines;
}
