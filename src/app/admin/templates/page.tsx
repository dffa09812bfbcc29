import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { TemplateList } from "~/components/admin/template-list";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Mail templates", robots: { index: false } };

export default async function TemplatesPage() {
  const { section } = await requireSection("templates");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description="Every mail the product sends. Change a mail's subject and text with its placeholders; the brand, button and footer stay. The next mail of that kind uses your text."
      />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <TemplateList />
      </Suspense>
    </div>
  );
}
