"use client";

import { differenceInCalendarDays } from "date-fns";
import { type FormEvent, useState } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { useSession } from "~/components/auth/session";
import { DatePicker } from "~/components/ui/date-picker";
import { toast } from "~/components/ui/toast";
import { fieldErrors } from "~/lib/schemas/common";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  applicationSchema,
  PROGRAM_TYPE_LABELS,
  PROGRAM_TYPES,
  type ProgramType,
} from "~/lib/schemas/entitlements";
import { formatIsoDate, parseIsoDate } from "~/lib/ui/dates";
import { api, type RouterOutputs } from "~/trpc/react";
import { PlanMessage, UpgradeLink } from "./plan-message";

type Tracker = RouterOutputs["applications"]["list"];
type Field = "university" | "programme" | "programType" | "deadline" | "status" | "notes";

/** "Deadline passed", "Due today", "3 days left" for a YYYY-MM-DD deadline, in the user's own calendar. */
function deadlineNote(deadline: string): { text: string; passed: boolean } {
  const days = differenceInCalendarDays(parseIsoDate(deadline) ?? new Date(), new Date());
  if (days < 0) return { text: "Deadline passed", passed: true };
  if (days === 0) return { text: "Due today", passed: false };
  return { text: `${days} day${days === 1 ? "" : "s"} left`, passed: false };
}

/**
 * The university applications tracker of /tools/university-finder; how many it holds depends on the plan.
 * `initialUniversity` pre-fills the form (an institution page's "Track an application").
 */
export function ApplicationsTracker({ initialUniversity = "" }: { initialUniversity?: string } = {}) {
  const { status } = useSession();
  const { open } = useAuthModal();
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="tracker-title">
      <h2 id="tracker-title" className="text-lg font-semibold">
        Your university applications
      </h2>
      {status === "loading" ? <p className="mt-3 text-sm text-slate-500">Loading...</p> : null}
      {status === "unauthenticated" ? (
        <div className="mt-3">
          <p className="text-sm text-slate-600">Keep your applications, their deadlines and their status in one place.</p>
          <button type="button" className="btn-primary mt-4" onClick={() => open("login")}>
            Log in to track applications
          </button>
        </div>
      ) : null}
      {status === "authenticated" ? <SignedInTracker initialUniversity={initialUniversity} /> : null}
    </section>
  );
}

function SignedInTracker({ initialUniversity }: { initialUniversity: string }) {
  const tracker = api.applications.list.useQuery();
  // Kept here, not in the form: a refusal refreshes the list, which may replace the form by the limit notice.
  const [serverError, setServerError] = useState<string | null>(null);
  if (tracker.isPending) return <p className="mt-3 text-sm text-slate-500">Loading...</p>;
  if (!tracker.data)
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        Failed to load your applications. Please try again.
      </p>
    );
  const data = tracker.data;
  const count = data.applications.length;
  const full = data.max !== null && count >= data.max;
  return (
    <div className="mt-3 space-y-5">
      <p className="text-sm text-slate-700" data-testid="applications-usage">
        <span className="font-semibold">
          {data.max === null ? `${count} tracked (unlimited)` : `${count} of ${data.max} applications tracked`}
        </span>{" "}
        on your {data.planName} plan.
      </p>
      <ApplicationList applications={data.applications} onDeleted={() => setServerError(null)} />
      {serverError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <PlanMessage message={serverError} />
        </p>
      ) : null}
      {full ? (
        <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <p>
            Your {data.planName} plan tracks up to {data.max} application{data.max === 1 ? "" : "s"}. Delete one, or upgrade to track more.
          </p>
          {data.upgradeTo ? (
            <p className="mt-2">
              <UpgradeLink planId={data.upgradeTo} />
            </p>
          ) : null}
        </div>
      ) : (
        <AddApplicationForm onServerError={setServerError} initialUniversity={initialUniversity} />
      )}
    </div>
  );
}

function ApplicationList({ applications, onDeleted }: { applications: Tracker["applications"]; onDeleted: () => void }) {
  const utils = api.useUtils();
  const refresh = () => utils.applications.list.invalidate();
  const setStatus = api.applications.setStatus.useMutation({
    onSuccess: () => toast.success("Status updated"),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const remove = api.applications.remove.useMutation({
    onSuccess: () => {
      onDeleted();
      toast.success("Application deleted");
    },
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  if (applications.length === 0) return <p className="text-sm text-slate-500">No applications tracked yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Tracked applications">
      {applications.map((application) => {
        const note = deadlineNote(application.deadline);
        return (
          <li key={application.id} className="rounded-xl border border-slate-200 p-4 text-sm">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="break-words font-semibold text-slate-900">{application.university}</p>
                <p className="break-words text-slate-700">
                  {application.programme} · {PROGRAM_TYPE_LABELS[application.programType]}
                </p>
                <p className="mt-1 text-slate-600">
                  Deadline {formatIsoDate(application.deadline)}{" "}
                  <span className={note.passed ? "font-semibold text-red-700" : "text-slate-500"}>({note.text})</span>
                </p>
                {application.notes ? <p className="mt-2 whitespace-pre-line break-words text-slate-600">{application.notes}</p> : null}
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <label className="sr-only" htmlFor={`status-${application.id}`}>
                  Status of {application.university}
                </label>
                <select
                  id={`status-${application.id}`}
                  className="field-input w-auto py-1.5"
                  value={application.status}
                  disabled={setStatus.isPending}
                  onChange={(e) => setStatus.mutate({ id: application.id, status: e.target.value as ApplicationStatus })}
                >
                  {APPLICATION_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {APPLICATION_STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5"
                  aria-label={`Delete ${application.university}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: application.id })}
                >
                  Delete
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

const EMPTY = {
  university: "",
  programme: "",
  programType: "" as ProgramType | "",
  deadline: null as string | null,
  status: "not_applied" as ApplicationStatus,
  notes: "",
};

function AddApplicationForm({
  onServerError,
  initialUniversity,
}: {
  onServerError: (message: string | null) => void;
  initialUniversity: string;
}) {
  const utils = api.useUtils();
  const [values, setValues] = useState({ ...EMPTY, university: initialUniversity });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const add = api.applications.add.useMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    onServerError(null);
    const parsed = applicationSchema.safeParse({
      ...values,
      programType: values.programType || undefined,
      deadline: values.deadline ?? "",
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      await add.mutateAsync(parsed.data);
      setValues(EMPTY);
      toast.success("Application added");
    } catch (error) {
      onServerError(error instanceof Error ? error.message : "Failed to add the application. Please try again.");
    } finally {
      await utils.applications.list.invalidate();
    }
  }

  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => setValues((current) => ({ ...current, [key]: value }));
  const fieldProps = (field: Field) => ({
    id: `application-${field}`,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `application-${field}-error` : undefined,
  });
  const errorFor = (field: Field) =>
    errors[field] ? (
      <p id={`application-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl bg-slate-50 p-4" aria-label="Add an application">
      <h3 className="text-base font-semibold">Add an application</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="application-university" className="field-label">
            University
          </label>
          <input
            {...fieldProps("university")}
            className="field-input"
            maxLength={200}
            value={values.university}
            onChange={(e) => set("university", e.target.value)}
          />
          {errorFor("university")}
        </div>
        <div>
          <label htmlFor="application-programme" className="field-label">
            Programme
          </label>
          <input
            {...fieldProps("programme")}
            className="field-input"
            maxLength={200}
            value={values.programme}
            onChange={(e) => set("programme", e.target.value)}
          />
          {errorFor("programme")}
        </div>
        <div>
          <label htmlFor="application-programType" className="field-label">
            Program type
          </label>
          <select
            {...fieldProps("programType")}
            className="field-input"
            value={values.programType}
            onChange={(e) => set("programType", e.target.value as ProgramType)}
          >
            <option value="">Choose a program type</option>
            {PROGRAM_TYPES.map((type) => (
              <option key={type} value={type}>
                {PROGRAM_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          {errorFor("programType")}
        </div>
        <div>
          <label htmlFor="application-deadline" className="field-label">
            Application deadline
          </label>
          <DatePicker
            id="application-deadline"
            value={values.deadline}
            onChange={(value) => set("deadline", value)}
            placeholder="Choose the deadline"
            aria-label="Application deadline"
          />
          {errorFor("deadline")}
        </div>
        <div>
          <label htmlFor="application-status" className="field-label">
            Status
          </label>
          <select
            {...fieldProps("status")}
            className="field-input"
            value={values.status}
            onChange={(e) => set("status", e.target.value as ApplicationStatus)}
          >
            {APPLICATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {APPLICATION_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor="application-notes" className="field-label">
          Notes (optional)
        </label>
        <textarea
          {...fieldProps("notes")}
          rows={3}
          maxLength={1000}
          className="field-input"
          value={values.notes}
          onChange={(e) => set("notes", e.target.value)}
        />
        {errorFor("notes")}
      </div>
      <button type="submit" className="btn-primary" disabled={add.isPending}>
        {add.isPending ? "Adding..." : "Add application"}
      </button>
    </form>
  );
}
