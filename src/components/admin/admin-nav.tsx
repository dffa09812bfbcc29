"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export interface AdminNavItem {
  slug: string;
  title: string;
}

/** The side navigation of /admin: the sections the staff member may open, the current one marked. */
export function AdminNav({ items }: { items: AdminNavItem[] }) {
  const pathname = usePathname();
  const current = (href: string) => (href === "/admin" ? pathname === "/admin" : pathname === href || pathname.startsWith(`${href}/`));
  const links = [{ slug: "", title: "Overview" }, ...items].map((item) => {
    const href = item.slug ? `/admin/${item.slug}` : "/admin";
    return { ...item, href, active: current(href) };
  });
  return (
    <nav aria-label="Management sections" className="lg:sticky lg:top-4">
      <ul className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
        {links.map((link) => (
          <li key={link.href} className="shrink-0">
            <Link
              href={link.href}
              aria-current={link.active ? "page" : undefined}
              className={`block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${link.active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {link.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The title block of a section page. */
export function AdminPageHeader({ title, description, children }: { title: string; description?: string; children?: React.ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </header>
  );
}
