"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { type InputHTMLAttributes, useEffect, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useSession } from "~/components/auth/session";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { SelectBox } from "~/components/ui/select-box";
import {
  type CostFormValues,
  type CostInput,
  costCalculatorHref,
  costInputSchema,
  HOUSING_LABELS,
  HOUSING_TYPES,
  LIFESTYLE_DESCRIPTIONS,
  LIFESTYLE_LABELS,
  LIFESTYLES,
  MAX_AGE,
  MAX_SHARING,
  MIN_AGE,
} from "~/lib/schemas/tools/costs";
import { api } from "~/trpc/react";
import { CostResult } from "./cost-result";

type QueryValues = Partial<Record<keyof CostInput, string>>;

const HOUSING_HINTS: Record<CostInput["housing"], string> = {
  dorm: "A room run by the local Studierendenwerk.",
  "shared-flat": "A room in a flat shared with others (Wohngemeinschaft).",
  "own-flat": "A flat of your own, alone or shared with a partner.",
};

/** A radio button on a card: the label names it, the line below describes it; the whole card is clickable. */
function RadioCard({
  id,
  label,
  description,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; description: string }) {
  return (
    <div className="relative flex gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
      <input id={id} type="radio" className="relative z-10 mt-0.5" aria-describedby={`${id}-description`} {...input} />
      <div>
        <label htmlFor={id} className="block cursor-pointer font-medium text-slate-800 after:absolute after:inset-0">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs text-slate-600">
          {description}
        </p>
      </div>
    </div>
  );
}

/** The form of the Cost Calculator and, once it is sent (or opened from a share link), the budget. */
export function CostCalculator({ initial }: { initial: QueryValues }) {
  const router = useRouter();
  const { status } = useSession();
  const cities = api.tools.costs.cities.useQuery();
  const defaults = api.tools.saved.defaults.useQuery(undefined, { enabled: status === "authenticated", retry: false });

  const initialInput = useMemo(() => {
    const parsed = costInputSchema.safeParse(initial);
    return parsed.success ? parsed.data : null;
  }, [initial]);
  const [submitted, setSubmitted] = useState<CostInput | null>(initialInput);

  const form = useForm<CostFormValues, unknown, CostInput>({
    resolver: zodResolver(costInputSchema),
    defaultValues: {
      city: initial.city ?? "",
      housing: (initial.housing ?? "") as CostInput["housing"],
      age: initial.age ?? "",
      lifestyle: (initial.lifestyle ?? "typical") as CostInput["lifestyle"],
      sharing: initial.sharing ?? "1",
    },
  });
  const { errors } = form.formState;

  // A link with some inputs but not a valid set: say at once what is missing or wrong.
  useEffect(() => {
    if (!initialInput && Object.keys(initial).length > 0) void form.trigger();
  }, [form, initial, initialInput]);

  // Signed in: start from the age in the profile, unless the link or the user already gave one.
  const profileAge = defaults.data?.age ?? null;
  useEffect(() => {
    if (profileAge === null || profileAge < MIN_AGE || profileAge > MAX_AGE) return;
    if (form.getValues("age") === "" && !form.getFieldState("age").isDirty) form.setValue("age", String(profileAge));
  }, [form, profileAge]);

  const budget = api.tools.costs.calculate.useQuery(submitted!, { enabled: submitted !== null, retry: false });

  const calculate = form.handleSubmit((input) => {
    setSubmitted(input);
    router.replace(costCalculatorHref(input), { scroll: false });
  });

  const cityOptions = (cities.data ?? []).map((city) => ({ value: city.slug, label: city.name }));

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] print:block">
      <form
        onSubmit={calculate}
        noValidate
        aria-label="Your situation"
        className="h-fit space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm print:hidden"
      >
        <h2 className="text-lg font-semibold">Your situation</h2>
        <div>
          <span id="cost-city-label" className="field-label">
            City
          </span>
          <Controller
            control={form.control}
            name="city"
            render={({ field }) => (
              <SelectBox
                id="cost-city"
                aria-labelledby="cost-city-label"
                options={cityOptions}
                value={field.value || null}
                onChange={(value) => field.onChange(value)}
                placeholder={cities.isPending ? "Loading cities..." : "Choose a city"}
                disabled={cities.isPending}
              />
            )}
          />
          {cities.error ? (
            <p className="mt-1 text-sm text-red-700">{errorMessage(cities.error, "The cities could not be loaded.")}</p>
          ) : null}
          {errors.city ? <p className="mt-1 text-sm text-red-700">{errors.city.message}</p> : null}
        </div>

        <fieldset className="min-w-0" aria-describedby={errors.housing ? "cost-housing-error" : undefined}>
          <legend className="field-label">Housing</legend>
          <div className="space-y-2">
            {HOUSING_TYPES.map((housing) => (
              <RadioCard
                key={housing}
                id={`cost-housing-${housing}`}
                label={HOUSING_LABELS[housing]}
                description={HOUSING_HINTS[housing]}
                {...form.register("housing")}
                value={housing}
              />
            ))}
          </div>
          {errors.housing ? (
            <p id="cost-housing-error" className="mt-1 text-sm text-red-700">
              {errors.housing.message}
            </p>
          ) : null}
        </fieldset>

        <TextField
          id="cost-age"
          label="Age"
          type="number"
          inputMode="numeric"
          min={MIN_AGE}
          max={MAX_AGE}
          hint={
            profileAge !== null && status === "authenticated"
              ? "From your profile; change it if you like."
              : "Health insurance depends on it: the student rate changes at 23 and ends at 30."
          }
          error={errors.age?.message}
          {...form.register("age")}
        />

        <fieldset className="min-w-0">
          <legend className="field-label">Lifestyle</legend>
          <div className="space-y-2">
            {LIFESTYLES.map((lifestyle) => (
              <RadioCard
                key={lifestyle}
                id={`cost-lifestyle-${lifestyle}`}
                label={LIFESTYLE_LABELS[lifestyle]}
                description={LIFESTYLE_DESCRIPTIONS[lifestyle]}
                {...form.register("lifestyle")}
                value={lifestyle}
              />
            ))}
          </div>
          {errors.lifestyle ? <p className="mt-1 text-sm text-red-700">{errors.lifestyle.message}</p> : null}
        </fieldset>

        <TextField
          id="cost-sharing"
          label="People in your household"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SHARING}
          hint="Counting you. They share the broadcasting fee, and the rent of an own flat."
          error={errors.sharing?.message}
          {...form.register("sharing")}
        />

        <button type="submit" className="btn-primary w-full">
          Calculate my budget
        </button>
      </form>

      <div aria-live="polite">
        {submitted === null ? (
          <div className="rounded-2xl border border-dashed border-slate-300 p-6 text-sm text-slate-600 print:hidden">
            Choose a city, a housing type and your age, then calculate: the budget appears here with the source of every line.
          </div>
        ) : budget.error ? (
          <FormMessage kind="error">{errorMessage(budget.error, "The budget could not be calculated. Please try again.")}</FormMessage>
        ) : budget.data ? (
          <CostResult result={budget.data} signedIn={status === "authenticated"} />
        ) : (
          <p className="text-sm text-slate-500">Calculating...</p>
        )}
      </div>
    </div>
  );
}
