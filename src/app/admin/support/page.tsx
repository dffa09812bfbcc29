import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { SupportQueue } from "~/components/admin/support-queue";
import { adminSection, canAccess } from "~/lib/admin-sections";
import { hasPermission } from "~/lib/permissions";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Support queue", robots: { index: false } };

/** The section's staff see the queues; a coach without the section's access sees the requests assigned to them. */
export default async function SupportQueuePage() {
  const api = await serverApi();
  const me = await api.users.me().catch(() => null);
  if (!me?.twoFactorEnabled) forbidden();
  const isCoach = Boolean((await api.admin.support.myRequests().catch(() => null))?.coach);
  if (!canAccess(me.role, adminSection("support").access) && !isCoach) forbidden();
  return (
    <div>
      <AdminPageHeader
        title="Support queue"
        description="Service requests and contact messages, urgent first (Unlimited), then high (Pro), then standard; the oldest first within each priority."
      />
      <Suspense>
        <SupportQueue
          canRequests={canAccess(me.role, adminSection("support").access)}
          canMessages={hasPermission(me.role, "support")}
          isCoach={isCoach}
        />
      </Suspense>
    </div>
  );
}
