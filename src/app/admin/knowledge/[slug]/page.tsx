import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { KnowledgeArticleEditor } from "~/components/admin/knowledge-editor";
import { requireSection } from "../../access";

export const metadata: Metadata = { title: "Edit article", robots: { index: false } };

export default async function KnowledgeArticlePage({ params }: { params: Promise<{ slug: string }> }) {
  await requireSection("knowledge");
  const { slug } = await params;
  return (
    <div>
      <AdminPageHeader
        title="Edit article"
        description="Saving writes a new version and re-indexes the article: the assistant's next answer uses it."
      >
        <Link href="/admin/knowledge" className="btn-secondary">
          All articles
        </Link>
      </AdminPageHeader>
      <KnowledgeArticleEditor slug={slug} />
    </div>
  );
}
