import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { ContentPrompts } from "~/components/admin/content-prompts";
import { ContentNav } from "~/components/admin/content-widgets";
import { hasPermission } from "~/lib/permissions";
import { requireSection } from "../../access";

export const metadata: Metadata = { title: "Chat prompts", robots: { index: false } };

export default async function ContentPromptsPage() {
  const { me } = await requireSection("content");
  return (
    <div>
      <AdminPageHeader
        title="Content"
        description="The prompts the chat suggests at random under its composer. Hidden prompts are not offered."
      />
      <ContentNav />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <ContentPrompts canEdit={hasPermission(me.role, "settings:questions")} />
      </Suspense>
    </div>
  );
}
