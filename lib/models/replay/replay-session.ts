/**
 * The replay model's call log and its consumption checks (LibreChat's
 * replay fixtures): a test queues the recordings it expects, runs, and then
 * asks the session whether each was played exactly once, in order, and read
 * to its end. A recording left half-read or played unasked fails the test.
 */

/** How far a call's stream got. */
export type ReplayCallState = "streaming" | "completed" | "cancelled" | "aborted" | "errored";

/** One model call as the session saw it. */
export type ReplayCall = {
  /** Position in the session's log. */
  index: number;
  /** The recording played, or `default` for the default reply. */
  recordingId: string;
  /** Which of the recording's steps this call played (0-based). */
  step: number;
  /** How many steps the recording has. */
  stepCount: number;
  /** The last user message's text, as matched. */
  prompt: string;
  /** `stream` for doStream, `generate` for doGenerate. */
  mode: "stream" | "generate";
  state: ReplayCallState;
  /** Tools the recording calls that the caller did not offer (their calls were written out as text instead, unless the recording acts out an `unknown-tool` fault). */
  missingTools: readonly string[];
};

/** What a test said it expects. */
export type ReplayExpectation = {
  recordingId: string;
  /** The test stops this reply early (Stop, abort, an error it does not read past): partial reads are then fine. */
  stopsEarly: boolean;
};

/** Options for {@link ReplaySession.expect}. */
export type ReplayExpectOptions = {
  /** Allow the reply to be stopped before its end. */
  stopsEarly?: boolean;
};

/** Thrown by {@link ReplaySession.assertConsumed}; `problems` lists each finding. */
export class ReplayConsumptionError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Replay recordings were not consumed as expected:\n- ${problems.join("\n- ")}`);
    this.name = "ReplayConsumptionError";
    this.problems = problems;
  }
}

/**
 * A long-running server plays recordings for days; the log keeps only the
 * newest calls so it cannot grow without bound. Tests make a few dozen.
 */
export const REPLAY_SESSION_CALL_LIMIT = 10_000;

/** A play: the consecutive calls of one recording answering one user turn. */
type Play = { recordingId: string; calls: ReplayCall[] };

/** Records the calls of one replay model and checks them against expectations. */
export class ReplaySession {
  private readonly log: ReplayCall[] = [];
  private readonly expectations: ReplayExpectation[] = [];
  private droppedCalls = 0;
  private nextIndex = 0;

  /** Every call so far, oldest first. */
  get calls(): readonly ReplayCall[] {
    return this.log;
  }

  /** Queues a recording the test expects to be played next (once per call of `expect`). */
  expect(recordingId: string, options: ReplayExpectOptions = {}): this {
    this.expectations.push({ recordingId, stopsEarly: options.stopsEarly ?? false });
    return this;
  }

  /** Forgets every call and expectation. */
  reset(): void {
    this.log.length = 0;
    this.expectations.length = 0;
    this.droppedCalls = 0;
    this.nextIndex = 0;
  }

  /** Logs a call as it starts; the model updates its state as the stream proceeds. */
  record(call: Omit<ReplayCall, "index" | "state">): ReplayCall {
    const entry: ReplayCall = { ...call, index: this.nextIndex, state: "streaming" };
    this.nextIndex += 1;
    this.log.push(entry);
    if (this.log.length > REPLAY_SESSION_CALL_LIMIT) {
      this.log.shift();
      this.droppedCalls += 1;
    }
    return entry;
  }

  /** Every way the calls differ from the expectations: an empty list means consumed exactly. */
  problems(): string[] {
    const problems: string[] = [];
    if (this.droppedCalls > 0) {
      problems.push(`the log dropped its ${this.droppedCalls} oldest calls, so the checks are incomplete`);
    }
    const plays = groupPlays(this.log);
    plays.forEach((play, position) => {
      const expectation = this.expectations[position];
      const label = `play ${position + 1} ("${play.recordingId}")`;
      if (!expectation) {
        problems.push(`over-consumed: ${label} was not expected`);
        return;
      }
      if (expectation.recordingId !== play.recordingId) {
        problems.push(`over-consumed: ${label} was played where "${expectation.recordingId}" was expected`);
        return;
      }
      for (const call of play.calls) {
        if (call.step >= call.stepCount) {
          problems.push(`over-consumed: ${label} was called for step ${call.step + 1} but has ${call.stepCount}`);
        }
      }
      if (expectation.stopsEarly) return;
      const lastStep = Math.max(...play.calls.map((call) => call.step));
      const stepCount = play.calls[0]?.stepCount ?? 1;
      if (lastStep < stepCount - 1) {
        problems.push(`under-consumed: ${label} played ${lastStep + 1} of its ${stepCount} steps`);
      }
      for (const call of play.calls) {
        if (call.state !== "completed") {
          problems.push(`under-consumed: ${label} step ${call.step + 1} was not read to its end (${call.state})`);
        }
      }
    });
    for (const expectation of this.expectations.slice(plays.length)) {
      problems.push(`under-consumed: "${expectation.recordingId}" was expected but never played`);
    }
    return problems;
  }

  /** Throws a {@link ReplayConsumptionError} unless every expected recording was played once, in order, to its end. */
  assertConsumed(): void {
    const problems = this.problems();
    if (problems.length > 0) throw new ReplayConsumptionError(problems);
  }
}

// A new play starts at step 0, or whenever the recording changes.
function groupPlays(calls: readonly ReplayCall[]): Play[] {
  const plays: Play[] = [];
  for (const call of calls) {
    const current = plays.at(-1);
    if (current && call.step > 0 && current.recordingId === call.recordingId) {
      current.calls.push(call);
    } else {
      plays.push({ recordingId: call.recordingId, calls: [call] });
    }
  }
  return plays;
}
