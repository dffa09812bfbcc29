import type { Metadata } from "next";
import Link from "next/link";
import { hasPermission } from "~/lib/permissions";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Manage", robots: { index: false } };

export default async function AdminPage() {
  const me = await (await serverApi()).users.me().catch(() => null);
  const handlesSupport = me ? hasPermission(me.role, "support") || hasPermission(me.role, "backoffice:services") : false;
  const readsOutbox = me ? hasPermission(me.role, "support") : false;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-2xl font-bold">Management</h1>
      <p className="mt-2 text-slate-600">The management area is being built. Its sections will appear here.</p>
      <ul className="mt-6 space-y-2">
        {handlesSupport ? (
          <li>
            <Link href="/admin/support" className="font-semibold text-brand-600 hover:underline">Support queue</Link>
            <span className="text-slate-600"> - service requests and contact messages by plan priority</span>
          </li>
        ) : null}
        {readsOutbox ? (
          <li>
            <Link href="/admin/outbox" className="font-semibold text-brand-600 hover:underline">Outbox and jobs</Link>
            <span className="text-slate-600"> - every mail sent, and background jobs that failed</span>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
