"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { useSession } from "~/components/auth/session";
import { BRAND_NAME } from "~/lib/brand";
import { withApiClient } from "~/trpc/lazy";

// The drawer (a dialog and the topic list) loads when the menu is first opened or pointed at.
const loadSideMenu = withApiClient(() => import("~/components/layout/side-menu").then((module) => module.SideMenu));
const SideMenu = dynamic(loadSideMenu, { ssr: false });

// Same width as the signed-out button, so the header does not shift when the session arrives.
const SESSION_PLACEHOLDER = <div className="h-9 w-20" aria-hidden />;
// The signed-in part loads for signed-in users only; visitors get the login button.
const AccountMenu = dynamic(() => import("~/components/layout/account-menu").then((module) => module.AccountMenu), {
  ssr: false,
  loading: () => SESSION_PLACEHOLDER,
});

function UserMenu() {
  const { data: session, status } = useSession();
  const { open } = useAuthModal();

  if (status === "loading") return SESSION_PLACEHOLDER;
  if (!session) {
    return (
      <button type="button" className="btn-primary" onClick={() => open("login")}>
        Login
      </button>
    );
  }
  return <AccountMenu session={session} />;
}

const PRIMARY_LINKS = [
  { href: "/students", label: "Students" },
  { href: "/services", label: "Services" },
  { href: "/how-it-works", label: "How it works" },
  { href: "/pricing", label: "Pricing" },
  { href: "/community", label: "Community" },
  { href: "/swipe-ai", label: "SwipeAI" },
];

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const pathname = usePathname();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
        <div className="flex items-center gap-1 sm:gap-2">
          <button
            type="button"
            className="rounded-lg p-1.5 text-slate-700 hover:bg-slate-100 sm:p-2"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
            onPointerEnter={() => void loadSideMenu()}
            onFocus={() => void loadSideMenu()}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </svg>
          </button>
          <Link href="/" className="text-base font-bold text-brand-700 sm:text-lg">
            {BRAND_NAME}
          </Link>
        </div>
        <nav aria-label="Primary" className="hidden items-center gap-1 lg:flex">
          {PRIMARY_LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              aria-current={pathname.startsWith(link.href) ? "page" : undefined}
              className="whitespace-nowrap rounded-lg px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:text-brand-700 xl:px-3"
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <UserMenu />
      </div>
      {menuUsed ? <SideMenu open={menuOpen} onOpenChange={setMenuOpen} /> : null}
    </header>
  );
}
