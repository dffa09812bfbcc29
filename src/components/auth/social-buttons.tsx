"use client";

import { signIn } from "~/components/auth/sign-in-out";
import { toast } from "~/components/ui/toast";
import { api } from "~/trpc/react";

const LABELS = { google: "Google", linkedin: "LinkedIn" } as const;

/** Google and LinkedIn sign-in, shown only for the providers the server has settings for. */
export function SocialButtons({ mode }: { mode: "login" | "signup" }) {
  const providers = api.auth.providers.useQuery();
  const enabled = (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter((id) => providers.data?.[id]);
  if (enabled.length === 0) return null;
  return (
    <div className="mt-4 space-y-2">
      <div className="text-center text-xs uppercase tracking-wide text-slate-400">or</div>
      {enabled.map((id) => (
        <button
          key={id}
          type="button"
          className="btn-secondary w-full"
          onClick={async () => {
            try {
              // Back to this page (a guest's chat continues there); the server keeps it on this site.
              await signIn(id, { callbackUrl: window.location.href });
            } catch {
              toast.error(`Failed to ${mode === "login" ? "login" : "sign up"} with ${LABELS[id]}`);
            }
          }}
        >
          Continue with {LABELS[id]}
        </button>
      ))}
    </div>
  );
}
