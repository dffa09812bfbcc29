"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useSession } from "~/components/auth/session";
import { api } from "~/trpc/react";
import { TokenLink } from "./token-link";

/** /verify-email?token=...: verifies the address, then the session (and the banner) know it. */
export function VerifyEmail({ token }: { token: string }) {
  const { data: session, update } = useSession();
  const verify = api.auth.verifyEmail.useMutation();
  const [verified, setVerified] = useState(false);
  // The session (and the banner) learn it once the session has loaded; update() does nothing before.
  const stale = verified && session?.user.emailVerified === false;
  useEffect(() => {
    if (stale) void update();
  }, [stale, update]);
  return (
    <TokenLink
      title="Verify your email address"
      token={token}
      pendingText="Verifying your email address..."
      run={async (value) => {
        await verify.mutateAsync({ token: value });
        setVerified(true);
      }}
      success={
        <>
          <p role="status" className="font-semibold text-green-800">
            Your email address is verified.
          </p>
          <p className="mt-2 text-sm text-slate-600">Thank you. Every part of SwipeAbroad is now open to you.</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link href="/" className="btn-primary">
              Go to the home page
            </Link>
            <Link href="/profile" className="btn-secondary">
              Open your profile
            </Link>
          </div>
        </>
      }
      failureExtra={
        <div className="mt-4 flex flex-wrap gap-2">
          <Link href="/" className="btn-secondary">
            Go to the home page
          </Link>
        </div>
      }
    />
  );
}
