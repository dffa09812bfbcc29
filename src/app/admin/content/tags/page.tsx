import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { ContentTags } from "~/components/admin/content-tags";
import { ContentNav } from "~/components/admin/content-widgets";
import { hasPermission } from "~/lib/permissions";
import { requireSection } from "../../access";

export const metadata: Metadata = { title: "Tags", robots: { index: false } };

export default async function ContentTagsPage() {
  const { me } = await requireSection("content");
  return (
    <div>
      <AdminPageHeader title="Content" description="Labels that content carries, in the order they are offered." />
      <ContentNav />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <ContentTags canEdit={hasPermission(me.role, "settings:tags")} />
      </Suspense>
    </div>
  );
}
