import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStoredTree } from "@/db/queries/admin-trees";
import { recordAudit } from "@/lib/admin/audit";
import { accountLabel } from "@/lib/admin/guest-label";
import { panelRevisions } from "@/lib/admin/panel-revisions";
import { sourceMarks } from "@/lib/admin/source-marks";
import { readReplyParts } from "@/lib/admin/stored-reply";
import { storedTreeSearchParams } from "@/lib/admin/stored-tree-filter";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor, requireAdmin } from "@/lib/auth/policy";
import { visibleControls } from "@/lib/security/visible-controls";
import { InspectorScope } from "@/app/_components/inspector/inspector-scope";
import { ReplyInspector } from "@/app/_components/inspector/reply-inspector";
import { SiteHeader } from "../../../../(auth)/_components/site-header";
import { AdminNav } from "../../_components/admin-nav";
import styles from "../../_components/admin.module.css";
import { formatBytes, formatTime } from "../../_components/format";
import { JsonView } from "../../_components/json-view/json-view";
import { ReadOnlyReply } from "../../_components/read-only-reply";
import { RecompilePanel } from "../../_components/recompile-panel";
import { SourceView } from "../../_components/source-view";
import { changeCountsText } from "../../_components/tree-change-list";

/** The page title. */
export const metadata: Metadata = { title: "Stored tree · Admin" };

/** Longest message id looked up; ids are UUIDs. */
const MAX_MESSAGE_ID_LENGTH = 100;

function seconds(from: Date, to: Date): string {
  return `${((to.getTime() - from.getTime()) / 1_000).toFixed(1)} s`;
}

/** One stored final tree: its source, the rendered panels (read-only), the JSON, the inspector, the recompile check and its panels' revisions. Admins only. */
export default async function StoredTreePage({ params }: { params: Promise<{ messageId: string }> }) {
  const { messageId } = await params;
  const actor = await guardPage(`/admin/trees/${encodeURIComponent(messageId)}`, async () => requireAdmin(await requireActor()));
  if (messageId.length > MAX_MESSAGE_ID_LENGTH) notFound();
  const tree = await getStoredTree({ adminUserId: actor.userId, messageId });
  if (!tree) notFound();
  await recordAudit({ actor, action: "view-tree", target: tree.messageId });
  const parts = readReplyParts(tree);
  const marks = sourceMarks({ text: tree.text, ui: parts.ui, fences: parts.fences, tools: parts.tools });
  const revisions = await panelRevisions({ adminUserId: actor.userId, chatId: tree.chatId, messageId: tree.messageId, parts });
  const account = accountLabel({ userId: tree.userId, email: tree.userEmail, isAnonymous: tree.userIsAnonymous });

  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className={styles.page}>
        <AdminNav current="trees" />
        <h1>Stored tree</h1>
        <dl className={styles.facts}>
          <div>
            <dt>Account</dt>
            <dd>
              <Link href={`/admin/trees?${storedTreeSearchParams({ filter: { user: tree.userId } })}`}>{account}</Link>
            </dd>
          </div>
          <div>
            <dt>Chat</dt>
            <dd>
              <Link href={`/admin/trees?${storedTreeSearchParams({ filter: { chat: tree.chatId } })}`}>{visibleControls(tree.chatTitle)}</Link> (reply {tree.sequence})
            </dd>
          </div>
          <div>
            <dt>Model</dt>
            <dd>{tree.model ?? "—"}</dd>
          </div>
          <div>
            <dt>Stored (UTC)</dt>
            <dd>
              <time dateTime={tree.createdAt.toISOString()}>{formatTime(tree.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Took</dt>
            <dd>{tree.promptedAt ? `${seconds(tree.promptedAt, tree.createdAt)} from the prompt` : "—"}</dd>
          </div>
          <div>
            <dt>Ended</dt>
            <dd>
              {tree.status}
              {tree.silent ? " (silent panel update)" : ""}
              {tree.error ? `: ${tree.error}` : ""}
            </dd>
          </div>
          <div>
            <dt>Dialects</dt>
            <dd>{tree.dialects.join(", ") || "—"}</dd>
          </div>
          <div>
            <dt>Nodes · size</dt>
            <dd>
              {tree.nodes.toLocaleString("en")} · {formatBytes(tree.size)}
            </dd>
          </div>
          <div>
            <dt>Message id</dt>
            <dd>
              <code>{tree.messageId}</code>
            </dd>
          </div>
        </dl>

        <div className={styles.columns}>
          <section className={styles.section} aria-labelledby="source-heading">
            <h2 id="source-heading">Reply source</h2>
            <SourceView text={tree.text} marks={marks.marks} segments={marks.segments} />
          </section>
          <section className={styles.section} aria-labelledby="rendered-heading">
            <h2 id="rendered-heading">Rendered (read-only)</h2>
            <p className={styles.readOnlyNote}>Drawn by the chat&apos;s renderer. Inputs work here; nothing is sent: no choice, no action, no query.</p>
            <InspectorScope>
              <div className={styles.panel}>
                <ReadOnlyReply text={tree.text} ui={parts.ui} fences={parts.fences} tools={parts.tools} />
              </div>
              <h3>Inspector</h3>
              <ReplyInspector text={tree.text} blocks={parts.ui} fences={parts.fences} tools={parts.tools} receipt={parts.receipt} empty="Nothing was hidden, trimmed or adjusted." />
            </InspectorScope>
          </section>
        </div>

        <section className={styles.section} aria-labelledby="recompile-heading">
          <h2 id="recompile-heading">Recompile check</h2>
          <RecompilePanel messageId={tree.messageId} />
        </section>

        <section className={styles.section} aria-labelledby="json-heading">
          <h2 id="json-heading">Compiled tree</h2>
          <JsonView value={{ ui: tree.ui, genui: tree.genui }} label="Compiled tree" />
        </section>

        <section className={styles.section} aria-labelledby="revisions-heading">
          <h2 id="revisions-heading">Panel revisions</h2>
          {revisions.length === 0 ? (
            <p className={styles.muted}>This reply holds no addressable panel.</p>
          ) : (
            revisions.map((panel) => (
              <div key={panel.panelId} className={styles.section}>
                <h3>
                  Panel <code>{panel.panelId}</code>
                </h3>
                <ol>
                  {panel.revisions.map((revision) => (
                    <li key={revision.messageId}>
                      {revision.messageId === tree.messageId ? (
                        <strong>revision {revision.revision} (this reply)</strong>
                      ) : (
                        <Link href={`/admin/trees/${encodeURIComponent(revision.messageId)}`}>revision {revision.revision}</Link>
                      )}{" "}
                      <span className={styles.muted}>
                        stored {formatTime(revision.createdAt)}
                        {revision.silent ? ", silent update" : ""}
                        {revision.changes === null ? "" : revision.changes.total === 0 ? ", no change from the revision before" : `, from the revision before: ${changeCountsText(revision.changes.counts)}`}
                      </span>
                    </li>
                  ))}
                </ol>
              </div>
            ))
          )}
        </section>
      </main>
    </>
  );
}
