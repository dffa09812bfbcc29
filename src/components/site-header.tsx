"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut, useSession } from "next-auth/react";
import { useAuthModal } from "~/components/auth/auth-modals";

export const BRAND_NAME = "SwipeAbroad";

function UserMenu() {
  const { data: session, status } = useSession();
  const pathname = usePathname();
  const { open } = useAuthModal();

  if (status === "loading") return <div className="h-9 w-20" aria-hidden />;
  if (!session) {
    return (
      <button type="button" className="btn-primary" onClick={() => open("login")}>
        Login
      </button>
    );
  }
  const showManage = session.user.role === "admin" && !pathname.startsWith("/admin");
  return (
    <nav aria-label="Account" className="flex items-center gap-2 text-sm">
      <span className="hidden text-slate-600 sm:inline">{session.user.name}</span>
      <Link href="/profile" className="btn-secondary">Profile</Link>
      {showManage ? (
        <a href="/admin" target="_blank" rel="noopener" className="btn-secondary">Manage</a>
      ) : null}
      <button type="button" className="btn-secondary" onClick={() => signOut({ callbackUrl: "/" })}>
        Logout
      </button>
    </nav>
  );
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link href="/" className="text-lg font-bold text-brand-700">{BRAND_NAME}</Link>
          <UserMenu />
        </div>
    </header>
  );
}
