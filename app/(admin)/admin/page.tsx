import { redirect } from "next/navigation";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor, requireAdmin } from "@/lib/auth/policy";

/** The admin view starts at its listing of stored trees. Admins only; anyone else gets a 404. */
export default async function AdminPage() {
  await guardPage("/admin", async () => requireAdmin(await requireActor()));
  redirect("/admin/trees");
}
