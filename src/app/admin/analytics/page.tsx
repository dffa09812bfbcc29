import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { AnalyticsReport } from "~/components/admin/analytics-report";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Analytics", robots: { index: false } };

export default async function AnalyticsPage() {
  const { section } = await requireSection("analytics");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description="Sign-ups, activity, the assistant's answers, plans, conversions and churn over a period, counted from the database."
      />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <AnalyticsReport />
      </Suspense>
    </div>
  );
}
