import type { Metadata } from "next";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { AssistantSettingsForm } from "~/components/admin/assistant-settings-form";
import { hasPermission } from "~/lib/permissions";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Assistant settings", robots: { index: false } };

export default async function AssistantSettingsPage() {
  const { me } = await requireSection("assistant");
  return (
    <div>
      <AdminPageHeader
        title="Assistant settings"
        description="Stored in the database and read for every answer: a change applies to the next one, without a restart."
      />
      <AssistantSettingsForm canEdit={hasPermission(me.role, "settings:ai_adjustment")} />
    </div>
  );
}
