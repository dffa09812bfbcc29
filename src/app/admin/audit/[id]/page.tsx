import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { AuditEntryView } from "~/components/admin/audit-entry";
import { serverApi } from "~/server/api/server-caller";
import { requireSection } from "../../access";

export const metadata: Metadata = { title: "Audit entry", robots: { index: false } };

export default async function AuditEntryPage({ params }: { params: Promise<{ id: string }> }) {
  await requireSection("audit");
  const { id } = await params;
  const entry = await (await serverApi()).admin.audit.get({ id }).catch((error: unknown) => {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) notFound();
    throw error;
  });
  return (
    <div>
      <AdminPageHeader title="Audit entry" description={entry.action} />
      <AuditEntryView entry={entry} />
    </div>
  );
}
