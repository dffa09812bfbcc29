import type { ChangeEvent, FormEvent } from "react";

export type NewsletterState = "idle" | "loading" | "done";

/**
 * The footer's newsletter form as it looks; the server draws it without behaviour until the visitor
 * comes near it, then ./newsletter-form.tsx takes over (./newsletter.tsx).
 */
export function NewsletterFields({
  email,
  error = null,
  state = "idle",
  message = "",
  autoFocus,
  onChange,
  onSubmit,
}: {
  email?: string;
  autoFocus?: boolean;
  error?: string | null;
  state?: NewsletterState;
  message?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onSubmit?: (event: FormEvent) => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label="Newsletter">
      <label htmlFor="newsletter-email" className="text-sm font-semibold text-white">
        Newsletter
      </label>
      <p className="text-sm text-slate-400">Deadlines, visa rule changes and new guides, about twice a month.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          // biome-ignore lint/a11y/noAutofocus: only where the caller opened a dialog for this field
          autoFocus={autoFocus}
          placeholder="you@example.com"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-error" : undefined}
          onChange={onChange}
          className="w-full rounded-lg border border-slate-600 bg-slate-800 px-3 py-2 text-sm text-white placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
        />
        <button type="submit" className="btn-primary shrink-0" disabled={state === "loading"}>
          {state === "loading" ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      {error ? (
        <p id="newsletter-error" role="alert" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
      {state === "done" ? (
        <p role="status" className="text-sm text-green-300">
          {message}
        </p>
      ) : null}
    </form>
  );
}
