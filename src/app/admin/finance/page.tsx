import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { FinanceOverview } from "~/components/admin/finance-overview";
import { hasPermission } from "~/lib/permissions";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Finance", robots: { index: false } };

export default async function FinancePage() {
  const { me, section } = await requireSection("finance");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description="Recurring revenue, failed renewals, grace periods and every payment; refunds go through the payment provider and are mailed to the customer."
      />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <FinanceOverview canRefund={hasPermission(me.role, "finance:payments")} />
      </Suspense>
    </div>
  );
}
