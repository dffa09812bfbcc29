import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { Outbox } from "~/components/admin/outbox";
import { hasPermission } from "~/lib/permissions";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Outbox", robots: { index: false } };

export default async function OutboxPage() {
  const me = await (await serverApi()).users.me().catch(() => null);
  if (!me || !hasPermission(me.role, "support")) forbidden();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <Link href="/admin" className="text-sm font-medium text-brand-600 hover:underline">Management</Link>
      <h1 className="mt-2 text-2xl font-bold">Outbox and jobs</h1>
      <p className="mt-2 text-slate-600">
        Every mail the product sends, newest first, and the background jobs that failed. Without an SMTP server the mails are
        delivered here and to the server log only.
      </p>
      <div className="mt-8">
        <Outbox />
      </div>
    </div>
  );
}
