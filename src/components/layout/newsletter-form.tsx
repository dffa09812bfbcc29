"use client";

import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { emailFieldError, NEWSLETTER_MESSAGES } from "~/lib/email-field";

/** The footer's newsletter box: validated here and on the server, stored once per address. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "done">("idle");
  const [message, setMessage] = useState("");

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = emailFieldError(email);
    setError(problem);
    if (problem) return;
    setState("loading");
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: email.trim() }),
      });
      const data = (await response.json().catch(() => null)) as { message?: string; error?: string } | null;
      if (!response.ok) throw new Error(data?.error ?? String(response.status));
      // Double opt-in: the server says what happens next (a confirmation mail), not "subscribed".
      setMessage(data?.message ?? NEWSLETTER_MESSAGES.success);
      setState("done");
      setEmail("");
      toast.success(data?.message ?? NEWSLETTER_MESSAGES.success);
    } catch {
      setState("idle");
      toast.error(NEWSLETTER_MESSAGES.failure);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label="Newsletter">
      <label htmlFor="newsletter-email" className="text-sm font-semibold text-white">Newsletter</label>
      <p className="text-sm text-slate-400">Deadlines, visa rule changes and new guides, about twice a month.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-error" : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            if (state === "done") setState("idle");
            // The input shows the message as soon as a typed value does not look like an email.
            if (error || e.target.value.includes("@")) setError(e.target.value.trim() ? emailFieldError(e.target.value) : null);
          }}
          className="w-full rounded-lg border border-slate-600 bg-slate-800 px-3 py-2 text-sm text-white placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
        />
        <button type="submit" className="btn-primary shrink-0" disabled={state === "loading"}>
          {state === "loading" ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      {error ? <p id="newsletter-error" role="alert" className="text-sm text-red-300">{error}</p> : null}
      {state === "done" ? <p role="status" className="text-sm text-green-300">{message}</p> : null}
    </form>
  );
}
