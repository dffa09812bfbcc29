"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { Session } from "next-auth";
import { signOut } from "~/components/auth/sign-in-out";
import { ProfileModalButton } from "~/components/profile/profile-modal-button";
import { showsManage } from "~/lib/navigation";
import { withApiClient } from "~/trpc/lazy";

// The bell polls the API: it loads with the API client.
const NotificationBell = dynamic(
  withApiClient(() => import("~/components/community/notification-bell").then((module) => module.NotificationBell)),
  { ssr: false },
);

/** The header's part for a signed-in user: the bell, quick settings, profile, Manage (admins) and logout. */
export function AccountMenu({ session }: { session: Session }) {
  const pathname = usePathname();
  const showManage = showsManage(session.user.role, pathname);
  return (
    <nav aria-label="Account" className="flex items-center gap-1 text-sm sm:gap-2">
      <span className="hidden whitespace-nowrap text-slate-600 xl:inline">{session.user.name}</span>
      <NotificationBell />
      <span className="hidden sm:inline-flex">
        <ProfileModalButton />
      </span>
      {/* Narrower buttons on a phone, so the bell fits beside them within 375 px. */}
      <Link href="/profile" className="btn-secondary max-sm:px-2!">
        Profile
      </Link>
      {showManage ? (
        <a href="/admin" target="_blank" rel="noopener" className="btn-secondary px-3">
          Manage
        </a>
      ) : null}
      <button type="button" className="btn-secondary max-sm:px-2!" onClick={() => signOut({ callbackUrl: "/" })}>
        Logout
      </button>
    </nav>
  );
}
