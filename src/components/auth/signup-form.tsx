"use client";

import Link from "next/link";
import { type FormEvent, useState } from "react";
import { runtimeTimeZone } from "~/lib/locale";
import { AUTH_MESSAGES, type SignupForm as SignupValues, signupFormSchema } from "~/lib/schemas/auth";
import { passwordSignIn } from "./password-sign-in";
import { SocialButtons } from "./social-buttons";

const AUTO_LOGIN_DELAY_MS = 1500;

const FIELDS: { name: keyof SignupValues; label: string; type: string; autoComplete: string }[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm password", type: "password", autoComplete: "new-password" },
];

export function SignupForm({ onSwitchToLogin }: { onSwitchToLogin: () => void }) {
  const [values, setValues] = useState<SignupValues>({
    firstName: "",
    lastName: "",
    email: "",
    password: "",
    confirmPassword: "",
  });
  const [state, setState] = useState<"idle" | "loading" | "success" | "failure">("idle");
  const [message, setMessage] = useState("");

  // After a refused submit the form's own rules are checked as the user types, so a message such as
  // "Passwords don't match" goes away as soon as it is no longer true.
  const [checking, setChecking] = useState(false);

  const allFilled = FIELDS.every(({ name }) => values[name].trim() !== "");
  const canSubmit = allFilled && state !== "loading" && state !== "success";

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const parsed = signupFormSchema.safeParse(values);
    if (!parsed.success) {
      setChecking(true);
      setState("failure");
      setMessage(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.signupFailed);
      return;
    }
    setChecking(false);
    setState("loading");
    setMessage("");
    try {
      const { confirmPassword: _confirm, ...body } = parsed.data;
      const response = await fetch("/api/auth/signup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        // The new profile's dates are shown in the zone this browser runs in.
        body: JSON.stringify({ ...body, timeZone: runtimeTimeZone() ?? undefined }),
      });
      if (!response.ok) {
        const data = (await response.json().catch(() => null)) as { error?: string } | null;
        setState("failure");
        setMessage(data?.error || AUTH_MESSAGES.signupFailed);
        return;
      }
      setState("success");
      setMessage(AUTH_MESSAGES.signupSuccess);
      setTimeout(async () => {
        if ((await passwordSignIn({ email: body.email, password: body.password })) === "ok") {
          window.location.reload();
        } else {
          setState("failure");
          setMessage(AUTH_MESSAGES.autoLoginFailed);
        }
      }, AUTO_LOGIN_DELAY_MS);
    } catch {
      setState("failure");
      setMessage(AUTH_MESSAGES.signupError);
    }
  }

  function change(name: keyof SignupValues, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (!checking) return;
    const parsed = signupFormSchema.safeParse(next);
    const problem = parsed.success ? "" : (parsed.error.issues[0]?.message ?? "");
    setMessage(problem);
    setState(problem ? "failure" : "idle");
    if (!problem) setChecking(false);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {FIELDS.slice(0, 2).map((field) => (
          <Field key={field.name} {...field} value={values[field.name]} onChange={(value) => change(field.name, value)} />
        ))}
      </div>
      {FIELDS.slice(2).map((field) => (
        <Field key={field.name} {...field} value={values[field.name]} onChange={(value) => change(field.name, value)} />
      ))}
      {message ? (
        <p
          role={state === "success" ? "status" : "alert"}
          className={`rounded-lg px-3 py-2 text-sm ${state === "success" ? "bg-green-50 text-green-800" : "bg-red-50 text-red-700"}`}
        >
          {message}
        </p>
      ) : null}
      <p className="text-xs text-slate-600">
        By signing up you agree to our{" "}
        <Link href="/terms" target="_blank" rel="noopener" className="font-medium text-brand-600 underline">
          Terms of Service<span className="sr-only"> (opens in a new tab)</span>
        </Link>{" "}
        and{" "}
        <Link href="/privacy" target="_blank" rel="noopener" className="font-medium text-brand-600 underline">
          Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
        </Link>
        .
      </p>
      <button type="submit" className="btn-primary w-full" disabled={!canSubmit}>
        {state === "loading" ? "Creating account..." : "Sign up"}
      </button>
      <SocialButtons mode="signup" />
      <p className="text-center text-sm text-slate-600">
        <button type="button" className="font-semibold text-brand-600 hover:underline" onClick={onSwitchToLogin}>
          Already have an account? Login
        </button>
      </p>
    </form>
  );
}

function Field(props: {
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `signup-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        className="field-input"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
