"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { AUTH_MESSAGES, confirmTwoFactorSchema, forgotPasswordSchema } from "~/lib/schemas/auth";
import { api } from "~/trpc/react";
import { passwordSignIn, type SignInOutcome } from "./password-sign-in";
import { SocialButtons } from "./social-buttons";

export type LoginView = "password" | "forgot";

const OUTCOME_MESSAGES: Record<Exclude<SignInOutcome, "ok" | "codeRequired">, string> = {
  throttled: AUTH_MESSAGES.tooManyAttempts,
  codeInvalid: AUTH_MESSAGES.twoFactorInvalid,
  invalid: AUTH_MESSAGES.loginFailed,
  failed: AUTH_MESSAGES.loginError,
};

/**
 * The login modal's content: email and password; then, for accounts with two-factor sign-in, the
 * code; and "Forgot password?". A successful sign-in reloads the page.
 */
export function LoginForm({
  onSwitchToSignup,
  initialView = "password",
  notice = null,
}: {
  onSwitchToSignup: () => void;
  initialView?: LoginView;
  notice?: string | null;
}) {
  const [view, setView] = useState<LoginView | "code">(initialView);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [state, setState] = useState<"idle" | "loading" | "success" | "failure">("idle");
  const [error, setError] = useState(notice ?? "");

  const canSubmit = email.trim() !== "" && password !== "" && state !== "loading";

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setState("loading");
    setError("");
    const outcome = await passwordSignIn({ email: email.trim(), password });
    if (outcome === "ok") {
      setState("success");
      window.location.reload();
    } else if (outcome === "codeRequired") {
      setState("idle");
      setView("code");
    } else {
      setState("failure");
      setError(OUTCOME_MESSAGES[outcome]);
    }
  }

  if (view === "code") {
    return <CodeStep email={email.trim()} password={password} onBack={() => setView("password")} />;
  }
  if (view === "forgot") {
    return <ForgotPasswordForm initialEmail={email.trim()} onBack={() => setView("password")} />;
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div>
        <label htmlFor="login-email" className="field-label">
          Email
        </label>
        <input
          id="login-email"
          type="email"
          autoComplete="email"
          className="field-input"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="login-password" className="field-label">
          Password
        </label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          className="field-input"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="mt-1 text-right">
          <button type="button" className="text-sm font-medium text-brand-600 hover:underline" onClick={() => setView("forgot")}>
            Forgot password?
          </button>
        </div>
      </div>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
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

/** The second step: the authenticator's 6-digit code or a recovery code, then the same sign-in again. */
function CodeStep({ email, password, onBack }: { email: string; password: string; onBack: () => void }) {
  const [error, setError] = useState("");
  const form = useForm({ resolver: zodResolver(confirmTwoFactorSchema), defaultValues: { code: "" } });
  const { isSubmitting, errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError("");
    const outcome = await passwordSignIn({ email, password, code });
    if (outcome === "ok") return window.location.reload();
    setError(outcome === "codeRequired" ? AUTH_MESSAGES.twoFactorRequired : OUTCOME_MESSAGES[outcome]);
    form.setValue("code", "");
    form.setFocus("code");
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Two-factor code">
      <p className="text-sm text-slate-700">{AUTH_MESSAGES.twoFactorRequired} Lost your phone? Enter one of your recovery codes instead.</p>
      <TextField
        id="login-code"
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        placeholder="123456"
        error={errors.code?.message}
        {...form.register("code")}
      />
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? "Checking..." : "Verify and log in"}
      </button>
      <p className="text-center text-sm">
        <button type="button" className="font-medium text-brand-600 hover:underline" onClick={onBack}>
          Back to email and password
        </button>
      </p>
    </form>
  );
}

/** "Forgot password?": the same answer whether or not an account exists for the address. */
function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const request = api.auth.forgotPassword.useMutation();
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: initialEmail } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => request.mutate(values));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Reset your password">
      <p className="text-sm text-slate-700">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      {request.data ? <FormMessage kind="success">{request.data.message}</FormMessage> : null}
      {request.error ? (
        <FormMessage kind="error">{errorMessage(request.error, "Failed to send the link. Please try again.")}</FormMessage>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={request.isPending}>
        {request.isPending ? "Sending..." : "Send reset link"}
      </button>
      <p className="text-center text-sm">
        <button type="button" className="font-medium text-brand-600 hover:underline" onClick={onBack}>
          Back to login
        </button>
      </p>
    </form>
  );
}
