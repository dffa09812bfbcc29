import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { CoachList } from "~/components/admin/coach-list";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Coaches", robots: { index: false } };

export default async function CoachesPage() {
  await requireSection("coaches");
  return (
    <div>
      <AdminPageHeader
        title="Coaches"
        description="Staff who deliver consultations and document reviews: their languages and subjects help support choose who takes a request."
      />
      <Suspense>
        <CoachList />
      </Suspense>
    </div>
  );
}
