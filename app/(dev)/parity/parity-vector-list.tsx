"use client";
/**
 * Runs every vector in the browser once the page has hydrated — never during
 * the server render, so a pass here is the bundled libraries' own — and
 * lists them with a summary a browser spec waits for.
 */
import { useEffect, useState } from "react";
import type { LoadedParityVector } from "./load-parity-vectors";
import { ParityVectorView } from "./parity-vector-view";
import { runParityVector, type ParityVectorRun } from "./run-parity-vector";
import styles from "./parity.module.css";

type Outcome = { run: ParityVectorRun; error?: undefined } | { run?: undefined; error: string };

function runSafely(json: string): Outcome {
  try {
    return { run: runParityVector(json) };
  } catch (caught) {
    return { error: caught instanceof Error ? caught.message : String(caught) };
  }
}

/** Props of `ParityVectorList`. */
export type ParityVectorListProps = { vectors: LoadedParityVector[] };

/** See the module comment. */
export function ParityVectorList({ vectors }: ParityVectorListProps) {
  const [outcomes, setOutcomes] = useState<Map<string, Outcome> | undefined>(undefined);
  useEffect(() => {
    setOutcomes(new Map(vectors.map(({ id, json }) => [id, runSafely(json)])));
  }, [vectors]);
  const failing = vectors.filter(({ id }) => {
    const outcome = outcomes?.get(id);
    return outcome !== undefined && (outcome.error !== undefined || outcome.run.difference !== undefined);
  });
  const summary =
    outcomes === undefined
      ? "Running the vectors in this browser…"
      : failing.length === 0
        ? `All ${vectors.length} vectors pass in this browser.`
        : `${failing.length} of ${vectors.length} vectors fail in this browser: ${failing.map(({ id }) => id).join(", ")}.`;
  return (
    <>
      <p className={styles.summary} role="status" data-parity-summary={outcomes === undefined ? "pending" : failing.length === 0 ? "pass" : "fail"}>
        {summary}
      </p>
      <nav aria-label="Vectors">
        <ul className={styles.index}>
          {vectors.map(({ id }) => (
            <li key={id}>
              <a href={`#${id}`}>{id}</a>
            </li>
          ))}
        </ul>
      </nav>
      {vectors.map(({ id, vector }) => {
        const outcome = outcomes?.get(id);
        return <ParityVectorView key={id} id={id} vector={vector} run={outcome?.run} error={outcome?.error} />;
      })}
    </>
  );
}
