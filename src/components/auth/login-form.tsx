"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { AUTH_MESSAGES } from "~/lib/schemas/auth";
import { SocialButtons } from "./social-buttons";

export function LoginForm({ onSwitchToSignup }: { onSwitchToSignup: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [state, setState] = useState<"idle" | "loading" | "success" | "failure">("idle");
  const [error, setError] = useState("");

  const canSubmit = email.trim() !== "" && password !== "" && state !== "loading";

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setState("loading");
    setError("");
    try {
      const result = await signIn("credentials", { email: email.trim(), password, redirect: false });
      if (result?.ok && !result.error) {
        setState("success");
        window.location.reload();
        return;
      }
      setState("failure");
      setError(result?.status === 429 ? AUTH_MESSAGES.tooManyAttempts : AUTH_MESSAGES.loginFailed);
    } catch {
      setState("failure");
      setError(AUTH_MESSAGES.loginError);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div>
        <label htmlFor="login-email" className="field-label">Email</label>
        <input id="login-email" type="email" autoComplete="email" className="field-input" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div>
        <label htmlFor="login-password" className="field-label">Password</label>
        <input id="login-password" type="password" autoComplete="current-password" className="field-input" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      {error ? <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p> : null}
      <button type="submit" className="btn-primary w-full" disabled={!canSubmit}>
        {state === "loading" ? "Logging in..." : "Login"}
      </button>
      <SocialButtons mode="login" />
      <p className="text-center text-sm text-slate-600">
        <button type="button" className="font-semibold text-brand-600 hover:underline" onClick={onSwitchToSignup}>
          Don&apos;t have an account? Sign up
        </button>
      </p>
    </form>
  );
}
