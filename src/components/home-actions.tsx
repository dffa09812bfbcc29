"use client";

import Link from "next/link";
import { useSession } from "next-auth/react";
import { useAuthModal } from "~/components/auth/auth-modals";

export function HomeActions() {
  const { data: session } = useSession();
  const { open } = useAuthModal();
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {session ? (
        <Link href="/profile" className="btn-primary">Complete your profile</Link>
      ) : (
        <button type="button" className="btn-primary" onClick={() => open("signup")}>Start now</button>
      )}
    </div>
  );
}
