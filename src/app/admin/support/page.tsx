import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { SupportQueue } from "~/components/admin/support-queue";
import { hasPermission } from "~/lib/permissions";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Support queue", robots: { index: false } };

export default async function SupportQueuePage() {
  const { me } = await requireSection("support");
  return (
    <div>
      <AdminPageHeader
        title="Support queue"
        description="Service requests and contact messages, urgent first (Unlimited), then high (Pro), then standard; the oldest first within each priority."
      />
      <Suspense>
        <SupportQueue canRequests={hasPermission(me.role, "backoffice:services")} canMessages={hasPermission(me.role, "support")} />
      </Suspense>
    </div>
  );
}
