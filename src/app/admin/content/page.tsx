import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { ContentThreads } from "~/components/admin/content-threads";
import { ContentNav } from "~/components/admin/content-widgets";
import { hasPermission } from "~/lib/permissions";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Content", robots: { index: false } };

export default async function ContentPage() {
  const { me } = await requireSection("content");
  return (
    <div>
      <AdminPageHeader
        title="Content"
        description="The topic threads of /students, the side menu and the home page, with their questions. Changes show on the site at once."
      />
      <ContentNav />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <ContentThreads canEdit={hasPermission(me.role, "settings:threads")} />
      </Suspense>
    </div>
  );
}
