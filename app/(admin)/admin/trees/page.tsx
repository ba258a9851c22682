import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { listStoredTreeModels, listStoredTrees, type StoredTreeSummary } from "@/db/queries/admin-trees";
import { accountLabel } from "@/lib/admin/guest-label";
import { readStoredTreeQuery, storedTreeSearchParams, type SearchParamsInput } from "@/lib/admin/stored-tree-filter";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor, requireAdmin } from "@/lib/auth/policy";
import { visibleControls } from "@/lib/security/visible-controls";
import { SiteHeader } from "../../../(auth)/_components/site-header";
import { AdminNav } from "../_components/admin-nav";
import styles from "../_components/admin.module.css";
import { formatBytes, formatTime } from "../_components/format";
import { TreeFilterForm } from "../_components/tree-filter-form";

/** The page title. */
export const metadata: Metadata = { title: "Saved replies · Admin" };

/** Codes of a row shown in its cell before the rest are counted. */
const CODES_SHOWN = 2;

function codesText(codes: readonly string[]): string {
  if (codes.length === 0) return "—";
  const distinct = [...new Set(codes)];
  const shown = distinct.slice(0, CODES_SHOWN).join(", ");
  return distinct.length > CODES_SHOWN ? `${codes.length} · ${shown}, …` : `${codes.length} · ${shown}`;
}

function TreeRow({ tree }: { tree: StoredTreeSummary }) {
  const account = accountLabel({ userId: tree.userId, email: tree.userEmail, isAnonymous: tree.userIsAnonymous });
  const treeHref = `/admin/trees/${encodeURIComponent(tree.messageId)}`;
  // Another person's text, shown in its stored order: bidi and invisible characters as marks.
  const excerpt = visibleControls(tree.excerpt.replace(/\s+/g, " ").trim()) || "(no text)";
  const chatTitle = visibleControls(tree.chatTitle);
  return (
    <tr>
      <td>
        <time dateTime={tree.createdAt.toISOString()} title={tree.createdAt.toISOString()}>
          {formatTime(tree.createdAt)}
        </time>
      </td>
      <td title={account}>
        <Link href={`/admin/trees?${storedTreeSearchParams({ filter: { user: tree.userId } })}`}>{account}</Link>
      </td>
      <td title={tree.model ?? undefined}>{tree.model ?? "—"}</td>
      <td>{tree.dialects.join(", ") || "—"}</td>
      <td className={styles.number}>{tree.nodes.toLocaleString("en")}</td>
      <td className={styles.number}>{formatBytes(tree.size)}</td>
      <td title={[...new Set(tree.codes)].join(", ")}>{codesText(tree.codes)}</td>
      <td title={excerpt}>
        <Link href={treeHref}>{excerpt}</Link>
      </td>
      <td title={chatTitle}>
        <Link href={`/admin/trees?${storedTreeSearchParams({ filter: { chat: tree.chatId } })}`} aria-label={`Saved replies of the chat ${chatTitle}`}>
          {chatTitle}
        </Link>
      </td>
    </tr>
  );
}

/** True when the URL has empty fields (a submitted form's blanks): the page moves to the same filters without them. */
function hasBlankParams(params: Readonly<Record<string, string | string[] | undefined>>): boolean {
  return Object.values(params).some((value) => value === "" || (Array.isArray(value) && value.includes("")));
}

/** The stored final trees across users, filtered, sorted and paged by the URL. Admins only; anyone else gets a 404. */
export default async function StoredTreesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const query = readStoredTreeQuery(params as SearchParamsInput);
  const canonical = storedTreeSearchParams(query).toString();
  const actor = await guardPage(`/admin/trees${canonical ? `?${canonical}` : ""}`, async () => requireAdmin(await requireActor()));
  if (hasBlankParams(params)) redirect(`/admin/trees${canonical ? `?${canonical}` : ""}`);
  const [page, models] = await Promise.all([listStoredTrees({ adminUserId: actor.userId, query }), listStoredTreeModels({ adminUserId: actor.userId })]);
  const filterParams = storedTreeSearchParams({ filter: query.filter, sort: query.sort, limit: query.limit }).toString();
  const exportParams = storedTreeSearchParams({ filter: query.filter }).toString();
  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className={styles.page}>
        <AdminNav current="trees" />
        <div className={styles.heading}>
          <h1>Saved replies with panels</h1>
          <p className={styles.muted}>Every user's replies that drew a panel, form or chart, as they were saved. Times are UTC.</p>
        </div>
        <TreeFilterForm query={query} models={models} />
        <div className={styles.toolbar}>
          <a className="button button-secondary button-small" href={`/api/admin/trees/export${exportParams ? `?${exportParams}` : ""}`} download>
            Export these as JSON Lines
          </a>
          <form method="post" action={`/api/admin/recompile-runs${exportParams ? `?${exportParams}` : ""}`}>
            <button type="submit" className="button button-secondary button-small">
              Recompile check of all these
            </button>
          </form>
          {query.after ? (
            <Link href={`/admin/trees${filterParams ? `?${filterParams}` : ""}`}>Back to the first page</Link>
          ) : null}
        </div>
        {page.rows.length === 0 ? (
          <p className="lead">{query.after ? "No more saved replies match." : "No saved reply matches these filters."}</p>
        ) : (
          <div className={styles.tableScroll}>
            <table className={styles.trees}>
              <caption className="visually-hidden">Saved replies with panels{filterParams ? ", filtered" : ""}</caption>
              <colgroup>
                <col className={styles.colStored} />
                <col className={styles.colAccount} />
                <col className={styles.colModel} />
                <col className={styles.colDialect} />
                <col className={styles.colNodes} />
                <col className={styles.colSize} />
                <col className={styles.colCodes} />
                <col />
                <col className={styles.colChat} />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">Stored</th>
                  <th scope="col">Account</th>
                  <th scope="col">Model</th>
                  <th scope="col">Dialect</th>
                  <th scope="col" className={styles.number}>
                    Nodes
                  </th>
                  <th scope="col" className={styles.number}>
                    Size
                  </th>
                  <th scope="col">Diagnostics</th>
                  <th scope="col">Reply</th>
                  <th scope="col">Chat</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((tree) => (
                  <TreeRow key={tree.messageId} tree={tree} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="Pages" className={styles.pager}>
          {page.next ? (
            <Link href={`/admin/trees?${storedTreeSearchParams({ filter: query.filter, sort: query.sort, limit: query.limit, after: page.next })}`} rel="next">
              Next page
            </Link>
          ) : (
            <span className={styles.muted}>Last page</span>
          )}
        </nav>
      </main>
    </>
  );
}
