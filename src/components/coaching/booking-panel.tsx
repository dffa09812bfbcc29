"use client";

import { type FormEvent, useState } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { useSession } from "~/components/auth/session";
import { PlanMessage } from "~/components/services/plan-message";
import { PlanAllowance } from "~/components/services/service-request-panel";
import { FormMessage, TextAreaField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { bookingSchema, COACHING_MESSAGES } from "~/lib/schemas/coaching";
import { api } from "~/trpc/react";
import { SlotPicker } from "./slot-picker";

/** Booking a 1-on-1 session on /services/consultation: what the plan allows, then coach, slot, topic and documents. */
export function CoachingBookingPanel() {
  const { status } = useSession();
  const { open } = useAuthModal();
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="booking-title">
      <h2 id="booking-title" className="text-lg font-semibold">
        Book a coaching session
      </h2>
      {status === "loading" ? <p className="mt-3 text-sm text-slate-500">Loading...</p> : null}
      {status === "unauthenticated" ? (
        <div className="mt-3">
          <p className="text-sm text-slate-600">Log in to book a session and follow it here.</p>
          <button type="button" className="btn-primary mt-4" onClick={() => open("login")}>
            Log in to book
          </button>
        </div>
      ) : null}
      {status === "authenticated" ? <SignedInBooking /> : null}
    </section>
  );
}

function SignedInBooking() {
  const usage = api.services.usage.useQuery({ service: "consultation" });
  if (usage.isPending) return <p className="mt-3 text-sm text-slate-500">Loading...</p>;
  if (!usage.data)
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        Failed to load your plan. Please try again.
      </p>
    );
  return (
    <div className="mt-3 space-y-4">
      <PlanAllowance usage={usage.data} serviceName="Consultation">
        <BookingForm />
      </PlanAllowance>
    </div>
  );
}

function BookingForm() {
  const utils = api.useUtils();
  const coaches = api.coaching.coaches.useQuery();
  const documents = api.coaching.documents.useQuery();
  const [coachId, setCoachId] = useState<string>("");
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [topic, setTopic] = useState("");
  const [documentIds, setDocumentIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ coachId?: string; startsAt?: string; topic?: string; form?: string }>({});
  const book = api.coaching.book.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { coachId, startsAt: startsAt ?? "", topic, documentIds };
    const parsed = bookingSchema.safeParse(input);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] as "coachId" | "startsAt" | "topic"] ??= issue.path[0] === "coachId" ? "Choose a coach" : issue.message;
      return setErrors(next);
    }
    setErrors({});
    try {
      await book.mutateAsync(input);
      toast.success(COACHING_MESSAGES.booked);
      setStartsAt(null);
      setTopic("");
      setDocumentIds([]);
    } catch (error) {
      setErrors({ form: error instanceof Error ? error.message : "Failed to book the session. Please try again." });
    } finally {
      await Promise.all([utils.coaching.slots.invalidate(), utils.coaching.sessions.invalidate(), utils.services.usage.invalidate()]);
    }
  }

  if (coaches.isPending) return <p className="text-sm text-slate-500">Loading coaches...</p>;
  if (!coaches.data?.length)
    return <p className="text-sm text-slate-600">No coach has published hours yet. Please look again in a few days.</p>;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Book a session">
      <div>
        <label htmlFor="booking-coach" className="field-label">
          Coach
        </label>
        <select
          id="booking-coach"
          className="field-input"
          value={coachId}
          aria-invalid={errors.coachId ? true : undefined}
          aria-describedby={errors.coachId ? "booking-coach-error" : undefined}
          onChange={(event) => {
            setCoachId(event.target.value);
            setStartsAt(null);
          }}
        >
          <option value="">Choose a coach</option>
          {coaches.data.map((coach) => (
            <option key={coach.id} value={coach.id}>
              {coach.displayName}
              {coach.subjects.length ? ` (${coach.subjects.join(", ")})` : ""}
            </option>
          ))}
        </select>
        {errors.coachId ? (
          <p id="booking-coach-error" className="mt-1 text-sm text-red-700">
            {errors.coachId}
          </p>
        ) : null}
      </div>
      {coachId ? <SlotPicker coachId={coachId} value={startsAt} onChange={setStartsAt} idPrefix="booking" /> : null}
      {errors.startsAt ? <p className="text-sm text-red-700">{errors.startsAt}</p> : null}
      <TextAreaField
        id="booking-topic"
        label="Topic"
        rows={3}
        maxLength={300}
        value={topic}
        error={errors.topic}
        hint="What should the coach prepare for?"
        onChange={(event) => setTopic(event.target.value)}
      />
      <fieldset>
        <legend className="field-label">Documents to share (optional)</legend>
        {documents.data?.length ? (
          <ul className="space-y-1">
            {documents.data.map((document) => (
              <li key={document.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={documentIds.includes(document.id)}
                    onChange={(event) =>
                      setDocumentIds(event.target.checked ? [...documentIds, document.id] : documentIds.filter((id) => id !== document.id))
                    }
                  />
                  {document.name}
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">You have no documents yet: upload them in your profile to share them with your coach.</p>
        )}
      </fieldset>
      {errors.form ? (
        <FormMessage kind="error">
          <PlanMessage message={errors.form} />
        </FormMessage>
      ) : null}
      <button type="submit" className="btn-primary" disabled={book.isPending}>
        {book.isPending ? "Booking..." : "Book session"}
      </button>
    </form>
  );
}
