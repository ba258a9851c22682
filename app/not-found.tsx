import Link from "next/link";

/** Anything missing, and anything refused (another user's chat, the admin area): one page, no hint which. */
export default function NotFound() {
  return (
    <main id="main" className="auth-main">
      <div className="auth-card">
        <h1>Not found</h1>
        <p className="lead">This page does not exist, or it is not yours to see.</p>
        <p>
          <Link href="/">Back to your chats</Link>
        </p>
      </div>
    </main>
  );
}
