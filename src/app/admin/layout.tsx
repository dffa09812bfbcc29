import { forbidden } from "next/navigation";
import type { ReactNode } from "react";
import { isStaff } from "~/lib/permissions";
import { serverApi } from "~/server/api/server-caller";

/**
 * /admin is for staff (admin, designer, backoffice): everyone else gets 403, signed-out users too.
 * Each section checks its own permission keys.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const me = await (await serverApi()).users.me().catch(() => null);
  if (!me || !isStaff(me.role)) forbidden();
  return <>{children}</>;
}
