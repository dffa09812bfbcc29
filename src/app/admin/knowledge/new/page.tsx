import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { NewKnowledgeArticle } from "~/components/admin/knowledge-editor";
import { requireSection } from "../../access";

export const metadata: Metadata = { title: "New article", robots: { index: false } };

export default async function NewKnowledgeArticlePage() {
  await requireSection("knowledge");
  return (
    <div>
      <AdminPageHeader title="New article" description="Every article needs at least one source and the day it was checked against it.">
        <Link href="/admin/knowledge" className="btn-secondary">
          All articles
        </Link>
      </AdminPageHeader>
      <NewKnowledgeArticle />
    </div>
  );
}
