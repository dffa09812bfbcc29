"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { errorMessage, FormMessage } from "~/components/ui/form-field";
import { SelectBox } from "~/components/ui/select-box";
import { toast } from "~/components/ui/toast";
import { COUNTRY_OPTIONS } from "~/lib/options";
import { PROGRAM_TYPE_LABELS, PROGRAM_TYPES, type ProgramType } from "~/lib/schemas/entitlements";
import {
  DIRECT_ENTRY_ANSWERS,
  DIRECT_ENTRY_LABELS,
  INTAKE_TERM_LABELS,
  INTAKE_TERMS,
  INTAKE_YEARS_AHEAD,
  LANGUAGE_LEVEL_LABELS,
  LANGUAGE_LEVELS,
  PROGRAMME_LANGUAGE_LABELS,
  PROGRAMME_LANGUAGES,
  type RoadmapIntake,
  roadmapIntakeSchema,
} from "~/lib/schemas/roadmap";
import { FUNDING_PLAN_LABELS, FUNDING_PLANS } from "~/lib/schemas/tools/visa-choices";
import { api } from "~/trpc/react";

const thisYear = new Date().getUTCFullYear();
const YEARS = Array.from({ length: INTAKE_YEARS_AHEAD + 1 }, (_, index) => thisYear + index);

/** Before the profile answers: the next winter semester (it starts in October), English-taught, a blocked account. */
function startingValues(): Partial<RoadmapIntake> {
  const nextWinter = new Date().getUTCMonth() < 9 ? thisYear : thisYear + 1;
  return {
    intakeTerm: "winter",
    intakeYear: nextWinter,
    programmeLanguage: "english",
    hasLanguageCertificate: false,
    directEntry: "yes",
    fundingPlan: "blocked-account",
  };
}

/**
 * The intake form: the first time pre-filled with the profile's nationality and the degree of the newest
 * tracked application, later with the roadmap's own answers. Saving generates the roadmap again.
 */
export function IntakeForm({ current, onDone }: { current: RoadmapIntake | null; onDone: () => void }) {
  const utils = api.useUtils();
  const defaults = api.roadmap.defaults.useQuery(undefined, { enabled: !current, staleTime: Infinity });
  const form = useForm<RoadmapIntake>({
    resolver: zodResolver(roadmapIntakeSchema),
    defaultValues: current ?? startingValues(),
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!defaults.data) return;
    if (defaults.data.nationality && !form.getValues("nationality")) form.setValue("nationality", defaults.data.nationality);
    if (defaults.data.programType && !form.getValues("programType")) form.setValue("programType", defaults.data.programType as ProgramType);
  }, [defaults.data, form]);

  const save = api.roadmap.save.useMutation({
    onSuccess: (view) => {
      utils.roadmap.get.setData(undefined, view);
      toast.success(current ? "Your roadmap is updated for this intake." : "Your roadmap is ready.");
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error, "The roadmap could not be made.")),
  });

  const id = (name: string) => `roadmap-${name}`;
  const fieldError = (message?: string) => (message ? <p className="mt-1 text-sm text-red-700">{message}</p> : null);
  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      noValidate
      aria-label="Roadmap intake"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div>
        <h2 className="text-lg font-semibold">{current ? "Change your intake" : "Tell us about your plan"}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {current
            ? "Your steps and their dates are made again; steps that stay keep your done marks, notes and hidden choices."
            : "Eight short questions. Your nationality and degree come from your profile where you filled them in."}
        </p>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <div>
          <span id={id("nationality-label")} className="field-label">
            Nationality
          </span>
          <Controller
            control={form.control}
            name="nationality"
            render={({ field }) => (
              <SelectBox
                id={id("nationality")}
                aria-labelledby={id("nationality-label")}
                options={COUNTRY_OPTIONS}
                value={field.value ?? null}
                onChange={field.onChange}
                placeholder="Select your nationality"
              />
            )}
          />
          {fieldError(errors.nationality?.message)}
        </div>
        <div>
          <label htmlFor={id("programme")} className="field-label">
            Degree or programme you aim at
          </label>
          <select id={id("programme")} className="field-input" defaultValue="" {...form.register("programType")}>
            <option value="" disabled>
              Select a programme type
            </option>
            {PROGRAM_TYPES.map((type) => (
              <option key={type} value={type}>
                {PROGRAM_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          {fieldError(errors.programType?.message)}
        </div>
        <fieldset>
          <legend className="field-label">Intake: your first semester</legend>
          <div className="flex flex-wrap gap-3">
            <Controller
              control={form.control}
              name="intakeTerm"
              render={({ field }) => (
                <RadioChoices
                  name="intakeTerm"
                  value={field.value}
                  onChange={field.onChange}
                  choices={INTAKE_TERMS.map((term) => [term, INTAKE_TERM_LABELS[term]])}
                />
              )}
            />
            <select aria-label="Intake year" className="field-input w-28" {...form.register("intakeYear", { valueAsNumber: true })}>
              {YEARS.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
          {fieldError(errors.intakeTerm?.message ?? errors.intakeYear?.message)}
        </fieldset>
        <fieldset>
          <legend className="field-label">Language the programme is taught in</legend>
          <Controller
            control={form.control}
            name="programmeLanguage"
            render={({ field }) => (
              <RadioChoices
                name="programmeLanguage"
                value={field.value}
                onChange={field.onChange}
                choices={PROGRAMME_LANGUAGES.map((language) => [language, PROGRAMME_LANGUAGE_LABELS[language]])}
              />
            )}
          />
          {fieldError(errors.programmeLanguage?.message)}
        </fieldset>
        <div>
          <label htmlFor={id("level")} className="field-label">
            Your level in that language
          </label>
          <select id={id("level")} className="field-input" defaultValue="" {...form.register("languageLevel")}>
            <option value="" disabled>
              Select your level
            </option>
            {LANGUAGE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {LANGUAGE_LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
          {fieldError(errors.languageLevel?.message)}
        </div>
        <fieldset>
          <legend className="field-label">Do you already hold the language certificate the programme asks for?</legend>
          <Controller
            control={form.control}
            name="hasLanguageCertificate"
            render={({ field }) => (
              <RadioChoices
                name="hasLanguageCertificate"
                value={field.value}
                onChange={field.onChange}
                choices={[
                  [false, "Not yet"],
                  [true, "Yes"],
                ]}
              />
            )}
          />
          {fieldError(errors.hasLanguageCertificate?.message)}
        </fieldset>
        <div>
          <label htmlFor={id("entry")} className="field-label">
            Does your school-leaving certificate give direct university entrance in Germany?
          </label>
          <select id={id("entry")} className="field-input" {...form.register("directEntry")}>
            {DIRECT_ENTRY_ANSWERS.map((answer) => (
              <option key={answer} value={answer}>
                {DIRECT_ENTRY_LABELS[answer]}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-500">For a master&apos;s it is your bachelor&apos;s degree that counts: answer yes.</p>
          {fieldError(errors.directEntry?.message)}
        </div>
        <div>
          <label htmlFor={id("funding")} className="field-label">
            How will you fund your studies?
          </label>
          <select id={id("funding")} className="field-input" {...form.register("fundingPlan")}>
            {FUNDING_PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {FUNDING_PLAN_LABELS[plan]}
              </option>
            ))}
          </select>
          {fieldError(errors.fundingPlan?.message)}
        </div>
      </div>
      {save.error ? <FormMessage kind="error">{errorMessage(save.error, "The roadmap could not be made.")}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? "Making your roadmap..." : current ? "Update my roadmap" : "Make my roadmap"}
        </button>
        {current ? (
          <button type="button" className="btn-secondary" onClick={onDone}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** A row of radio buttons for one answer. */
function RadioChoices<V extends string | boolean>({
  name,
  value,
  onChange,
  choices,
}: {
  name: string;
  value: V | undefined;
  onChange: (value: V) => void;
  choices: [V, string][];
}) {
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-2 pt-2 text-sm">
      {choices.map(([choice, label]) => (
        <label key={String(choice)} className="flex items-center gap-2">
          <input type="radio" name={name} checked={value === choice} onChange={() => onChange(choice)} /> {label}
        </label>
      ))}
    </div>
  );
}
