import Link from "next/link";
import { forbidden } from "next/navigation";
import type { ReactNode } from "react";
import { AdminNav } from "~/components/admin/admin-nav";
import { sectionsFor } from "~/lib/admin-sections";
import { isStaff } from "~/lib/permissions";
import { serverApi } from "~/server/api/server-caller";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "~/server/api/trpc";
import { TRPCReactProvider } from "~/trpc/react";

/**
 * /admin is for staff (admin, designer, backoffice): everyone else gets 403, signed-out users too.
 * Staff without two-factor sign-in are asked to set it up first. The side navigation lists the
 * sections the role opens; each page checks its own section again (src/app/admin/access.ts).
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const me = await (await serverApi()).users.me().catch(() => null);
  if (!me || !isStaff(me.role)) forbidden();
  if (!me.twoFactorEnabled) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <h1 className="text-2xl font-bold">Management</h1>
        <div role="alert" className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-900">
          <p className="font-semibold">Two-factor sign-in required</p>
          <p className="mt-1 text-sm">{TWO_FACTOR_REQUIRED_MESSAGE}</p>
          <Link href="/profile?tab=security" className="btn-primary mt-4">
            Open the Security tab
          </Link>
        </div>
      </div>
    );
  }
  const items = sectionsFor(me.role).map(({ slug, title }) => ({ slug, title }));
  // A coach without the support section still reaches the requests assigned to them.
  if (!items.some((item) => item.slug === "support") && (await (await serverApi()).admin.support.myRequests().catch(() => null))?.coach) {
    items.unshift({ slug: "support?mine=1", title: "My requests" });
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:grid lg:grid-cols-[13rem_1fr] lg:gap-8 lg:py-10">
      <aside className="mb-6 lg:mb-0">
        <p className="mb-2 hidden px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:block">Management</p>
        <AdminNav items={items} />
      </aside>
      <main className="min-w-0">
        <TRPCReactProvider>{children}</TRPCReactProvider>
      </main>
    </div>
  );
}
