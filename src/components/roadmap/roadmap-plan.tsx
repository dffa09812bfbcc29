"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { checkedDate as longDate, SourceList } from "~/components/tools/source-list";
import { errorMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { countryName } from "~/lib/options";
import { PROGRAM_TYPE_LABELS } from "~/lib/schemas/entitlements";
import { PROGRAMME_LANGUAGE_LABELS, ROADMAP_CALENDAR_PATH, ROADMAP_NOTE_MAX } from "~/lib/schemas/roadmap";
import { FUNDING_PLAN_LABELS } from "~/lib/schemas/tools/visa-choices";
import { api, type RouterOutputs } from "~/trpc/react";

type View = NonNullable<RouterOutputs["roadmap"]["get"]>;
type Step = View["steps"][number];

/** Every change answers with the whole roadmap as the user may see it: it replaces the cached one. */
function useRoadmapChange(success?: (view: View) => string | null) {
  const utils = api.useUtils();
  return {
    onSuccess: (view: View) => {
      utils.roadmap.get.setData(undefined, view);
      const message = success?.(view);
      if (message) toast.success(message);
    },
    onError: (error: { message: string }) => toast.error(errorMessage(error, "That did not work. Try again.")),
  };
}

/** The plan: progress, the dated steps, the calendar file, print, and a new intake. */
export function RoadmapPlan({ view, onChangeIntake }: { view: View; onChangeIntake: () => void }) {
  const [showHidden, setShowHidden] = useState(false);
  const hiddenCount = view.steps.filter((step) => step.hidden).length;
  const shown = view.steps.filter((step) => showHidden || !step.hidden);
  const { intake, semester, progress } = view;
  const percent = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);

  // Printing shows why and how of every step, folded or not.
  useEffect(() => {
    const openAll = () =>
      document.querySelectorAll<HTMLDetailsElement>("#roadmap-plan details").forEach((details) => {
        details.open = true;
      });
    window.addEventListener("beforeprint", openAll);
    return () => window.removeEventListener("beforeprint", openAll);
  }, []);

  return (
    <div id="roadmap-plan" className="space-y-6">
      <section aria-labelledby="roadmap-summary" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="roadmap-summary" className="text-xl font-bold tracking-tight">
          {semester.term} {intake.intakeYear}: starts {longDate(semester.start)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {countryName(intake.nationality)} · {PROGRAM_TYPE_LABELS[intake.programType]} · taught in{" "}
          {PROGRAMME_LANGUAGE_LABELS[intake.programmeLanguage]} · {FUNDING_PLAN_LABELS[intake.fundingPlan]}
        </p>
        <div className="mt-3 rounded-lg bg-slate-50 p-3">
          <p className="text-xs leading-5 text-slate-600">{semester.label} The dates below count back from the start of the semester.</p>
          <SourceList sources={semester.sources} checkedOn={semester.checkedOn} />
        </div>
        <div className="mt-4">
          <p className="text-sm font-medium text-slate-800" id="roadmap-progress-label">
            Progress: {progress.done} of {progress.total} steps done
          </p>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-labelledby="roadmap-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="h-full rounded-full bg-emerald-500" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <div className="mt-5 flex flex-wrap gap-2" data-print-hidden>
          <a className="btn-secondary" href={ROADMAP_CALENDAR_PATH} download="study-roadmap.ics">
            Download calendar (.ics)
          </a>
          <button type="button" className="btn-secondary" onClick={() => window.print()}>
            Print
          </button>
          <button type="button" className="btn-secondary" onClick={onChangeIntake}>
            Change intake
          </button>
        </div>
        {view.full ? (
          <label className="mt-4 flex items-center gap-2 text-sm text-slate-700" data-print-hidden>
            <input
              type="checkbox"
              role="switch"
              aria-checked={showHidden}
              checked={showHidden}
              onChange={(event) => setShowHidden(event.target.checked)}
            />
            Show hidden steps{hiddenCount > 0 ? ` (${hiddenCount})` : ""}
          </label>
        ) : null}
      </section>

      <ol aria-label="Roadmap steps" className="space-y-4">
        {shown.map((step, index) => (
          <StepItem
            key={step.id}
            step={step}
            number={view.steps.indexOf(step) + 1}
            full={view.full}
            first={index === 0}
            last={index === shown.length - 1}
            today={view.today}
          />
        ))}
      </ol>

      {view.lockedCount > 0 ? <UpgradePrompt lockedCount={view.lockedCount} /> : null}
    </div>
  );
}

function UpgradePrompt({ lockedCount }: { lockedCount: number }) {
  return (
    <section aria-labelledby="roadmap-upgrade" className="rounded-2xl border-2 border-brand-100 bg-brand-50 p-5 sm:p-6" data-print-hidden>
      <h2 id="roadmap-upgrade" className="text-lg font-semibold text-slate-900">
        {lockedCount} more {lockedCount === 1 ? "step is" : "steps are"} in your roadmap
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The free plan shows the first three steps. Pro and Unlimited show the whole roadmap with every date, let you reorder and hide steps,
        and mail you each week what is due.
      </p>
      <Link href="/pricing?plan=pro" className="btn-primary mt-4">
        Upgrade to Pro
      </Link>
    </section>
  );
}

function Badge({ tone, children }: { tone: "red" | "amber" | "green" | "slate" | "sky"; children: string }) {
  const colours = {
    red: "bg-red-100 text-red-800",
    amber: "bg-amber-100 text-amber-900",
    green: "bg-emerald-100 text-emerald-800",
    slate: "bg-slate-200 text-slate-700",
    sky: "bg-sky-100 text-sky-800",
  }[tone];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colours}`}>{children}</span>;
}

function StepItem({
  step,
  number,
  full,
  first,
  last,
  today,
}: {
  step: Step;
  number: number;
  full: boolean;
  first: boolean;
  last: boolean;
  today: string;
}) {
  const [note, setNote] = useState(step.note);
  // The box shows the click at once; a refused change puts it back.
  const [done, showDone] = useState(step.done);
  useEffect(() => showDone(step.done), [step.done]);
  const doneChange = useRoadmapChange();
  const setDone = api.roadmap.setDone.useMutation({
    ...doneChange,
    onError: (error) => {
      showDone(step.done);
      doneChange.onError(error);
    },
  });
  const saveNote = api.roadmap.setNote.useMutation(useRoadmapChange(() => "Note saved."));
  const move = api.roadmap.move.useMutation(useRoadmapChange());
  const setHidden = api.roadmap.setHidden.useMutation(
    useRoadmapChange((view) =>
      view.steps.find((candidate) => candidate.id === step.id)?.hidden
        ? "Step hidden. “Show hidden steps” brings it back."
        : "Step shown again.",
    ),
  );
  const busy = setDone.isPending || saveNote.isPending || move.isPending || setHidden.isPending;
  const titleId = `step-${step.id}-title`;
  const daysLeft = Math.round((Date.parse(step.targetDate) - Date.parse(today)) / 86_400_000);

  return (
    <li
      aria-labelledby={titleId}
      className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${step.hidden ? "border-dashed border-slate-300 opacity-75" : step.overdue ? "border-red-200" : "border-slate-200"}`}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1.5 h-5 w-5 shrink-0 accent-emerald-600"
          checked={done}
          disabled={busy}
          aria-label={`Done: ${step.title}`}
          onChange={(event) => {
            showDone(event.target.checked);
            setDone.mutate({ id: step.id, done: event.target.checked });
          }}
        />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className={`text-base font-semibold leading-6 ${step.done ? "text-slate-500 line-through" : "text-slate-900"}`}>
            {number}. {step.title}
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            <span className="font-medium">Target: {longDate(step.targetDate)}</span>
            {!step.done && daysLeft >= 0 ? (
              <span className="text-slate-500"> ({daysLeft === 0 ? "today" : `in ${daysLeft} days`})</span>
            ) : null}
            <span className="block text-xs text-slate-500 sm:inline sm:before:content-['_·_']">
              start by {longDate(step.startDate)}, takes about {step.durationDays} days
            </span>
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {step.done ? (
              <Badge tone="green">Done</Badge>
            ) : step.overdue ? (
              <Badge tone="red">Overdue</Badge>
            ) : step.late ? (
              <Badge tone="amber">Late: start now</Badge>
            ) : null}
            {step.optional ? <Badge tone="sky">Optional</Badge> : null}
            {step.hidden ? <Badge tone="slate">Hidden</Badge> : null}
          </div>
          {step.deadlineRule ? (
            <p className="mt-2 text-sm text-slate-800">
              <span className="font-medium">Deadline rule:</span> {step.deadlineRule}
            </p>
          ) : null}
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">Why and how</summary>
            <p className="mt-2 leading-6 text-slate-700">
              <span className="font-medium text-slate-900">Why: </span>
              {step.why}
            </p>
            <p className="mt-2 whitespace-pre-line leading-6 text-slate-700">
              <span className="font-medium text-slate-900">How: </span>
              {step.how}
            </p>
          </details>
          {step.officialUrl ? (
            <div className="mt-2">
              <p className="text-xs leading-5 text-slate-500">
                Official page:{" "}
                <a
                  href={step.officialUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-indigo-700 underline underline-offset-2"
                >
                  {step.officialTitle ?? step.officialUrl}
                </a>{" "}
                <span className="whitespace-nowrap">(checked {longDate(step.checkedOn)})</span>
              </p>
            </div>
          ) : null}
          {step.linkHref ? (
            <p className="mt-2 text-sm" data-print-hidden>
              <Link href={step.linkHref} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {step.linkLabel ?? "Continue here"} →
              </Link>
            </p>
          ) : null}
          <div className="mt-3" data-print-hidden={note ? undefined : true}>
            <label htmlFor={`note-${step.id}`} className="text-xs font-medium text-slate-600">
              Your note
            </label>
            <div className="mt-1 flex flex-col gap-2 sm:flex-row">
              <textarea
                id={`note-${step.id}`}
                rows={1}
                maxLength={ROADMAP_NOTE_MAX}
                className="field-input min-h-9"
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
              <button
                type="button"
                className="btn-secondary shrink-0 px-3 py-1.5"
                data-print-hidden
                disabled={busy || note === step.note}
                onClick={() => saveNote.mutate({ id: step.id, note })}
              >
                Save note
              </button>
            </div>
          </div>
        </div>
        {full ? (
          <div className="flex shrink-0 flex-col gap-1" data-print-hidden>
            <button
              type="button"
              className="rounded-lg border border-slate-200 px-2 py-1 text-sm hover:bg-slate-50 disabled:opacity-40"
              disabled={busy || first}
              aria-label={`Move up: ${step.title}`}
              onClick={() => move.mutate({ id: step.id, direction: "up" })}
            >
              ↑
            </button>
            <button
              type="button"
              className="rounded-lg border border-slate-200 px-2 py-1 text-sm hover:bg-slate-50 disabled:opacity-40"
              disabled={busy || last}
              aria-label={`Move down: ${step.title}`}
              onClick={() => move.mutate({ id: step.id, direction: "down" })}
            >
              ↓
            </button>
          </div>
        ) : null}
      </div>
      {full && step.optional ? (
        <div className="mt-3 border-t border-slate-100 pt-3" data-print-hidden>
          <button
            type="button"
            className="text-sm font-medium text-slate-600 underline-offset-2 hover:underline"
            disabled={busy}
            onClick={() => setHidden.mutate({ id: step.id, hidden: !step.hidden })}
          >
            {step.hidden ? "Show this step again" : "Hide this optional step"}
          </button>
        </div>
      ) : null}
    </li>
  );
}
