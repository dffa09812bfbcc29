"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { checkedDate as longDate, SourceList } from "~/components/tools/source-list";
import { errorMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { countryName } from "~/lib/options";
import { PROGRAM_TYPE_LABELS } from "~/lib/schemas/entitlements";
import {
  PROGRAMME_LANGUAGE_LABELS,
  ROADMAP_CALENDAR_PATH,
  ROADMAP_NOTE_MAX,
  ROADMAP_SUBTASK_MAX,
  roadmapStepAnchor,
} from "~/lib/schemas/roadmap";
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

  // A link to a step (#step-<slug>, as the calendar's events give) scrolls to it once the plan is shown.
  useEffect(() => {
    const target = window.location.hash.slice(1);
    if (!target) return;
    const element = document.getElementById(target);
    if (!element) return;
    element.scrollIntoView({ block: "start" });
    element.querySelector<HTMLElement>("h3")?.focus({ preventScroll: true });
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
          <p className="text-xs leading-5 text-slate-600">
            {semester.label} The dates below count back from the start of the semester, leaving each step enough time before the steps that
            depend on it (an application before admission, admission before housing and the visa).
          </p>
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
  const anchor = roadmapStepAnchor(step.slug);
  const daysLeft = Math.round((Date.parse(step.targetDate) - Date.parse(today)) / 86_400_000);

  return (
    <li
      id={anchor}
      aria-labelledby={titleId}
      className={`scroll-mt-20 rounded-2xl border target:ring-2 target:ring-brand-300 bg-white p-4 shadow-sm sm:p-5 ${step.hidden ? "border-dashed border-slate-300 opacity-75" : step.overdue ? "border-red-200" : "border-slate-200"}`}
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
          <h3
            id={titleId}
            tabIndex={-1}
            className={`text-base outline-none font-semibold leading-6 ${step.done ? "text-slate-500 line-through" : "text-slate-900"}`}
          >
            {number}. {step.title}
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            <span className="font-medium">
              {step.ownDate ? "Your date" : "Target"}: {longDate(step.targetDate)}
            </span>
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
            {step.ownDate ? <Badge tone="slate">Your own date</Badge> : null}
            {step.optional ? <Badge tone="sky">Optional</Badge> : null}
            {step.hidden ? <Badge tone="slate">Hidden</Badge> : null}
          </div>
          <StepDate step={step} busy={busy} />
          {step.deadline && step.deadline !== step.targetDate ? (
            <p className="mt-2 text-sm text-slate-800">
              <span className="font-medium">Official deadline: {longDate(step.deadline)}.</span>{" "}
              {step.suggestedDate < step.deadline
                ? "The suggested date is earlier, so that the steps after it fit before the semester starts."
                : null}
            </p>
          ) : null}
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
          {step.missions ? <Missions missions={step.missions} /> : null}
          {step.linkHref ? (
            <p className="mt-2 text-sm" data-print-hidden>
              <Link href={step.linkHref} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {step.linkLabel ?? "Continue here"} →
              </Link>
            </p>
          ) : null}
          <Subtasks step={step} />
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

/** The step's date: the student may set their own (kept when the roadmap is generated again) and go back to the suggested one. */
function StepDate({ step, busy }: { step: Step; busy: boolean }) {
  const [editing, setEditing] = useState(false);
  const [date, setDate] = useState(step.targetDate);
  const setOwnDate = api.roadmap.setDate.useMutation(
    useRoadmapChange(() => {
      setEditing(false);
      return "Date saved: it stays when you change your intake.";
    }),
  );
  const reset = api.roadmap.resetDate.useMutation(useRoadmapChange(() => "Back to the suggested date."));
  const pending = busy || setOwnDate.isPending || reset.isPending;
  const inputId = `date-${step.id}`;
  return (
    <div className="mt-2 text-sm" data-print-hidden>
      {step.dateNote ? (
        <p className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900" role="status">
          {step.dateNote}
        </p>
      ) : null}
      {editing ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setOwnDate.mutate({ id: step.id, date });
          }}
        >
          <div>
            <label htmlFor={inputId} className="block text-xs font-medium text-slate-600">
              Your date for this step
            </label>
            <input
              id={inputId}
              type="date"
              required
              className="field-input mt-1 py-1.5"
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          <button type="submit" className="btn-secondary px-3 py-1.5" disabled={pending || !date}>
            Save date
          </button>
          <button type="button" className="px-2 py-1.5 text-slate-600 underline-offset-2 hover:underline" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <button
            type="button"
            className="font-medium text-brand-700 underline-offset-2 hover:underline disabled:opacity-50"
            disabled={pending}
            aria-label={`Change date: ${step.title}`}
            onClick={() => {
              setDate(step.targetDate);
              setEditing(true);
            }}
          >
            Change date
          </button>
          {step.ownDate ? (
            <>
              <span className="text-slate-500">Suggested: {longDate(step.suggestedDate)}</span>
              <button
                type="button"
                className="font-medium text-slate-700 underline-offset-2 hover:underline disabled:opacity-50"
                disabled={pending}
                onClick={() => reset.mutate({ id: step.id })}
              >
                Reset to suggested date
              </button>
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** The German missions responsible for the student's nationality, or how to find theirs. */
function Missions({ missions }: { missions: NonNullable<Step["missions"]> }) {
  return (
    <div className="mt-3 rounded-lg border border-sky-100 bg-sky-50 p-3 text-sm" data-testid="step-missions">
      <p className="font-medium text-slate-900">
        {missions.covered ? `German missions for applicants from ${missions.countryName}` : `Your German mission (${missions.countryName})`}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {missions.missions.map((mission) => (
          <li key={`${mission.name}-${mission.url}`}>
            <a href={mission.url} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline underline-offset-2">
              {mission.name}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-1 leading-6 text-slate-700">{missions.note}</p>
      <p className="mt-1 text-xs text-slate-600">
        {missions.covered ? "From the Federal Foreign Office's pages for these missions" : "From the Federal Foreign Office"}, checked{" "}
        {longDate(missions.checkedOn)}. The mission for where you live is the one responsible: if you live outside {missions.countryName},
        apply at the German mission there.
      </p>
    </div>
  );
}

/** The student's own checklist for a step. */
function Subtasks({ step }: { step: Step }) {
  const [text, setText] = useState("");
  const add = api.roadmap.addSubtask.useMutation(
    useRoadmapChange(() => {
      setText("");
      return null;
    }),
  );
  const tick = api.roadmap.setSubtaskDone.useMutation(useRoadmapChange());
  const remove = api.roadmap.deleteSubtask.useMutation(useRoadmapChange(() => "Sub-task deleted."));
  const pending = add.isPending || tick.isPending || remove.isPending;
  const inputId = `subtask-${step.id}`;
  return (
    <div className="mt-3" data-print-hidden={step.subtasks.length ? undefined : true}>
      {step.subtasks.length ? (
        <ul aria-label={`Sub-tasks: ${step.title}`} className="space-y-1">
          {step.subtasks.map((subtask) => (
            <SubtaskItem
              key={subtask.id}
              subtask={subtask}
              disabled={pending}
              onTick={(done) => tick.mutate({ id: subtask.id, done })}
              onDelete={() => remove.mutate({ id: subtask.id })}
            />
          ))}
        </ul>
      ) : null}
      <form
        className="mt-2 flex flex-col gap-2 sm:flex-row"
        data-print-hidden
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) add.mutate({ stepId: step.id, text });
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          New sub-task for {step.title}
        </label>
        <input
          id={inputId}
          className="field-input min-h-9"
          placeholder="Add a sub-task, e.g. Scan my transcripts"
          maxLength={ROADMAP_SUBTASK_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn-secondary shrink-0 px-3 py-1.5" disabled={pending || !text.trim()}>
          Add sub-task
        </button>
      </form>
    </div>
  );
}

/** One sub-task: the box shows the click at once; the answer (or a refusal) sets it right. */
function SubtaskItem({
  subtask,
  disabled,
  onTick,
  onDelete,
}: {
  subtask: Step["subtasks"][number];
  disabled: boolean;
  onTick: (done: boolean) => void;
  onDelete: () => void;
}) {
  const [done, showDone] = useState(subtask.done);
  useEffect(() => showDone(subtask.done), [subtask.done]);
  return (
    <li className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1 accent-emerald-600"
        checked={done}
        disabled={disabled}
        aria-label={`Sub-task done: ${subtask.text}`}
        onChange={(event) => {
          showDone(event.target.checked);
          onTick(event.target.checked);
        }}
      />
      <span className={`flex-1 break-words ${done ? "text-slate-500 line-through" : "text-slate-800"}`}>{subtask.text}</span>
      <button
        type="button"
        className="text-xs text-slate-600 underline-offset-2 hover:underline"
        disabled={disabled}
        aria-label={`Delete sub-task: ${subtask.text}`}
        onClick={onDelete}
        data-print-hidden
      >
        Delete
      </button>
    </li>
  );
}
