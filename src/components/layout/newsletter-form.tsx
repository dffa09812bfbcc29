"use client";

import { type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { emailFieldError, NEWSLETTER_MESSAGES } from "~/lib/email-field";
import { NewsletterFields, type NewsletterState } from "./newsletter-fields";

/** The footer's newsletter box: validated here and on the server, stored once per address. */
export function NewsletterForm({
  initialEmail = "",
  focus = false,
  submitNow = false,
}: {
  initialEmail?: string;
  focus?: boolean;
  submitNow?: boolean;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<NewsletterState>("idle");
  const [message, setMessage] = useState("");

  // Sent before this code had loaded (./newsletter.tsx): sent now.
  const sentEarly = useRef(false);
  useEffect(() => {
    if (!submitNow || sentEarly.current) return;
    sentEarly.current = true;
    void submit();
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await submit();
  }

  async function submit() {
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
    <NewsletterFields
      email={email}
      error={error}
      state={state}
      message={message}
      autoFocus={focus}
      onSubmit={onSubmit}
      onChange={(e) => {
        setEmail(e.target.value);
        if (state === "done") setState("idle");
        // The input shows the message as soon as a typed value does not look like an email.
        if (error || e.target.value.includes("@")) setError(e.target.value.trim() ? emailFieldError(e.target.value) : null);
      }}
    />
  );
}
