import type { Metadata } from "next";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { SiteTextsForm } from "~/components/admin/site-texts-form";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Site texts", robots: { index: false } };

export default async function SiteTextsPage() {
  const { section } = await requireSection("site-texts");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description="The announcement banner above every public page and the support hours the site and its mails show. Saved changes show at once."
      />
      <SiteTextsForm />
    </div>
  );
}
