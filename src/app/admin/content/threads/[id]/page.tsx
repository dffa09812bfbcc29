import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { ThreadEditor } from "~/components/admin/content-thread-editor";
import { ContentNav } from "~/components/admin/content-widgets";
import { hasPermission } from "~/lib/permissions";
import { requireSection } from "../../../access";

export const metadata: Metadata = { title: "Topic thread", robots: { index: false } };

export default async function ThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const { me } = await requireSection("content");
  const { id } = await params;
  return (
    <div>
      <AdminPageHeader title="Topic thread">
        <Link href="/admin/content" className="btn-secondary">
          All threads
        </Link>
      </AdminPageHeader>
      <ContentNav />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading...</p>}>
        <ThreadEditor
          id={id}
          canEditThread={hasPermission(me.role, "settings:threads")}
          canEditQuestions={hasPermission(me.role, "settings:questions")}
        />
      </Suspense>
    </div>
  );
}
