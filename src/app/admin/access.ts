import { forbidden } from "next/navigation";
import { type AdminSectionSlug, adminSection, canAccess } from "~/lib/admin-sections";
import { serverApi } from "~/server/api/server-caller";

/**
 * The guard of every /admin page: the signed-in staff member (two factors on, checked by the layout)
 * whose role opens `slug`, or 403. Answers the member and the section for the page to render.
 */
export async function requireSection(slug: AdminSectionSlug) {
  const me = await (await serverApi()).users.me().catch(() => null);
  const section = adminSection(slug);
  if (!me?.twoFactorEnabled || !canAccess(me.role, section.access)) forbidden();
  return { me, section };
}
