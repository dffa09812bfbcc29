import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { forbidden, notFound } from "next/navigation";
import { RequestWork } from "~/components/admin/request-work";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Service request", robots: { index: false } };

/**
 * One service request for staff: the support section's staff and the coach it is assigned to (the
 * service decides; anyone else gets 404 as for a request that does not exist).
 */
export default async function ServiceRequestWorkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const initialData = await (await serverApi()).admin.support.request({ requestId: id }).catch((error: unknown) => {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) notFound();
    if (error instanceof TRPCError && (error.code === "FORBIDDEN" || error.code === "UNAUTHORIZED")) forbidden();
    throw error;
  });
  return <RequestWork id={id} initialData={initialData} />;
}
