import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { sectionsFor } from "~/lib/admin-sections";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Manage", robots: { index: false } };

export default async function AdminPage() {
  const me = await (await serverApi()).users.me().catch(() => null);
  if (!me) forbidden();
  const sections = sectionsFor(me.role);
  return (
    <div>
      <AdminPageHeader title="Management" description={`Signed in as ${me.email} (${me.role}). These are the sections your role opens.`} />
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
