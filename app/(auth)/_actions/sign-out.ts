"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";
import { SIGN_IN_PATH } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";

/** Ends the session. Signed-in only (see lib/auth/registry.ts). */
export async function signOut(): Promise<void> {
  const requestHeaders = await headers();
  await requireActor({ headers: new Headers(requestHeaders) });
  const auth = await getAuth();
  await auth.api.signOut({ headers: requestHeaders });
  redirect(SIGN_IN_PATH);
}
