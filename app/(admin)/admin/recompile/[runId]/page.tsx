import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getRecompileRun } from "@/db/queries/admin-recompile";
import { recompileRunView } from "@/lib/admin/recompile-run-view";
import { filterFromJson, storedTreeSearchParams } from "@/lib/admin/stored-tree-filter";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor, requireAdmin } from "@/lib/auth/policy";
import { SiteHeader } from "../../../../(auth)/_components/site-header";
import { AdminNav } from "../../_components/admin-nav";
import styles from "../../_components/admin.module.css";
import { formatTime } from "../../_components/format";
import { RunProgress } from "../../_components/run-progress";

/** The page title. */
export const metadata: Metadata = { title: "Recompile check · Admin" };

/** A batch recompile check: its filter, progress and the trees that would change, by kind. Admins only. */
export default async function RecompileRunPage({ params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const actor = await guardPage(`/admin/recompile/${encodeURIComponent(runId)}`, async () => requireAdmin(await requireActor()));
  if (runId.length > 100) notFound();
  const [run, view] = await Promise.all([getRecompileRun({ adminUserId: actor.userId, runId }), recompileRunView({ adminUserId: actor.userId, runId })]);
  if (!run || !view) notFound();
  const filterParams = storedTreeSearchParams({ filter: filterFromJson(run.filter) }).toString();
  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className={styles.page}>
        <AdminNav current="run" />
        <h1>Recompile check</h1>
        <p className={styles.muted}>
          Today&apos;s compiler and catalog against the stored trees of{" "}
          <Link href={`/admin/trees${filterParams ? `?${filterParams}` : ""}`}>{filterParams ? "this filter" : "every stored tree"}</Link>, started {formatTime(run.createdAt)} UTC. It runs on the
          server: this page can be closed and opened again.
        </p>
        <RunProgress initial={view} />
      </main>
    </>
  );
}
