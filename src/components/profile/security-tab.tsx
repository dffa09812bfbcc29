"use client";

import { signIn, signOut } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { AUTH_MESSAGES, changePasswordSchema } from "~/lib/schemas/auth";
import { api } from "~/trpc/react";

export const COMING_SOON = {
  twoFactor: "Two-factor authentication setup is coming soon.",
  sessions: "Session management is coming soon.",
  passwordReset: "Password reset by email is coming soon.",
} as const;

/** Both actions end every session; the current browser signs in again with the (new) password. */
async function signInAgain(email: string, password: string) {
  const result = await signIn("credentials", { email, password, redirect: false }).catch(() => null);
  if (!result?.ok || result.error) {
    await signOut({ callbackUrl: "/" });
    return false;
  }
  return true;
}

export function SecurityTab({ email, twoFactor }: { email: string; twoFactor: "enabled" | "disabled" }) {
  const me = api.users.me.useQuery();
  const hasPassword = me.data?.hasPassword ?? true;
  return (
    <div className="space-y-6">
      {hasPassword ? <ChangePasswordCard email={email} /> : (
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="text-lg font-semibold">Password</h2>
          <p className="mt-2 text-sm text-slate-600">You sign in with Google or LinkedIn, so your account has no password.</p>
        </section>
      )}
      <SignOutOthersCard email={email} hasPassword={hasPassword} />
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="More security">
        <h2 className="text-lg font-semibold">More security</h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <div><dt className="text-slate-500">Two-factor authentication</dt><dd className="font-semibold">{twoFactor === "enabled" ? "Enabled" : "Disabled"}</dd></div>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={() => toast.info(COMING_SOON.twoFactor)}>Set up 2FA</button>
          <button type="button" className="btn-secondary" onClick={() => toast.info(COMING_SOON.sessions)}>Manage sessions</button>
          <button type="button" className="btn-secondary" onClick={() => toast.info(COMING_SOON.passwordReset)}>Reset password by email</button>
        </div>
      </section>
    </div>
  );
}

function ChangePasswordCard({ email }: { email: string }) {
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [error, setError] = useState("");
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
      return setError(e instanceof Error ? e.message : "Failed to change your password. Please try again.");
    }
    setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
    // The change ended every session, this one too: sign this browser in again with the new password.
    if (await signInAgain(email, parsed.data.newPassword)) toast.success("Password changed. Other devices have been signed out.");
  }

  const input = (name: keyof typeof values, label: string, autoComplete: string) => (
    <div>
      <label htmlFor={`security-${name}`} className="field-label">{label}</label>
      <input id={`security-${name}`} type="password" autoComplete={autoComplete} className="field-input" value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
    </div>
  );
  const filled = Object.values(values).every((v) => v !== "");
  return (
    <form onSubmit={onSubmit} noValidate className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Change password">
      <h2 className="text-lg font-semibold">Change password</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        {input("currentPassword", "Current password", "current-password")}
        {input("newPassword", "New password", "new-password")}
        {input("confirmPassword", "Confirm new password", "new-password")}
      </div>
      {error ? <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p> : null}
      <button type="submit" className="btn-primary mt-4" disabled={!filled || change.isPending}>{change.isPending ? "Changing..." : "Change password"}</button>
    </form>
  );
}

function SignOutOthersCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [password, setPassword] = useState("");
  const everywhere = api.users.signOutEverywhere.useMutation();
  async function run() {
    try {
      await everywhere.mutateAsync();
    } catch {
      return toast.error("Failed to sign out other sessions. Please try again.");
    }
    if (hasPassword && (await signInAgain(email, password))) {
      setPassword("");
      toast.success("All other sessions have been signed out.");
    } else if (!hasPassword) {
      await signOut({ callbackUrl: "/" });
    }
  }
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Sessions">
      <h2 className="text-lg font-semibold">Sessions</h2>
      <p className="mt-2 text-sm text-slate-600">
        Sign out on every other device and browser. {hasPassword ? "Confirm with your password to stay signed in here." : "You will need to sign in again here too."}
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        {hasPassword ? (
          <div className="sm:w-72">
            <label htmlFor="security-session-password" className="field-label">Password</label>
            <input id="security-session-password" type="password" autoComplete="current-password" className="field-input" value={password} onChange={(e) => setPassword(e.target.value)} />
          </div>
        ) : null}
        <button type="button" className="btn-secondary" disabled={everywhere.isPending || (hasPassword && password === "")} onClick={run}>
          {everywhere.isPending ? "Signing out..." : "Sign out of all other sessions"}
        </button>
      </div>
    </section>
  );
}
