"use client";

import { type FormEvent, useState } from "react";
import { signIn } from "~/components/auth/sign-in-out";
import { Card } from "~/components/ui/card";
import { errorMessage, FormMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { AUTH_MESSAGES, changePasswordSchema } from "~/lib/schemas/auth";
import { api } from "~/trpc/react";

import { SessionsCard } from "./sessions-card";
import { TwoFactorCard } from "./two-factor-card";

const PROVIDER_LABELS = { google: "Google", linkedin: "LinkedIn" } as const;

export function SecurityTab({ email }: { email: string }) {
  const me = api.users.me.useQuery();
  const hasPassword = me.data?.hasPassword ?? true;
  return (
    <div className="space-y-6">
      {hasPassword ? <ChangePasswordCard /> : null}
      <PasswordByEmailCard email={email} hasPassword={hasPassword} />
      <TwoFactorCard hasPassword={hasPassword} />
      <SessionsCard />
      {me.data ? <LinkedSignInsCard linked={me.data.linkedProviders} emailVerified={me.data.emailVerified} /> : null}
    </div>
  );
}

/** Changing the password ends every other session; this one stays signed in. */
function ChangePasswordCard() {
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [error, setError] = useState("");
  const utils = api.useUtils();
  const change = api.users.changePassword.useMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError("");
    if (values.newPassword !== values.confirmPassword) return setError(AUTH_MESSAGES.passwordsDontMatch);
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid password");
    try {
      await change.mutateAsync(parsed.data);
    } catch (e) {
      return setError(errorMessage(e, "Failed to change your password. Please try again."));
    }
    setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
    void utils.users.sessions.invalidate();
    toast.success("Password changed. Other devices have been signed out.");
  }

  const input = (name: keyof typeof values, label: string, autoComplete: string) => (
    <div>
      <label htmlFor={`security-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`security-${name}`}
        type="password"
        autoComplete={autoComplete}
        className="field-input"
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
    </div>
  );
  const filled = Object.values(values).every((v) => v !== "");
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label="Change password"
    >
      <h2 className="text-lg font-semibold">Change password</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        {input("currentPassword", "Current password", "current-password")}
        {input("newPassword", "New password", "new-password")}
        {input("confirmPassword", "Confirm new password", "new-password")}
      </div>
      {error ? (
        <FormMessage kind="error" className="mt-3">
          {error}
        </FormMessage>
      ) : null}
      <button type="submit" className="btn-primary mt-4" disabled={!filled || change.isPending}>
        {change.isPending ? "Changing..." : "Change password"}
      </button>
    </form>
  );
}

/** A reset link by mail: for a forgotten current password, or to give a social-only account a password. */
function PasswordByEmailCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const send = api.auth.forgotPassword.useMutation({
    onSuccess: () => toast.success(`We sent a link to ${email}. It works for one hour.`),
    onError: (error) => toast.error(errorMessage(error, "Failed to send the link. Please try again.")),
  });
  return (
    <Card title={hasPassword ? "Password reset by email" : "Password"}>
      <p className="mt-2 text-sm text-slate-600">
        {hasPassword
          ? `Forgot your current password? We can send a link to ${email} to choose a new one. Every session ends when you use it.`
          : `You sign in with Google or LinkedIn, so your account has no password. To add one, we can send a link to ${email}.`}
      </p>
      <button
        type="button"
        className="btn-secondary mt-4"
        disabled={send.isPending || send.isSuccess}
        onClick={() => send.mutate({ email })}
      >
        {send.isPending
          ? "Sending..."
          : send.isSuccess
            ? "Link sent"
            : hasPassword
              ? "Email me a reset link"
              : "Email me a link to set a password"}
      </button>
    </Card>
  );
}

/** Google and LinkedIn sign-in linked to this account (only the providers this site has settings for). */
function LinkedSignInsCard({ linked, emailVerified }: { linked: string[]; emailVerified: boolean }) {
  const providers = api.auth.providers.useQuery();
  const configured = (Object.keys(PROVIDER_LABELS) as (keyof typeof PROVIDER_LABELS)[]).filter((id) => providers.data?.[id]);
  if (configured.length === 0) return null;
  return (
    <Card title="Linked sign-ins">
      <p className="mt-2 text-sm text-slate-600">Link an account to sign in with it instead of your password.</p>
      {!emailVerified ? (
        <FormMessage kind="info" className="mt-3">
          Verify your email address first: open the link we sent you, or use “Resend” in the banner above.
        </FormMessage>
      ) : null}
      <ul className="mt-4 space-y-2">
        {configured.map((id) => (
          <li key={id} className="flex items-center justify-between gap-3 text-sm">
            <span className="font-semibold">{PROVIDER_LABELS[id]}</span>
            {linked.includes(id) ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Linked</span>
            ) : (
              <button
                type="button"
                className="btn-secondary"
                disabled={!emailVerified}
                onClick={() =>
                  signIn(id, { callbackUrl: `${window.location.origin}/profile?tab=security` }).catch(() =>
                    toast.error(`Failed to link ${PROVIDER_LABELS[id]}. Please try again.`),
                  )
                }
              >
                Link {PROVIDER_LABELS[id]}
              </button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
