import type { Metadata } from "next";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { SystemHealth } from "~/components/admin/system-health";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "System", robots: { index: false } };

export default async function SystemPage() {
  const { section } = await requireSection("system");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description="The database, migrations, background jobs, mail and the versions this server runs."
      />
      <SystemHealth />
    </div>
  );
}
