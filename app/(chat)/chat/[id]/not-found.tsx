import Link from "next/link";

/**
 * A chat the person cannot open: missing, someone else's, or started in a
 * guest session that has ended. One page for all three (nothing says which),
 * but it says plainly what happens to a guest's chats, since an old link is
 * how a guest who signed out finds that out.
 */
export default function ChatNotFound() {
  return (
    <main id="main" className="auth-main">
      <div className="auth-card">
        <h1>Chat not found</h1>
        <p className="lead">This chat does not exist, or it is not yours to see.</p>
        <p>
          A chat started as a guest belongs to that guest session. Once the guest has signed out, nobody can open it again — not from its
          link, and not from a new guest session. To keep chats, create an account before signing out: a guest&apos;s chats move to it.
        </p>
        <p>
          <Link href="/">Back to your chats</Link>
        </p>
      </div>
    </main>
  );
}
