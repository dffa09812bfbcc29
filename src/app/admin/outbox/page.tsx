import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { Outbox } from "~/components/admin/outbox";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Outbox", robots: { index: false } };

export default async function OutboxPage() {
  await requireSection("outbox");
  return (
    <div>
      <AdminPageHeader
        title="Outbox and jobs"
        description="Every mail the product sends, newest first, and the background jobs that failed. Without an SMTP server the mails are delivered here and to the server log only."
      />
      <Suspense>
        <Outbox />
      </Suspense>
    </div>
  );
}
