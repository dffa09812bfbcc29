import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { FeedbackTriage } from "~/components/admin/feedback-triage";
import { canAccess } from "~/lib/admin-sections";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Feedback", robots: { index: false } };

export default async function FeedbackPage() {
  const { me, section } = await requireSection("feedback");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description="Answers users disliked, with their question, reason and the articles they cited; the questions the assistant could not answer; and how the answers are liked over time."
      />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <FeedbackTriage canHandle={canAccess(me.role, ["swipe_ai"])} />
      </Suspense>
    </div>
  );
}
