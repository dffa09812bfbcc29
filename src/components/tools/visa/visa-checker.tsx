"use client";

import { skipToken } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useSession } from "~/components/auth/session";
import { errorMessage, FormMessage } from "~/components/ui/form-field";
import { SelectBox } from "~/components/ui/select-box";
import type { Option } from "~/lib/options";
import type { VisaCheckInput } from "~/lib/schemas/tools/visa";
import {
  FUNDING_PLAN_LABELS,
  FUNDING_PLANS,
  VISA_FORM_DEFAULTS,
  VISA_PURPOSE_LABELS,
  VISA_PURPOSES,
  visaCheckerHref,
} from "~/lib/schemas/tools/visa-choices";
import { lazyZodResolver } from "~/lib/ui/lazy-resolver";
import { api } from "~/trpc/react";
import { VisaResultView } from "./visa-result";

const resolver = lazyZodResolver(() => import("~/lib/schemas/tools/visa").then((schemas) => schemas.visaCheckInputSchema));

interface VisaCheckerProps {
  /** The fields of the address (a shared or saved result), as far as they are valid. */
  initial: Partial<VisaCheckInput>;
  /** The whole check the address names, answered at once; null when the address names none. */
  initialCheck: VisaCheckInput | null;
  /** Every nationality, from the server (the country list stays out of the page's script). */
  nationalityOptions: Option[];
}

/** The Visa Checker: a short form; the answer is computed on the server (tools.visa.check). */
export function VisaChecker({ initial, initialCheck, nationalityOptions }: VisaCheckerProps) {
  const router = useRouter();
  const { status } = useSession();
  const [submitted, setSubmitted] = useState<VisaCheckInput | null>(initialCheck);
  const form = useForm<VisaCheckInput>({ resolver, defaultValues: { ...VISA_FORM_DEFAULTS, ...initial } });
  const { errors } = form.formState;

  // Signed in: start from the profile's nationality, unless the link already names one.
  const defaults = api.tools.saved.defaults.useQuery(undefined, {
    enabled: status === "authenticated" && !initial.nationality,
    staleTime: Infinity,
  });
  useEffect(() => {
    const nationality = defaults.data?.nationality;
    if (nationality && !form.getValues("nationality")) form.setValue("nationality", nationality);
  }, [defaults.data, form]);

  const result = api.tools.visa.check.useQuery(submitted ?? skipToken, { staleTime: Infinity });

  function onSubmit(values: VisaCheckInput) {
    setSubmitted(values);
    router.replace(visaCheckerHref(values), { scroll: false });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16">
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        noValidate
        aria-label="Visa check"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 print:hidden"
      >
        <div className="grid gap-5 md:grid-cols-2">
          <div>
            <span id="visa-nationality-label" className="field-label">
              Nationality
            </span>
            <Controller
              control={form.control}
              name="nationality"
              render={({ field }) => (
                <SelectBox
                  id="visa-nationality"
                  aria-labelledby="visa-nationality-label"
                  options={nationalityOptions}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  placeholder="Select your nationality"
                />
              )}
            />
            {errors.nationality ? <p className="mt-1 text-sm text-red-700">{errors.nationality.message}</p> : null}
          </div>
          <div>
            <label htmlFor="visa-purpose" className="field-label">
              Purpose of your stay
            </label>
            <select id="visa-purpose" className="field-input" defaultValue="" {...form.register("purpose")}>
              <option value="" disabled>
                Select a purpose
              </option>
              {VISA_PURPOSES.map((purpose) => (
                <option key={purpose} value={purpose}>
                  {VISA_PURPOSE_LABELS[purpose]}
                </option>
              ))}
            </select>
            {errors.purpose ? <p className="mt-1 text-sm text-red-700">{errors.purpose.message}</p> : null}
          </div>
          <fieldset>
            <legend className="field-label">Do you already hold a German residence title?</legend>
            <Controller
              control={form.control}
              name="holdsGermanTitle"
              render={({ field }) => (
                <div className="flex gap-6 pt-1 text-sm">
                  <label className="flex items-center gap-2">
                    <input type="radio" name="holdsGermanTitle" checked={field.value === false} onChange={() => field.onChange(false)} /> No
                  </label>
                  <label className="flex items-center gap-2">
                    <input type="radio" name="holdsGermanTitle" checked={field.value === true} onChange={() => field.onChange(true)} /> Yes,
                    I live in Germany with one
                  </label>
                </div>
              )}
            />
            {errors.holdsGermanTitle ? <p className="mt-1 text-sm text-red-700">{errors.holdsGermanTitle.message}</p> : null}
          </fieldset>
          <div>
            <label htmlFor="visa-funding" className="field-label">
              How will you fund your stay?
            </label>
            <select id="visa-funding" className="field-input" {...form.register("funding")}>
              {FUNDING_PLANS.map((plan) => (
                <option key={plan} value={plan}>
                  {FUNDING_PLAN_LABELS[plan]}
                </option>
              ))}
            </select>
            {errors.funding ? <p className="mt-1 text-sm text-red-700">{errors.funding.message}</p> : null}
          </div>
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={result.isFetching}>
            {result.isFetching ? "Checking..." : "Check"}
          </button>
          <p className="text-xs text-slate-500">Works without an account. Signed in, you can save the result to your profile.</p>
        </div>
      </form>

      <div className="mt-8" aria-live="polite">
        {result.error ? <FormMessage kind="error">{errorMessage(result.error, "The check failed. Please try again.")}</FormMessage> : null}
        {submitted && result.isPending && !result.error ? <p className="text-sm text-slate-500">Checking...</p> : null}
        {result.data ? <VisaResultView result={result.data} /> : null}
      </div>
    </div>
  );
}
