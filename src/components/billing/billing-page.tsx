"use client";

import { useAuthModal } from "~/components/auth/auth-modals";
import { useSession } from "~/components/auth/session";
import { SignInPrompt } from "~/components/auth/sign-in-prompt";
import { BillingTab } from "./billing-tab";

/** /billing: the Billing tab on its own page, for signed-in users. */
export function BillingPage() {
  const { status } = useSession();
  const { open } = useAuthModal();
  return (
    <div className="mx-auto max-w-4xl space-y-5 px-4 py-8">
      <h1 className="text-2xl font-bold">Billing</h1>
      {status === "loading" ? <p className="text-slate-500">Loading billing...</p> : null}
      {status === "unauthenticated" ? (
        <SignInPrompt reason="Sign up or log in to manage your plan, cards and receipts." onChoose={(modal) => open(modal)} />
      ) : null}
      {status === "authenticated" ? <BillingTab /> : null}
    </div>
  );
}
