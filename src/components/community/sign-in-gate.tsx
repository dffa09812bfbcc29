"use client";

import { type ReactNode, useState } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { useSession } from "~/components/auth/session";
import { FormMessage } from "~/components/ui/form-field";

export const VERIFY_FIRST = "Please verify your email address first: open the link we mailed you, then you can post in the community.";

/**
 * What a member may do in the forum right now: "signed-out" (offer the login), "unverified" (posting
 * needs a verified email), "member", or "loading" while the session arrives.
 */
export function useForumAccess(): "loading" | "signed-out" | "unverified" | "member" {
  const { data: session, status } = useSession();
  if (status === "loading") return "loading";
  if (!session) return "signed-out";
  return session.user.emailVerified ? "member" : "unverified";
}

/**
 * A button for something only verified members can do: signed out it opens the login, unverified it
 * says to verify the email first, otherwise it shows `children` (the real link or button).
 */
export function MemberAction({ label, className = "btn-primary", children }: { label: string; className?: string; children: ReactNode }) {
  const access = useForumAccess();
  const { open } = useAuthModal();
  const [told, setTold] = useState(false);
  if (access === "member") return <>{children}</>;
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={className}
        disabled={access === "loading"}
        onClick={() => (access === "signed-out" ? open("login") : setTold(true))}
      >
        {label}
      </button>
      {told ? <FormMessage kind="info">{VERIFY_FIRST}</FormMessage> : null}
    </div>
  );
}

/** Shows `children` to signed-in members; others are asked to log in. */
export function SignedInOnly({ what, children }: { what: string; children: ReactNode }) {
  const access = useForumAccess();
  const { open } = useAuthModal();
  if (access === "loading")
    return (
      <p className="text-sm text-slate-600" role="status">
        Loading...
      </p>
    );
  if (access === "signed-out")
    return (
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <span>Log in to {what}.</span>
        <button type="button" className="btn-primary" onClick={() => open("login")}>
          Log in
        </button>
      </p>
    );
  return <>{children}</>;
}
