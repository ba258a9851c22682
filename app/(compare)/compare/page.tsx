import type { Metadata } from "next";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";
import { SiteHeader } from "../../(auth)/_components/site-header";

/** The page title. */
export const metadata: Metadata = { title: "Compare models" };

/** Model comparison (filled by a later issue). Signed-in only. */
export default async function ComparePage() {
  const actor = await guardPage("/compare", () => requireActor());
  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className="page">
        <h1>Compare models</h1>
        <p className="lead">Send one prompt to several models and see their replies side by side. Coming soon.</p>
      </main>
    </>
  );
}
