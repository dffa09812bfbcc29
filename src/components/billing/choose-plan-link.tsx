"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { useSession } from "~/components/auth/session";
import { checkoutHref, type PaidPlanId, rememberChosenPlan } from "./chosen-plan";

/**
 * "Choose Pro": signed in, it opens the plan's checkout in the billing tab; signed out, it opens
 * sign-up (with a link to log in) and keeps the plan, so the checkout opens once the account is in.
 */
export function ChoosePlanLink({ planId, className, children }: { planId: PaidPlanId; className?: string; children: ReactNode }) {
  const { status } = useSession();
  const { open } = useAuthModal();
  return (
    <Link
      href={checkoutHref(planId)}
      className={className}
      onClick={(event) => {
        if (status !== "unauthenticated") return;
        event.preventDefault();
        rememberChosenPlan(planId);
        open("signup", { planId });
      }}
    >
      {children}
    </Link>
  );
}
