import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { sectionsFor } from "~/lib/admin-sections";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Manage", robots: { index: false } };

export default async function AdminPage() {
  const api = await serverApi();
  const me = await api.users.me().catch(() => null);
  if (!me) forbidden();
  const sections = sectionsFor(me.role);
  const undeliverable = await api.admin.system.undeliverable().catch(() => []);
  return (
    <div>
      <AdminPageHeader title="Management" description={`Signed in as ${me.email} (${me.role}). These are the sections your role opens.`} />
      {undeliverable.length > 0 ? (
        <section aria-labelledby="undeliverable-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <h2 id="undeliverable-title" className="font-semibold">
            Sold by a plan, but nobody can deliver it
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {undeliverable.map((warning) => (
              <li key={warning.key} data-testid={`undeliverable-${warning.key}`}>
                <strong>{warning.label}.</strong> {warning.text}{" "}
                <Link href={warning.href} className="font-medium underline">
                  {warning.action}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {sections.map((section) => (
          <li key={section.slug}>
            <Link
              href={`/admin/${section.slug}`}
              className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300 hover:shadow-sm"
            >
              <span className="font-semibold text-brand-700">{section.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{section.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
