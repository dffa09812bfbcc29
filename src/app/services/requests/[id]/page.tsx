import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OwnRequestPage } from "~/components/services/own-request-page";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Your request", robots: { index: false } };

/** /services/requests/[id]: the student's own request (another user's, or none, is 404). */
export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const request = await (await serverApi()).services.detail({ requestId: id }).catch((error: unknown) => {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) notFound();
    if (error instanceof TRPCError && error.code === "UNAUTHORIZED") return null;
    throw error;
  });
  return <OwnRequestPage id={id} initialData={request} />;
}
