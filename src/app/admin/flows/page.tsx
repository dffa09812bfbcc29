import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { FlowSteps } from "~/components/admin/flow-steps";
import { canAccess } from "~/lib/admin-sections";
import { ROADMAP_STEP_WRITE_ACCESS } from "~/lib/schemas/roadmap-steps";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Roadmap steps", robots: { index: false } };

export default async function FlowsPage() {
  const { me, section } = await requireSection("flows");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description="The steps study roadmaps are built from: each student's roadmap takes the visible steps for their programme, in this order, and dates them back from the intake."
      />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <FlowSteps canEdit={canAccess(me.role, ROADMAP_STEP_WRITE_ACCESS)} />
      </Suspense>
    </div>
  );
}
