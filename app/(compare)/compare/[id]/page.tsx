import type { Metadata } from "next";
import Link from "next/link";
import { CompareRun } from "@/app/_components/compare/compare-run";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";
import { getCompareService } from "@/lib/compare/run/process-compare";
import { SiteHeader } from "../../../(auth)/_components/site-header";

/** The page title. */
export const metadata: Metadata = { title: "Comparison · Compare models" };

/**
 * One comparison run, exactly as stored (final trees, metrics, vote), live
 * while panes still write. Its owner, or a person it is shared with
 * (read-only); to anyone else it is not found, like a missing one.
 */
export default async function CompareRunPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { actor, view } = await guardPage(`/compare/${encodeURIComponent(id)}`, async () => {
    const actor = await requireActor();
    return { actor, view: await getCompareService().getRun(actor, id) };
  });
  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className="page page-wide">
        <p>
          <Link href="/compare">← All comparisons</Link>
        </p>
        <CompareRun key={view.id} initial={view} />
      </main>
    </>
  );
}
