"use client";

import { type FormEvent, useState } from "react";
import { DatePicker } from "~/components/ui/date-picker";
import { errorMessage, FormMessage, TextAreaField, TextField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import {
  availabilityExceptionSchema,
  coachTimeZoneSchema,
  hhmmOf,
  ISO_WEEKDAYS,
  meetingLinkSchema,
  sessionSummarySchema,
  WEEKDAY_LABELS,
  weeklyHoursSchema,
} from "~/lib/schemas/coaching";
import { api, type RouterOutputs } from "~/trpc/react";

type Schedule = NonNullable<RouterOutputs["admin"]["coaching"]["schedule"]>;
type Session = RouterOutputs["admin"]["coaching"]["sessions"]["upcoming"][number];
type RangeText = { start: string; end: string };

const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? "Please check the form.";

/** The coach's own page: time zone, weekly hours, dates that differ, and sessions with students. */
export function MyCoaching() {
  const schedule = api.admin.coaching.schedule.useQuery({});
  if (schedule.isPending) return <p className="text-sm text-slate-500">Loading...</p>;
  if (schedule.error) return <FormMessage kind="error">{schedule.error.message}</FormMessage>;
  if (!schedule.data) {
    return (
      <div role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-700">
        <p className="font-semibold">Your account is not a coach.</p>
        <p className="mt-2">
          Coaches publish their hours here and see their sessions with students. An admin or staff who manage coaches can make you one in
          Coaches.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <TimeZoneCard schedule={schedule.data} />
      <WeeklyHoursCard key={JSON.stringify(schedule.data.availability)} schedule={schedule.data} />
      <ExceptionsCard schedule={schedule.data} />
      <CoachSessions timeZone={schedule.data.timeZone} />
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function TimeZoneCard({ schedule }: { schedule: Schedule }) {
  const utils = api.useUtils();
  const [zone, setZone] = useState(schedule.timeZone);
  const save = api.admin.coaching.setTimeZone.useMutation({
    onSuccess: () => toast.success("Time zone saved."),
    onError: (error) => toast.error(error.message),
    onSettled: () => utils.admin.coaching.invalidate(),
  });
  const zones = Intl.supportedValuesOf("timeZone");
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = coachTimeZoneSchema.safeParse({ timeZone: zone });
    if (!parsed.success) return toast.error(firstIssue(parsed.error));
    save.mutate(parsed.data);
  }
  return (
    <Card title="Time zone" id="coach-zone-title">
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-80">
          <label htmlFor="coach-zone" className="field-label">
            Your hours are in
          </label>
          <select id="coach-zone" className="field-input" value={zone} onChange={(event) => setZone(event.target.value)}>
            {(zones.includes(zone) ? zones : [zone, ...zones]).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          Save time zone
        </button>
      </form>
      <p className="mt-2 text-xs text-slate-500">
        Students see your slots in their own time zone; your hours follow daylight saving in yours.
      </p>
    </Card>
  );
}

function WeeklyHoursCard({ schedule }: { schedule: Schedule }) {
  const utils = api.useUtils();
  const [days, setDays] = useState<Record<number, RangeText[]>>(() =>
    Object.fromEntries(
      ISO_WEEKDAYS.map((weekday) => [
        weekday,
        schedule.availability
          .filter((row) => row.weekday === weekday)
          .map((row) => ({ start: hhmmOf(row.startMinute), end: hhmmOf(row.endMinute) })),
      ]),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const save = api.admin.coaching.setWeeklyHours.useMutation({
    onSuccess: () => toast.success("Weekly hours saved."),
    onError: (failure) => setError(failure.message),
    onSettled: () => utils.admin.coaching.invalidate(),
  });
  const update = (weekday: number, ranges: RangeText[]) => setDays({ ...days, [weekday]: ranges });
  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { days: ISO_WEEKDAYS.map((weekday) => ({ weekday, ranges: days[weekday] ?? [] })) };
    const parsed = weeklyHoursSchema.safeParse(input);
    if (!parsed.success)
      return setError(`${WEEKDAY_LABELS[ISO_WEEKDAYS[Number(parsed.error.issues[0]?.path[1] ?? 0)]!]}: ${firstIssue(parsed.error)}`);
    setError(null);
    save.mutate(input);
  }
  return (
    <Card title="Weekly hours" id="coach-hours-title">
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="Weekly hours">
        {ISO_WEEKDAYS.map((weekday) => (
          <RangesEditor
            key={weekday}
            label={WEEKDAY_LABELS[weekday]!}
            ranges={days[weekday] ?? []}
            onChange={(ranges) => update(weekday, ranges)}
          />
        ))}
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          Save weekly hours
        </button>
      </form>
    </Card>
  );
}

/** One day's ranges: from and until times, with add and remove. */
function RangesEditor({ label, ranges, onChange }: { label: string; ranges: RangeText[]; onChange: (ranges: RangeText[]) => void }) {
  const set = (index: number, patch: Partial<RangeText>) =>
    onChange(ranges.map((range, at) => (at === index ? { ...range, ...patch } : range)));
  return (
    <fieldset className="rounded-lg border border-slate-100 p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {ranges.length === 0 ? <p className="text-sm text-slate-500">Not available</p> : null}
      <ul className="space-y-2">
        {ranges.map((range, index) => (
          <li key={index} className="flex flex-wrap items-center gap-2 text-sm">
            <input
              type="time"
              className="field-input w-32"
              aria-label={`${label} from`}
              value={range.start}
              onChange={(event) => set(index, { start: event.target.value })}
            />
            <span aria-hidden="true">to</span>
            <input
              type="time"
              className="field-input w-32"
              aria-label={`${label} until`}
              value={range.end}
              onChange={(event) => set(index, { end: event.target.value })}
            />
            <button
              type="button"
              className="btn-secondary px-2 py-1 text-xs"
              onClick={() => onChange(ranges.filter((_, at) => at !== index))}
            >
              Remove
              <span className="sr-only">
                {" "}
                {label} {range.start}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn-secondary mt-2 px-2 py-1 text-xs"
        onClick={() => onChange([...ranges, { start: "09:00", end: "12:00" }])}
      >
        Add hours<span className="sr-only"> on {label}</span>
      </button>
    </fieldset>
  );
}

function ExceptionsCard({ schedule }: { schedule: Schedule }) {
  const utils = api.useUtils();
  const [date, setDate] = useState<string | null>(null);
  const [dayOff, setDayOff] = useState(true);
  const [range, setRange] = useState<RangeText>({ start: "09:00", end: "12:00" });
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const done = () => utils.admin.coaching.invalidate();
  const save = api.admin.coaching.setException.useMutation({
    onSuccess: () => toast.success("Date saved."),
    onError: (failure) => setError(failure.message),
    onSettled: done,
  });
  const remove = api.admin.coaching.removeException.useMutation({
    onError: (failure) => toast.error(failure.message),
    onSettled: done,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { date: date ?? "", ranges: dayOff ? [] : [range], note: note || undefined };
    const parsed = availabilityExceptionSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    save.mutate(input, { onSuccess: () => setNote("") });
  }
  return (
    <Card title="Days off and other hours" id="coach-exceptions-title">
      {schedule.exceptions.length ? (
        <ul className="mb-4 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Dates with their own hours">
          {schedule.exceptions.map((exception) => (
            <li key={exception.date} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <span>
                <span className="font-semibold">{exception.date}</span>:{" "}
                {exception.ranges.length
                  ? exception.ranges.map((item) => `${hhmmOf(item.startMinute)}-${hhmmOf(item.endMinute)}`).join(", ")
                  : "day off"}
                {exception.note ? <span className="text-slate-500"> ({exception.note})</span> : null}
              </span>
              <button
                type="button"
                className="btn-secondary px-2 py-1 text-xs"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ date: exception.date })}
              >
                Remove<span className="sr-only"> {exception.date}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-slate-500">No dates differ from your weekly hours.</p>
      )}
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="A date with other hours">
        <div className="sm:w-64">
          <label htmlFor="exception-date" className="field-label">
            Date
          </label>
          <DatePicker id="exception-date" value={date} onChange={setDate} placeholder="Choose a date" />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={dayOff} onChange={(event) => setDayOff(event.target.checked)} /> Day off
        </label>
        {dayOff ? null : (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <input
              type="time"
              className="field-input w-32"
              aria-label="Other hours from"
              value={range.start}
              onChange={(event) => setRange({ ...range, start: event.target.value })}
            />
            <span aria-hidden="true">to</span>
            <input
              type="time"
              className="field-input w-32"
              aria-label="Other hours until"
              value={range.end}
              onChange={(event) => setRange({ ...range, end: event.target.value })}
            />
          </div>
        )}
        <TextField
          id="exception-note"
          label="Note (optional)"
          value={note}
          maxLength={200}
          onChange={(event) => setNote(event.target.value)}
        />
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          Save date
        </button>
      </form>
    </Card>
  );
}

function CoachSessions({ timeZone }: { timeZone: string }) {
  const sessions = api.admin.coaching.sessions.useQuery({});
  return (
    <Card title="Sessions" id="coach-sessions-title">
      <p className="text-xs text-slate-500">Times in {timeZone}.</p>
      {sessions.isPending ? <p className="mt-2 text-sm text-slate-500">Loading...</p> : null}
      {sessions.data ? (
        <>
          <h3 className="mt-3 text-base font-semibold">Upcoming</h3>
          <SessionList sessions={sessions.data.upcoming} empty="No upcoming sessions." label="Upcoming sessions" />
          <h3 className="mt-5 text-base font-semibold">Past</h3>
          <SessionList sessions={sessions.data.past} empty="No past sessions yet." label="Past sessions" />
        </>
      ) : null}
    </Card>
  );
}

function SessionList({ sessions, empty, label }: { sessions: Session[]; empty: string; label: string }) {
  if (!sessions.length) return <p className="mt-2 text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="mt-2 space-y-3" aria-label={label}>
      {sessions.map((session) => (
        <SessionItem key={session.id} session={session} />
      ))}
    </ul>
  );
}

const STATUS_TEXT: Record<Session["status"], string> = {
  booked: "Booked",
  cancelled: "Cancelled",
  completed: "Completed",
};

function SessionItem({ session }: { session: Session }) {
  const started = new Date(session.startsAt).getTime() <= Date.now();
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm">
      <p className="font-semibold">{session.when}</p>
      <p className="mt-1 break-words">
        {session.studentName} <span className="text-slate-500">({session.studentEmail})</span> · {STATUS_TEXT[session.status]}
      </p>
      <p className="mt-1 break-words">
        <span className="text-slate-500">Topic:</span> {session.topic}
      </p>
      {session.documents.length ? (
        <p className="mt-1">
          <span className="text-slate-500">Documents:</span>{" "}
          {session.documents.map((document, index) => (
            <span key={document.id}>
              {index ? ", " : ""}
              <a className="font-medium text-brand-700 underline" href={document.href}>
                {document.name}
              </a>
            </span>
          ))}
        </p>
      ) : null}
      {session.status === "booked" ? (
        <MeetingLinkForm session={session} />
      ) : session.meetingLink ? (
        <p className="mt-1 break-all">Meeting link: {session.meetingLink}</p>
      ) : null}
      {session.status === "completed" ? (
        <div className="mt-2 rounded-lg bg-slate-50 p-3">
          <p className="whitespace-pre-line">
            <span className="font-semibold">Summary:</span> {session.summary}
          </p>
          <p className="mt-1 whitespace-pre-line">
            <span className="font-semibold">Next steps:</span> {session.nextSteps}
          </p>
        </div>
      ) : null}
      {session.status === "booked" && started ? <SummaryForm session={session} /> : null}
    </li>
  );
}

function MeetingLinkForm({ session }: { session: Session }) {
  const utils = api.useUtils();
  const [link, setLink] = useState(session.meetingLink ?? "");
  const [error, setError] = useState<string | undefined>();
  const save = api.admin.coaching.setMeetingLink.useMutation({
    onSuccess: () => toast.success("Meeting link saved: the student gets the updated invitation."),
    onError: (failure) => setError(failure.message),
    onSettled: () => utils.admin.coaching.sessions.invalidate(),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = meetingLinkSchema.safeParse({ bookingId: session.id, meetingLink: link });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(undefined);
    save.mutate(parsed.data);
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end"
      aria-label={`Meeting link for ${session.when}`}
    >
      <div className="grow">
        <TextField
          id={`link-${session.id}`}
          label="Meeting link"
          type="url"
          placeholder="https://"
          value={link}
          error={error}
          onChange={(event) => setLink(event.target.value)}
        />
      </div>
      <button type="submit" className="btn-secondary" disabled={save.isPending}>
        Save link
      </button>
    </form>
  );
}

function SummaryForm({ session }: { session: Session }) {
  const utils = api.useUtils();
  const [open, setOpen] = useState(false);
  const [summary, setSummary] = useState("");
  const [nextSteps, setNextSteps] = useState("");
  const [errors, setErrors] = useState<{ summary?: string; nextSteps?: string; form?: string }>({});
  const save = api.admin.coaching.writeSummary.useMutation({
    onSuccess: () => toast.success("Summary sent to the student."),
    onError: (failure) => setErrors({ form: errorMessage(failure, "Failed to save the summary.") }),
    onSettled: () => utils.admin.coaching.sessions.invalidate(),
  });
  if (!open)
    return (
      <button type="button" className="btn-primary mt-2" onClick={() => setOpen(true)}>
        Write summary
      </button>
    );
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sessionSummarySchema.safeParse({ bookingId: session.id, summary, nextSteps });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as "summary" | "nextSteps"] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    save.mutate(parsed.data);
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3" aria-label={`Summary of ${session.when}`}>
      <TextAreaField
        id={`summary-${session.id}`}
        label="Summary"
        rows={4}
        value={summary}
        error={errors.summary}
        onChange={(event) => setSummary(event.target.value)}
      />
      <TextAreaField
        id={`next-${session.id}`}
        label="Next steps"
        rows={3}
        value={nextSteps}
        error={errors.nextSteps}
        onChange={(event) => setNextSteps(event.target.value)}
      />
      {errors.form ? <FormMessage kind="error">{errors.form}</FormMessage> : null}
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        Send summary
      </button>
    </form>
  );
}
