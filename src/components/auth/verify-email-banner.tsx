"use client";

import dynamic from "next/dynamic";
import { useSession } from "~/components/auth/session";

// Its resend button needs the API client: loaded only for a signed-in user who has not verified yet.
const ResendVerificationBanner = dynamic(() => import("./resend-verification-banner").then((module) => module.ResendVerificationBanner), {
  ssr: false,
});

/** Under the header on every page while the signed-in user's email address is not verified. */
export function VerifyEmailBanner() {
  const { data: session } = useSession();
  if (!session || session.user.emailVerified) return null;
  return <ResendVerificationBanner email={session.user.email} />;
}
