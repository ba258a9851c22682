import type { Metadata } from "next";
import Link from "next/link";
import { ExportButton } from "@/app/_components/compare/export-button";
import { NewRunForm } from "@/app/_components/compare/new-run-form";
import styles from "@/app/_components/compare/compare-home.module.css";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";
import { getCompareService } from "@/lib/compare/run/process-compare";
import { modelRegistry, REPLAY_PERSONA_IDS } from "@/lib/models/registry";
import { REPLAY_COMPARISON_PROMPTS } from "@/lib/models";
import { SiteHeader } from "../../(auth)/_components/site-header";

/** The page title. */
export const metadata: Metadata = { title: "Compare models" };

/** How many slots a new run starts with, filled from the replay personas (four answer quickly). */
const DEFAULT_SLOTS = 4;

/** Model comparison: start a run, and the runs I made or that were shared with me. Signed-in only. */
export default async function ComparePage() {
  const actor = await guardPage("/compare", () => requireActor());
  const runs = await getCompareService().listRuns(actor);
  const registry = modelRegistry();
  const models = registry.list().map(({ id, displayName, description }) => ({ id, displayName, description }));
  const names = new Map(models.map((model) => [model.id, model.displayName]));
  const quick = REPLAY_PERSONA_IDS.filter((id) => id !== "replay:pangolin");
  const initialSlots = (quick.length >= 2 ? quick : [registry.defaultModelId, registry.defaultModelId]).slice(0, DEFAULT_SLOTS);
  const time = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className="page">
        <h1>Compare models</h1>
        <p className="lead">Send one prompt to several models at once and see their replies, their UI and how well it compiled, side by side.</p>
        <div className={styles.layout}>
          <NewRunForm models={models} initialSlots={initialSlots} examples={REPLAY_COMPARISON_PROMPTS.map((entry) => entry.prompt)} />
          <section className={styles.runs} aria-labelledby="runs-title">
            <h2 id="runs-title">Your runs</h2>
            <div className={styles.links}>
              <Link href="/compare/leaderboard">Leaderboard</Link>
              {runs.some((entry) => entry.role === "owner") ? (
                <ExportButton href="/api/compare/export" label="Export all as JSONL" />
              ) : null}
            </div>
            {runs.length === 0 ? (
              <p>No runs yet. Start one with the form; the replay models answer without any API key.</p>
            ) : (
              <ul className={styles.runList}>
                {runs.map(({ run, role, paneCount, models: runModels, voted }) => (
                  <li key={run.id}>
                    <Link href={`/compare/${encodeURIComponent(run.id)}`}>
                      {run.prompt.length > 120 ? `${run.prompt.slice(0, 119)}…` : run.prompt}
                      <span className={styles.runMeta}>
                        {time.format(run.createdAt)} UTC · {paneCount} panes · {run.blind && !voted ? `${runModels.length} models, names hidden` : runModels.map((id) => names.get(id) ?? id).join(", ")}
                        {voted ? " · voted" : ""}
                        {role === "viewer" ? " · shared with you" : ""}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </main>
    </>
  );
}
