import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { KnowledgeList } from "~/components/admin/knowledge-list";
import { REVIEW_DUE_DAYS } from "~/lib/schemas/knowledge";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Knowledge base", robots: { index: false } };

export default async function KnowledgePage() {
  await requireSection("knowledge");
  return (
    <div>
      <AdminPageHeader
        title="Knowledge base"
        description={`The articles the assistant answers from, with their sources. Articles not reviewed for ${REVIEW_DUE_DAYS} days are flagged; a saved article is used for the next answer.`}
      />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <KnowledgeList />
      </Suspense>
    </div>
  );
}
