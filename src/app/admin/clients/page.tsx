import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { ClientList } from "~/components/admin/client-list";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Partners", robots: { index: false } };

export default async function PartnersPage() {
  await requireSection("clients");
  return (
    <div>
      <AdminPageHeader
        title="Partners"
        description="Institutes and businesses that wrote through the partner links of the Institutes and Business pages, one row per sender. Open a row's messages; reply from the support queue."
      />
      <Suspense>
        <ClientList />
      </Suspense>
    </div>
  );
}
