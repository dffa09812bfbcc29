import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import type { ReactNode } from "react";
import { AdminNav } from "~/components/admin/admin-nav";
import { sectionsFor } from "~/lib/admin-sections";
import { isStaff } from "~/lib/permissions";
import { serverApi } from "~/server/api/server-caller";
import { TRPCReactProvider } from "~/trpc/react";

/**
 * /admin is for staff (admin, designer, backoffice): everyone else gets 403, signed-out users too.
 * Staff without two-factor sign-in get 403 as well, with a notice asking them to set it up (app/forbidden.tsx).
 * The side navigation lists the sections the role opens; each page checks its own section again
 * (src/app/admin/access.ts).
 */
/** Staff pages are never indexed, whatever a page of them says. */
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const me = await (await serverApi()).users.me().catch(() => null);
  if (!me || !isStaff(me.role) || !me.twoFactorEnabled) forbidden();
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
