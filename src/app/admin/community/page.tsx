import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { CommunityQueue } from "~/components/admin/community-queue";
import { adminSection, canAccess } from "~/lib/admin-sections";
import { FLAGS_TO_HIDE } from "~/lib/schemas/community";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Community moderation", robots: { index: false } };

export default async function CommunityModerationPage() {
  const { me, section } = await requireSection("community");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description={`Posts the spam and profanity filter held, posts hidden after flags from ${FLAGS_TO_HIDE} members, and visible posts with open flags; the oldest first. A decision on a post is told to its author in the forum, warnings and suspensions are mailed, and every decision is kept in the audit log.`}
      />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <CommunityQueue canOpenCustomers={canAccess(me.role, adminSection("customers").access)} />
      </Suspense>
    </div>
  );
}
