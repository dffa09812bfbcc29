"use client";

import { useSession } from "next-auth/react";
import { toast } from "sonner";
import { errorMessage } from "~/components/ui/form-field";
import { api } from "~/trpc/react";

/** Under the header on every page while the signed-in user's email address is not verified. */
export function VerifyEmailBanner() {
  const { data: session } = useSession();
  const resend = api.auth.resendVerification.useMutation({
    onSuccess: () => toast.success(`We sent a new link to ${session?.user.email}. The previous one no longer works.`),
    onError: (error) => toast.error(errorMessage(error, "Failed to send the link. Please try again.")),
  });
  if (!session || session.user.emailVerified) return null;
  return (
    <div role="region" aria-label="Email verification" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm text-amber-900 sm:px-4">
        <p className="min-w-0 break-words">
          Please verify your email address — we sent a link to <strong className="font-semibold">{session.user.email}</strong>.
        </p>
        <button type="button" className="shrink-0 font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-700 disabled:opacity-60" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? "Sending..." : "Resend"}
        </button>
      </div>
    </div>
  );
}
