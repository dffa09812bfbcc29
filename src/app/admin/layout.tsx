import { forbidden } from "next/navigation";
import type { ReactNode } from "react";
import { serverApi } from "~/server/api/server-caller";

/** /admin is for admins only: everyone else gets 403 (signed-out users too). */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const me = await (await serverApi()).users.me().catch(() => null);
  if (me?.role !== "admin") forbidden();
  return <>{children}</>;
}
