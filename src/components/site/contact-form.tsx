"use client";

import { type FormEvent, useState } from "react";
import { useSession } from "~/components/auth/session";
import { toast } from "~/components/ui/toast";
import { fieldErrors } from "~/lib/schemas/common";
import { CONTACT_MESSAGES, CONTACT_SUBJECTS, type ContactInput, type ContactOrigin, contactSchema } from "~/lib/schemas/site";
import { api } from "~/trpc/react";

type Field = Exclude<keyof ContactInput, "origin">;

/**
 * The contact form: validated with the same schema as the server, stored as a contact message with
 * the page that sent the writer here (`origin`: the partner links of /institutes and /business).
 */
export function ContactForm({ defaultSubject, origin = "contact" }: { defaultSubject?: string; origin?: ContactOrigin }) {
  const { data: session } = useSession();
  const initialSubject = (CONTACT_SUBJECTS as readonly string[]).includes(defaultSubject ?? "") ? defaultSubject! : CONTACT_SUBJECTS[0];
  const [values, setValues] = useState<Record<Field, string>>({
    name: "",
    email: "",
    subject: initialSubject,
    message: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState(false);
  const send = api.site.sendContactMessage.useMutation();

  // Signed-in users get their name and email filled in once the session is known.
  const name = values.name || (session?.user.name ?? "");
  const email = values.email || (session?.user.email ?? "");

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = contactSchema.safeParse({ ...values, name, email, origin });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
      setSent(true);
      setValues({ name: "", email: "", subject: initialSubject, message: "" });
      toast.success(CONTACT_MESSAGES.success);
    } catch {
      toast.error(CONTACT_MESSAGES.failure);
    }
  }

  if (sent) {
    return (
      <div role="status" className="rounded-2xl border border-green-200 bg-green-50 p-6 text-green-900">
        <p>{CONTACT_MESSAGES.success}</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => setSent(false)}>
          Send another message
        </button>
      </div>
    );
  }

  const fieldProps = (field: Field) => ({
    id: `contact-${field}`,
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `contact-${field}-error` : undefined,
  });
  const errorFor = (field: Field) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      aria-label="Contact form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="field-label">
            Name
          </label>
          <input
            {...fieldProps("name")}
            className="field-input"
            autoComplete="name"
            value={name}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
          />
          {errorFor("name")}
        </div>
        <div>
          <label htmlFor="contact-email" className="field-label">
            Email
          </label>
          <input
            {...fieldProps("email")}
            type="email"
            className="field-input"
            autoComplete="email"
            value={email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
          />
          {errorFor("email")}
        </div>
      </div>
      <div>
        <label htmlFor="contact-subject" className="field-label">
          Subject
        </label>
        <select
          {...fieldProps("subject")}
          className="field-input"
          value={values.subject}
          onChange={(e) => setValues({ ...values, subject: e.target.value })}
        >
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="contact-message" className="field-label">
          Message
        </label>
        <textarea
          {...fieldProps("message")}
          rows={6}
          className="field-input"
          value={values.message}
          onChange={(e) => setValues({ ...values, message: e.target.value })}
        />
        {errorFor("message")}
      </div>
      <button type="submit" className="btn-primary" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send message"}
      </button>
    </form>
  );
}
