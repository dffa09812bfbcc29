import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { AuditLog } from "~/components/admin/audit-log";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Audit log", robots: { index: false } };

export default async function AuditPage() {
  const { section } = await requireSection("audit");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description="Every staff action: who, what, which record, before and after, when and from which address. Entries cannot be changed or deleted."
      />
      <Suspense>
        <AuditLog />
      </Suspense>
    </div>
  );
}
