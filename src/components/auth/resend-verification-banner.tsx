"use client";

import { errorMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { api, TRPCReactProvider } from "~/trpc/react";

function Banner({ email }: { email: string | null | undefined }) {
  const resend = api.auth.resendVerification.useMutation({
    onSuccess: () => toast.success(`We sent a new link to ${email}. The previous one no longer works.`),
    onError: (error) => toast.error(errorMessage(error, "Failed to send the link. Please try again.")),
  });
  return (
    <div role="region" aria-label="Email verification" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm text-amber-900 sm:px-4">
        <p className="min-w-0 break-words">
          Please verify your email address — we sent a link to <strong className="font-semibold">{email}</strong>.
        </p>
        <button
          type="button"
          className="shrink-0 font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-700 disabled:opacity-60"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? "Sending..." : "Resend"}
        </button>
      </div>
    </div>
  );
}

/** The email verification notice with its "Resend" button (see ./verify-email-banner.tsx). */
export function ResendVerificationBanner({ email }: { email: string | null | undefined }) {
  return (
    <TRPCReactProvider>
      <Banner email={email} />
    </TRPCReactProvider>
  );
}
