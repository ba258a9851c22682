import type { Metadata } from "next";
import { listStoredTrees } from "@/db/queries/admin";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor, requireAdmin } from "@/lib/auth/policy";
import { SiteHeader } from "../../(auth)/_components/site-header";

/** The page title. */
export const metadata: Metadata = { title: "Admin" };

/** The newest stored final trees across users. Admins only; anyone else gets a 404. */
export default async function AdminPage() {
  const actor = await guardPage("/admin", async () => requireAdmin(await requireActor()));
  const trees = await listStoredTrees({ adminUserId: actor.userId });
  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className="page">
        <h1>Stored final trees</h1>
        {trees.length === 0 ? (
          <p className="lead">No reply with UI has been stored yet.</p>
        ) : (
          <table className="table">
            <caption className="visually-hidden">Newest stored replies with UI</caption>
            <thead>
              <tr>
                <th scope="col">Stored</th>
                <th scope="col">Chat</th>
                <th scope="col">User</th>
                <th scope="col">Model</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {trees.map((tree) => (
                <tr key={tree.messageId}>
                  <td>
                    <time dateTime={tree.createdAt.toISOString()}>{tree.createdAt.toISOString().replace("T", " ").slice(0, 19)}</time>
                  </td>
                  <td>{tree.chatTitle}</td>
                  <td>{tree.userEmail}</td>
                  <td>{tree.model ?? "—"}</td>
                  <td>{tree.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </main>
    </>
  );
}
