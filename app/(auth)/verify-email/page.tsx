import type { Metadata } from "next";
import Link from "next/link";
import { getUser } from "@/db/queries/users";
import { guardPage, VERIFY_EMAIL_PATH } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";
import { verificationSenderKind } from "@/lib/auth/verification-sender";
import { ResendVerificationForm } from "../_components/resend-verification-form";

/** The page title. */
export const metadata: Metadata = { title: "Verify your email" };

/** What better-auth's `?error=` after a refused link means to the person (anything unknown reads as not valid). */
function linkProblem(error: string | string[] | undefined): string | undefined {
  if (error === undefined) return undefined;
  if (error === "TOKEN_EXPIRED") return "That link has expired. Send yourself a new one.";
  return "That link is not valid. Send yourself a new one.";
}

/**
 * Where verification links land: says whether the person's address is
 * verified and sends a new link. Signed-in only; verifying is never needed to
 * chat, only for the admin role of an address listed in `ADMIN_EMAILS`.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const actor = await guardPage(VERIFY_EMAIL_PATH, () => requireActor());
  if (actor.isGuest) {
    return (
      <>
        <h1>Verify your email</h1>
        <p className="lead">A guest session has no email address to verify.</p>
        <p>
          <Link href={`/sign-up?next=${encodeURIComponent(VERIFY_EMAIL_PATH)}`}>Create an account</Link> to keep your chats.
        </p>
      </>
    );
  }
  const user = await getUser({ userId: actor.userId });
  if (user?.emailVerified) {
    return (
      <>
        <h1>Your email is verified</h1>
        <p className="lead">{user.email} is confirmed as yours.</p>
        {actor.role === "admin" ? (
          <p className="notice">
            Your account is an admin. <Link href="/admin">Open the admin view</Link>
          </p>
        ) : null}
        <p>
          <Link href="/">Back to your chats</Link>
        </p>
      </>
    );
  }
  const problem = linkProblem(query.error);
  return (
    <>
      <h1>Verify your email</h1>
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      <p className="lead">
        We sent a link to <strong>{user?.email}</strong>. Open it to confirm the address is yours. You can keep chatting meanwhile.
      </p>
      {verificationSenderKind() === "log" ? (
        <p className="muted">This server sends no mail: it writes the link to its log, for whoever runs it.</p>
      ) : null}
      <ResendVerificationForm />
      <p className="muted">
        <Link href="/">Back to your chats</Link>
      </p>
    </>
  );
}
