import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { StaffManagement } from "~/components/admin/staff";
import { PermissionsMatrix } from "~/components/admin/staff-permissions";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Staff and roles", robots: { index: false } };

export default async function StaffPage() {
  const { me, section } = await requireSection("staff");
  return (
    <div className="space-y-10">
      <div>
        <AdminPageHeader
          title={section.title}
          description="Invite staff, change roles, suspend or reactivate accounts. There is always at least one active admin."
        />
        <Suspense>
          <StaffManagement meId={me.id} />
        </Suspense>
      </div>
      <PermissionsMatrix />
    </div>
  );
}
