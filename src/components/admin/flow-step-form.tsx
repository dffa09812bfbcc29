"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { DatePicker } from "~/components/ui/date-picker";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import {
  latestToday,
  ROADMAP_AUDIENCE_LABELS,
  ROADMAP_AUDIENCES,
  ROADMAP_CONDITION_LABELS,
  ROADMAP_CONDITIONS,
  type RoadmapAudience,
  type RoadmapCondition,
  type RoadmapStepInput,
  roadmapStepSchema,
  STEP_DAYS_MAX,
} from "~/lib/schemas/roadmap-steps";
import { api, type RouterOutputs } from "~/trpc/react";

type Step = RouterOutputs["admin"]["flows"]["list"]["rows"][number];

const EMPTY: RoadmapStepInput = {
  slug: "",
  appliesTo: ["all"],
  title: "",
  why: "",
  how: "",
  officialUrl: "",
  officialTitle: "",
  durationDays: Number.NaN,
  dueDaysBeforeIntake: Number.NaN,
  deadlineRule: "",
  checkedOn: "",
  conditions: [],
  optional: false,
  fixedDeadlineWinter: "",
  fixedDeadlineSummer: "",
  linkHref: "",
  linkLabel: "",
  dependsOn: [],
};

function valuesOf(step: Step): RoadmapStepInput {
  return {
    slug: step.slug,
    appliesTo: step.appliesTo as RoadmapAudience[],
    title: step.title,
    why: step.why,
    how: step.how,
    officialUrl: step.officialUrl ?? "",
    officialTitle: step.officialTitle ?? "",
    durationDays: step.durationDays,
    dueDaysBeforeIntake: step.dueDaysBeforeIntake,
    deadlineRule: step.deadlineRule,
    checkedOn: step.checkedOn,
    conditions: step.conditions as RoadmapCondition[],
    optional: step.optional,
    fixedDeadlineWinter: step.fixedDeadlineWinter ?? "",
    fixedDeadlineSummer: step.fixedDeadlineSummer ?? "",
    linkHref: step.linkHref ?? "",
    linkLabel: step.linkLabel ?? "",
    dependsOn: step.dependsOn,
  };
}

/** Adds a roadmap step, or changes one (its slug stays). */
export function FlowStepForm({ step, onDone }: { step: Step | null; onDone: () => void }) {
  const utils = api.useUtils();
  const form = useForm<RoadmapStepInput>({
    resolver: zodResolver(roadmapStepSchema),
    defaultValues: step ? valuesOf(step) : EMPTY,
  });
  const { errors } = form.formState;
  const done = async (message: string) => {
    toast.success(message);
    await utils.admin.flows.list.invalidate();
    onDone();
  };
  const create = api.admin.flows.create.useMutation({ onSuccess: () => done("Step added at the end of the list.") });
  const update = api.admin.flows.update.useMutation({ onSuccess: () => done("Step saved.") });
  const failure = create.error ?? update.error;
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    if (step) {
      const { slug: _slug, ...fields } = values;
      update.mutate({ id: step.id, ...fields });
    } else create.mutate(values);
  });

  const id = (name: string) => `step-${name}`;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label={step ? `Edit step ${step.title}` : "New roadmap step"}
    >
      <h2 className="text-lg font-semibold">{step ? `Edit “${step.title}”` : "New step"}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id("title")}
          label="Title"
          error={errors.title?.message}
          hint="What to do, e.g. the name of the step."
          {...form.register("title")}
        />
        <TextField
          id={id("slug")}
          label="Slug"
          disabled={Boolean(step)}
          error={errors.slug?.message}
          hint={
            step
              ? "The slug names the step for good: roadmaps keep students' progress by it."
              : "Lowercase words joined by hyphens; it cannot change later."
          }
          {...form.register("slug")}
        />
      </div>

      <Controller
        control={form.control}
        name="appliesTo"
        render={({ field }) => (
          <fieldset>
            <legend className="field-label">Applies to</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {ROADMAP_AUDIENCES.map((audience) => (
                <label key={audience} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={field.value.includes(audience)}
                    onChange={(event) => {
                      // "All programmes" and single programme types exclude each other.
                      if (audience === "all") field.onChange(event.target.checked ? ["all"] : []);
                      else
                        field.onChange(
                          event.target.checked
                            ? [...field.value.filter((value) => value !== "all"), audience]
                            : field.value.filter((value) => value !== audience),
                        );
                    }}
                  />
                  {ROADMAP_AUDIENCE_LABELS[audience]}
                </label>
              ))}
            </div>
            {errors.appliesTo?.message ? <p className="mt-1 text-sm text-red-700">{errors.appliesTo.message}</p> : null}
          </fieldset>
        )}
      />

      <Controller
        control={form.control}
        name="conditions"
        render={({ field }) => (
          <fieldset>
            <legend className="field-label">Only when (all must hold; none: always)</legend>
            <div className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
              {ROADMAP_CONDITIONS.map((condition) => (
                <label key={condition} className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    className="mt-1"
                    checked={field.value.includes(condition)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked ? [...field.value, condition] : field.value.filter((value) => value !== condition),
                      )
                    }
                  />
                  {ROADMAP_CONDITION_LABELS[condition]}
                </label>
              ))}
            </div>
            {errors.conditions?.message ? <p className="mt-1 text-sm text-red-700">{errors.conditions.message}</p> : null}
          </fieldset>
        )}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("optional")} />
        Optional: students may hide this step
      </label>

      <TextArea
        id={id("why")}
        label="Why"
        hint="Why the step matters for the student."
        error={errors.why?.message}
        {...form.register("why")}
      />
      <TextArea
        id={id("how")}
        label="How"
        hint="How to do it, in a few sentences or a short list."
        error={errors.how?.message}
        rows={5}
        {...form.register("how")}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id("duration")}
          label="Duration (days)"
          type="number"
          min={1}
          max={STEP_DAYS_MAX}
          inputMode="numeric"
          hint="How long the step usually takes: 1 to 730."
          error={errors.durationDays?.message}
          {...form.register("durationDays", { valueAsNumber: true })}
        />
        <TextField
          id={id("due")}
          label="Due before the intake (days)"
          type="number"
          min={0}
          max={STEP_DAYS_MAX}
          inputMode="numeric"
          hint="When it should be done, counted back from the semester start: 0 to 730."
          error={errors.dueDaysBeforeIntake?.message}
          {...form.register("dueDaysBeforeIntake", { valueAsNumber: true })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id("fixed-winter")}
          label="Fixed deadline, winter intake (MM-DD, optional)"
          placeholder="07-15"
          hint="A day the official source fixes; it replaces the days before the intake."
          error={errors.fixedDeadlineWinter?.message}
          {...form.register("fixedDeadlineWinter")}
        />
        <TextField
          id={id("fixed-summer")}
          label="Fixed deadline, summer intake (MM-DD, optional)"
          placeholder="01-15"
          hint="A day after the semester start falls in the year before."
          error={errors.fixedDeadlineSummer?.message}
          {...form.register("fixedDeadlineSummer")}
        />
      </div>
      <Controller
        control={form.control}
        name="dependsOn"
        render={({ field }) => (
          <SlugListField
            id={id("depends-on")}
            value={field.value}
            onChange={field.onChange}
            error={errors.dependsOn?.message ?? errors.dependsOn?.find?.((issue) => issue?.message)?.message}
          />
        )}
      />
      <TextArea
        id={id("rule")}
        label="Deadline rule (optional)"
        rows={2}
        hint="The rule students act on, as the official page states it. A step with a rule needs its official page below."
        error={errors.deadlineRule?.message}
        {...form.register("deadlineRule")}
      />

      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold">Official source</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={id("url")}
            label="Official page (https://)"
            placeholder="https://"
            error={errors.officialUrl?.message}
            {...form.register("officialUrl")}
          />
          <TextField
            id={id("source-title")}
            label="Title of the official page"
            error={errors.officialTitle?.message}
            {...form.register("officialTitle")}
          />
          <div>
            <label htmlFor={id("checked")} className="field-label">
              Checked on
            </label>
            <Controller
              control={form.control}
              name="checkedOn"
              render={({ field }) => (
                <DatePicker
                  id={id("checked")}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? "")}
                  max={latestToday()}
                  placeholder="The day you read the page"
                />
              )}
            />
            {errors.checkedOn?.message ? <p className="mt-1 text-sm text-red-700">{errors.checkedOn.message}</p> : null}
          </div>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id("link")}
          label="Product link (optional)"
          placeholder="/tools/visa-checker"
          hint="A path of this site: a tool, a topic or /swipe-ai?q=..."
          error={errors.linkHref?.message}
          {...form.register("linkHref")}
        />
        <TextField
          id={id("link-label")}
          label="Link text"
          placeholder="Check your visa in the Visa Checker"
          error={errors.linkLabel?.message}
          {...form.register("linkLabel")}
        />
      </div>

      {failure ? <FormMessage kind="error">{errorMessage(failure, "The step could not be saved.")}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Saving..." : step ? "Save step" : "Add step"}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TextArea({
  id,
  label,
  hint,
  error,
  rows = 3,
  ...textarea
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; hint?: string; error?: string }) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The slugs a step depends on, typed comma-separated; the text stays as typed while the list follows it. */
function SlugListField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string[];
  onChange: (slugs: string[]) => void;
  error?: string;
}) {
  const [text, setText] = useState(value.join(", "));
  return (
    <TextField
      id={id}
      label="Depends on (slugs, comma-separated; optional)"
      placeholder="university-application, health-insurance"
      hint="Steps this one can only follow: in a roadmap they come first, done at least this step's duration before its target date."
      error={error}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(",")
            .map((slug) => slug.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}
