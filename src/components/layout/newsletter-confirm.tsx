"use client";

import Link from "next/link";
import { TokenLink } from "~/components/auth/token-link";
import { api } from "~/trpc/react";

/** /newsletter/confirm?token=...: the double opt-in's second step. */
export function NewsletterConfirm({ token }: { token: string }) {
  const confirm = api.site.confirmNewsletter.useMutation();
  return (
    <TokenLink
      title="Newsletter"
      token={token}
      pendingText="Confirming your subscription..."
      run={(value) => confirm.mutateAsync({ token: value })}
      success={
        <>
          <p role="status" className="font-semibold text-green-800">
            Your subscription is confirmed.
          </p>
          <p className="mt-2 text-sm text-slate-600">You will get deadlines, visa rule changes and new guides, about twice a month.</p>
          <Link href="/" className="btn-primary mt-4">
            Go to the home page
          </Link>
        </>
      }
      failureExtra={
        <Link href="/" className="btn-secondary mt-4">
          Go to the home page
        </Link>
      }
    />
  );
}
