"use client";

import type { ReactNode } from "react";
import { api } from "~/trpc/react";

const DEMO_MODE_TEXT = "Demo mode - no real charges";
export const GRACE_WARNING_MS = 8000;

/** A date in the user's language and time zone (useUserFormat().date): billing texts take it as an argument. */
export type FormatDate = (value: Date | string | null | undefined) => string;

export function useBillingConfig() {
  return api.billing.config.useQuery(undefined, { staleTime: Infinity });
}

/** Shown on every billing screen while the demo gateway runs. */
export function DemoModeBanner() {
  const config = useBillingConfig();
  if (config.data?.mode !== "demo") return null;
  return (
    <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      {DEMO_MODE_TEXT}
      <span className="block text-xs font-normal text-amber-800">
        Use Stripe test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
      </span>
    </p>
  );
}

export function BillingCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The message of a failed call: the server's text, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
