import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { SupportQueue } from "~/components/admin/support-queue";
import { hasPermission } from "~/lib/permissions";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Support queue", robots: { index: false } };

export default async function SupportQueuePage() {
  const me = await (await serverApi()).users.me().catch(() => null);
  if (!me || !(hasPermission(me.role, "support") || hasPermission(me.role, "backoffice:services"))) forbidden();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <Link href="/admin" className="text-sm font-medium text-brand-600 hover:underline">Management</Link>
      <h1 className="mt-2 text-2xl font-bold">Support queue</h1>
      <p className="mt-2 text-slate-600">
        Service requests and contact messages, urgent first (Unlimited), then high (Pro), then standard; the oldest first within each priority.
      </p>
      <div className="mt-8">
        <SupportQueue />
      </div>
    </div>
  );
}
