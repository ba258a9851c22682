import type { Metadata } from "next";
import Link from "next/link";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";
import { COMPARE_TAG_MAX_LENGTH } from "@/lib/compare/run/compare-inputs";
import type { CompareLeaderboard } from "@/lib/compare/run/compare-service";
import { getCompareService } from "@/lib/compare/run/process-compare";
import { SiteHeader } from "../../../(auth)/_components/site-header";
import {
  intervalPosition,
  intervalScale,
  intervalText,
  medianCountText,
  millisecondsText,
  ratingText,
  recordText,
  separationText,
  shareText,
  type IntervalScale,
} from "./leaderboard-format";
import styles from "./leaderboard.module.css";

/** The page title. */
export const metadata: Metadata = { title: "Leaderboard · Compare models" };

type LeaderboardEntry = CompareLeaderboard["rows"][number];

/** The tag asked for in the URL, if it is one the service can take (anything else shows every prompt). */
function requestedTag(raw: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  return value && value.length <= COMPARE_TAG_MAX_LENGTH ? value : undefined;
}

/** A rating's interval as text and as a bar on the scale every row shares. */
function IntervalCell({ row, scale }: { row: LeaderboardEntry; scale: IntervalScale | null }) {
  const position = intervalPosition(row, scale);
  return (
    <td className={styles.intervalCell}>
      <span className={styles.intervalText}>{intervalText(row)}</span>
      {position !== null ? (
        // The text beside it says the same; the bar only lets the eye compare rows.
        <span className={styles.intervalBar} aria-hidden="true">
          <span className={styles.intervalRange} style={{ left: `${position.left}%`, width: `${position.width}%` }} />
          <span className={styles.intervalPoint} style={{ left: `${position.at}%` }} />
        </span>
      ) : null}
    </td>
  );
}

function LeaderboardTableRow({ row, scale }: { row: LeaderboardEntry; scale: IntervalScale | null }) {
  const separated = row.separation.above === "separated";
  return (
    <tr>
      <td className={styles.number}>{row.rank}</td>
      <th scope="row" className={styles.model}>
        {row.modelName}
        {row.modelName !== row.modelId ? <span className={styles.modelId}>{row.modelId}</span> : null}
      </th>
      <td className={styles.number}>{ratingText(row.rating)}</td>
      <IntervalCell row={row} scale={scale} />
      <td className={styles.number}>{row.votes}</td>
      <td className={styles.number}>{recordText(row)}</td>
      <td className={separated ? styles.separated : styles.notSeparated}>{separationText(row.separation)}</td>
      <td className={styles.number}>{medianCountText(row.record.medianDiagnostics)}</td>
      <td className={styles.number}>{shareText(row.record.budgetRefusalShare)}</td>
      <td className={styles.number}>{millisecondsText(row.record.medianFirstBlockMs)}</td>
      <td className={styles.number}>{row.record.replies}</td>
    </tr>
  );
}

/** Bradley–Terry ratings from blind votes, with intervals and each model's UI record, optionally for one prompt tag. Signed-in only. */
export default async function LeaderboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await guardPage("/compare/leaderboard", () => requireActor());
  const tag = requestedTag((await searchParams).tag);
  const board = await getCompareService().leaderboard(tag !== undefined ? { tag } : {});
  const tags = board.tag !== null && !board.tags.includes(board.tag) ? [board.tag, ...board.tags] : board.tags;
  const scale = intervalScale(board.rows);

  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className="page">
        <p className={styles.back}>
          <Link href="/compare">← Compare models</Link>
        </p>
        <h1>Leaderboard</h1>
        <p className="lead">
          Models rated from blind comparisons{board.tag !== null ? ` of prompts tagged “${board.tag}”` : ""}: {board.votes} {board.votes === 1 ? "vote" : "votes"}.
        </p>

        <form method="get" action="/compare/leaderboard" className={styles.filter} aria-label="Filter by prompt tag">
          <label htmlFor="leaderboard-tag">Prompt tag</label>
          <select id="leaderboard-tag" name="tag" defaultValue={board.tag ?? ""}>
            <option value="">All prompts</option>
            {tags.map((entry) => (
              <option key={entry} value={entry}>
                {entry}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary button-small">
            Show
          </button>
        </form>

        {board.rows.length === 0 ? (
          <p className={styles.empty}>
            No votes yet{board.tag !== null ? " for this tag" : ""} — <Link href="/compare">run a blind comparison and vote</Link>.
          </p>
        ) : (
          <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby="leaderboard-caption">
            <table className={styles.table}>
              <caption id="leaderboard-caption">Ratings{board.tag !== null ? ` for “${board.tag}”` : ""}, best first</caption>
              <thead>
                <tr>
                  <th scope="col" rowSpan={2} className={styles.number}>
                    Rank
                  </th>
                  <th scope="col" rowSpan={2}>
                    Model
                  </th>
                  <th scope="col" rowSpan={2} className={styles.number}>
                    Rating
                  </th>
                  <th scope="col" rowSpan={2}>
                    95% interval
                  </th>
                  <th scope="col" rowSpan={2} className={styles.number}>
                    Votes
                  </th>
                  <th scope="col" rowSpan={2} className={`${styles.number} ${styles.nowrap}`}>
                    <abbr title="wins / ties / losses">W / T / L</abbr>
                  </th>
                  <th scope="col" rowSpan={2}>
                    Against the next model
                  </th>
                  <th scope="colgroup" colSpan={4} className={styles.groupHeader}>
                    UI record
                  </th>
                </tr>
                <tr>
                  <th scope="col" className={`${styles.number} ${styles.recordHeader}`}>
                    Diagnostics per reply (median)
                  </th>
                  <th scope="col" className={`${styles.number} ${styles.recordHeader}`}>
                    Replies with a budget refusal
                  </th>
                  <th scope="col" className={`${styles.number} ${styles.recordHeader}`}>
                    First rendered block (median)
                  </th>
                  <th scope="col" className={`${styles.number} ${styles.recordHeader}`}>
                    Replies measured
                  </th>
                </tr>
              </thead>
              <tbody>
                {board.rows.map((row) => (
                  <LeaderboardTableRow key={row.modelId} row={row} scale={scale} />
                ))}
              </tbody>
            </table>
          </div>
        )}

        <p className={styles.method}>
          How this is computed: Bradley–Terry ratings (on an Elo-like scale, 1000 is the average model) fitted to every blind vote, with 95% intervals from
          1,000 seeded bootstrap resamples of whole votes, so the same votes always give the same board. A model ranks above another only when its interval&apos;s
          lower end clears the other&apos;s upper end; models that cannot yet be told apart share a rank, and the estimate of votes still needed assumes intervals
          narrow like one over the square root of the votes. Votes flagged because a reply named its model before masking, or because names were shown before
          voting, are left out. The UI record counts every measured reply of the model{board.tag !== null ? " for this tag" : ""}.
        </p>
      </main>
    </>
  );
}
