import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CustomerDetail } from "~/components/admin/customer-detail";
import { hasPermission } from "~/lib/permissions";
import { serverApi } from "~/server/api/server-caller";
import { requireSection } from "../../access";

export const metadata: Metadata = { title: "Customer", robots: { index: false } };

export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const { me } = await requireSection("customers");
  const { id } = await params;
  const customer = await (await serverApi()).admin.customers.get({ id }).catch((error: unknown) => {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) notFound();
    throw error;
  });
  return <CustomerDetail id={id} initialData={customer} canAct={hasPermission(me.role, "customers:students")} />;
}
