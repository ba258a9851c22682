import type { Metadata } from "next";
import Link from "next/link";
import { listAuditEvents } from "@/db/queries/admin-audit";
import type { AdminAuditEvent } from "@/db/schema";
import { filterFromJson, storedTreeSearchParams } from "@/lib/admin/stored-tree-filter";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor, requireAdmin } from "@/lib/auth/policy";
import { SiteHeader } from "../../../(auth)/_components/site-header";
import { AdminNav } from "../_components/admin-nav";
import styles from "../_components/admin.module.css";
import { formatTime } from "../_components/format";

/** The page title. */
export const metadata: Metadata = { title: "Audit log · Admin" };

const ACTION_LABELS: Record<AdminAuditEvent["action"], string> = {
  "view-tree": "Viewed a tree",
  "recompile-tree": "Recompiled a tree",
  export: "Exported",
  "recompile-batch": "Started a recompile check",
};

/** A cursor of the audit log in the URL: `<created_at>~<id>`. */
function readBefore(value: string | string[] | undefined): { createdAt: string; id: string } | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || text.length > 200) return null;
  const separator = text.indexOf("~");
  if (separator <= 0) return null;
  const createdAt = text.slice(0, separator);
  if (Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id: text.slice(separator + 1) };
}

function Target({ event }: { event: AdminAuditEvent }) {
  if (!event.target) return <span className={styles.muted}>—</span>;
  if (event.action === "recompile-batch") return <Link href={`/admin/recompile/${encodeURIComponent(event.target)}`}>run {event.target.slice(0, 8)}</Link>;
  return <Link href={`/admin/trees/${encodeURIComponent(event.target)}`}>{event.target}</Link>;
}

/** What came of an action, in words. */
function outcomeText(event: AdminAuditEvent): string {
  const detail = (typeof event.detail === "object" && event.detail !== null && !Array.isArray(event.detail) ? event.detail : {}) as Record<string, unknown>;
  if (event.action === "recompile-tree" && typeof detail.changes === "number") return detail.changes === 0 ? "no change" : `${detail.changes} changes`;
  if (event.action === "recompile-batch" && typeof detail.total === "number") return `${detail.total} ${detail.total === 1 ? "tree" : "trees"} to check`;
  return event.detail === null ? "—" : JSON.stringify(event.detail);
}

function FilterCell({ event }: { event: AdminAuditEvent }) {
  if (event.filter === null) return <span className={styles.muted}>—</span>;
  const search = storedTreeSearchParams({ filter: filterFromJson(event.filter) });
  const words = [...search.entries()].map(([name, value]) => `${name}: ${value}`).join(" · ");
  return words === "" ? <span>all stored trees</span> : <Link href={`/admin/trees?${search}`}>{words}</Link>;
}

/** Every view of a tree page, every export and every recompile, newest first. Read-only: the log cannot be edited or deleted. Admins only. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await guardPage("/admin/audit", async () => requireAdmin(await requireActor()));
  const before = readBefore((await searchParams).before);
  const page = await listAuditEvents({ adminUserId: actor.userId, before });
  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className={styles.page}>
        <AdminNav current="audit" />
        <div className={styles.heading}>
          <h1>Audit log</h1>
          <p className={styles.muted}>What admins looked at, exported and recompiled. Times are UTC; rows are never edited or removed.</p>
        </div>
        {page.rows.length === 0 ? (
          <p className="lead">Nothing has been recorded yet.</p>
        ) : (
          <div className={styles.tableScroll}>
            <table className={styles.audit}>
              <caption className="visually-hidden">Audit log, newest first</caption>
              <colgroup>
                <col style={{ width: "9rem" }} />
                <col style={{ width: "10rem" }} />
                <col style={{ width: "12rem" }} />
                <col />
                <col />
                <col style={{ width: "10rem" }} />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Which</th>
                  <th scope="col">Filter</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((event) => (
                  <tr key={event.id}>
                    <td>
                      <time dateTime={event.createdAt.toISOString()} title={event.createdAt.toISOString()}>
                        {formatTime(event.createdAt)}
                      </time>
                    </td>
                    <td title={event.actorUserId}>{event.actorName}</td>
                    <td>{ACTION_LABELS[event.action]}</td>
                    <td>
                      <Target event={event} />
                    </td>
                    <td>
                      <FilterCell event={event} />
                    </td>
                    <td>{outcomeText(event)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="Pages" className={styles.pager}>
          {before ? <Link href="/admin/audit">Newest</Link> : null}
          {page.next ? <Link href={`/admin/audit?before=${encodeURIComponent(`${page.next.createdAt}~${page.next.id}`)}`}>Older</Link> : <span className={styles.muted}>Oldest page</span>}
        </nav>
      </main>
    </>
  );
}
