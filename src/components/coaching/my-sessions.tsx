"use client";

import { useState } from "react";
import { useSession } from "~/components/auth/session";
import { FormMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { COACHING_MESSAGES } from "~/lib/schemas/coaching";
import { CHANGE_DEADLINE_HOURS } from "~/lib/schemas/service-work";
import { api, type RouterOutputs } from "~/trpc/react";
import { SlotPicker } from "./slot-picker";

type Session = RouterOutputs["coaching"]["sessions"]["upcoming"][number];

/**
 * The student's coaching sessions: upcoming ones (move or cancel up to 24 hours before), past ones
 * with the coach's summary and next steps. Shows nothing to a visitor who is not signed in.
 */
export function MySessions() {
  const { status } = useSession();
  const sessions = api.coaching.sessions.useQuery(undefined, { enabled: status === "authenticated" });
  if (status !== "authenticated") return null;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="my-sessions-title">
      <h2 id="my-sessions-title" className="text-lg font-semibold">
        Your coaching sessions
      </h2>
      {sessions.isPending ? <p className="mt-3 text-sm text-slate-500">Loading...</p> : null}
      {sessions.error ? (
        <FormMessage kind="error" className="mt-3">
          {sessions.error.message}
        </FormMessage>
      ) : null}
      {sessions.data ? (
        <>
          <p className="mt-1 text-xs text-slate-500">Times in your time zone: {sessions.data.zoneLabel}.</p>
          <h3 className="mt-4 text-base font-semibold">Upcoming</h3>
          {sessions.data.upcoming.length ? (
            <ul className="mt-2 space-y-3" aria-label="Upcoming sessions">
              {sessions.data.upcoming.map((session) => (
                <UpcomingSession key={session.id} session={session} />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-500">No upcoming sessions.</p>
          )}
          <h3 className="mt-5 text-base font-semibold">Past</h3>
          {sessions.data.past.length ? (
            <ul className="mt-2 space-y-3" aria-label="Past sessions">
              {sessions.data.past.map((session) => (
                <PastSession key={session.id} session={session} />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-500">No past sessions yet.</p>
          )}
        </>
      ) : null}
    </section>
  );
}

function SessionFacts({ session }: { session: Session }) {
  return (
    <>
      <p className="font-semibold">{session.when}</p>
      <p className="mt-1">With {session.coachName}</p>
      <p className="mt-1 break-words">
        <span className="text-slate-500">Topic:</span> {session.topic}
      </p>
      {session.documents.length ? (
        <p className="mt-1 break-words">
          <span className="text-slate-500">Shared:</span> {session.documents.map((document) => document.name).join(", ")}
        </p>
      ) : null}
    </>
  );
}

function UpcomingSession({ session }: { session: Session }) {
  const utils = api.useUtils();
  const [mode, setMode] = useState<"view" | "move" | "cancel">("view");
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([utils.coaching.sessions.invalidate(), utils.coaching.slots.invalidate(), utils.services.usage.invalidate()]);
  const cancel = api.coaching.cancel.useMutation({
    onSuccess: () => toast.success(COACHING_MESSAGES.cancelled),
    onError: (failure) => setError(failure.message),
    onSettled: refresh,
  });
  const move = api.coaching.reschedule.useMutation({
    onSuccess: () => {
      toast.success(COACHING_MESSAGES.rescheduled);
      setMode("view");
    },
    onError: (failure) => setError(failure.message),
    onSettled: refresh,
  });
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm">
      <SessionFacts session={session} />
      <p className="mt-1 break-all">
        <span className="text-slate-500">Meeting link:</span>{" "}
        {session.meetingLink ? (
          <a className="font-medium text-brand-700 underline" href={session.meetingLink} target="_blank" rel="noreferrer">
            {session.meetingLink}
          </a>
        ) : (
          "your coach adds it before the session"
        )}
      </p>
      {error ? (
        <FormMessage kind="error" className="mt-2">
          {error}
        </FormMessage>
      ) : null}
      {!session.canChange ? (
        <p className="mt-2 text-xs text-slate-500">
          Sessions can be moved or cancelled up to {CHANGE_DEADLINE_HOURS} hours before they start.
        </p>
      ) : mode === "view" ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => setMode("move")}>
            Reschedule
          </button>
          <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => setMode("cancel")}>
            Cancel session
          </button>
        </div>
      ) : mode === "cancel" ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3">
          <p>Cancel this session? The slot becomes free and the request no longer counts this month.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary px-3 py-1.5 text-sm"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate({ bookingId: session.id })}
            >
              Yes, cancel it
            </button>
            <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => setMode("view")}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
          <SlotPicker coachId={session.coachId} value={startsAt} onChange={setStartsAt} idPrefix={`move-${session.id}`} />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary px-3 py-1.5 text-sm"
              disabled={!startsAt || move.isPending}
              onClick={() => startsAt && move.mutate({ bookingId: session.id, startsAt })}
            >
              Move session
            </button>
            <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => setMode("view")}>
              Keep the time
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

const PAST_STATUS: Record<Session["status"], string> = {
  booked: "Waiting for the coach's summary",
  cancelled: "Cancelled",
  completed: "Completed",
};

function PastSession({ session }: { session: Session }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm">
      <SessionFacts session={session} />
      <p className="mt-1 text-slate-600">{PAST_STATUS[session.status]}</p>
      {session.summary ? (
        <div className="mt-2 rounded-lg bg-slate-50 p-3">
          <p className="font-semibold">Summary</p>
          <p className="whitespace-pre-line">{session.summary}</p>
          <p className="mt-2 font-semibold">Next steps</p>
          <p className="whitespace-pre-line">{session.nextSteps}</p>
        </div>
      ) : null}
    </li>
  );
}
