"use client";

import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "~/components/ui/toast";
import type { CompareInput } from "~/lib/schemas/tools/compare";
import {
  COMPARE_CRITERIA,
  COMPARE_CRITERION_LABELS,
  type CompareCountry,
  compareHref,
  MAX_COMPARED,
  MIN_COMPARED,
} from "~/lib/schemas/tools/compare-choices";
import { lazyZodResolver } from "~/lib/ui/lazy-resolver";

const resolver = lazyZodResolver(() => import("~/lib/schemas/tools/compare").then((schemas) => schemas.compareInputSchema));

/** Which 2 to 4 destinations and which criteria: sent as the page's address, so any comparison can be shared. */
export function ComparePicker({
  initial,
  countries,
}: {
  initial: { countries: string[]; criteria: string[] };
  countries: Array<{ code: CompareCountry; name: string }>;
}) {
  const router = useRouter();
  const form = useForm<CompareInput>({
    resolver,
    defaultValues: {
      countries: initial.countries as CompareInput["countries"],
      criteria: initial.criteria as CompareInput["criteria"],
    },
  });
  const chosen = useWatch({ control: form.control, name: "countries" }) ?? [];
  const { errors } = form.formState;

  return (
    <form
      action="/compare"
      method="get"
      onSubmit={form.handleSubmit((input) => router.push(compareHref(input), { scroll: false }))}
      noValidate
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm print:hidden"
      aria-label="Choose the comparison"
    >
      <fieldset aria-describedby="compare-countries-hint">
        <legend className="text-sm font-semibold text-slate-900">Countries</legend>
        <p id="compare-countries-hint" className="text-xs text-slate-500">
          Pick {MIN_COMPARED} to {MAX_COMPARED}.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {countries.map(({ code, name }) => {
            const checked = chosen.includes(code);
            return (
              <label
                key={code}
                className={`flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${checked ? "border-brand-500 bg-brand-50 text-brand-800" : "border-slate-200 text-slate-700"} has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50`}
              >
                <input type="checkbox" value={code} disabled={!checked && chosen.length >= MAX_COMPARED} {...form.register("countries")} />
                {name}
              </label>
            );
          })}
        </div>
        {errors.countries ? (
          <p className="mt-2 text-sm text-red-700" role="alert">
            {errors.countries.message ?? errors.countries.root?.message}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="mt-5">
        <legend className="text-sm font-semibold text-slate-900">What matters to you</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {COMPARE_CRITERIA.map((criterion) => (
            <label key={criterion} className="flex items-start gap-2 text-sm text-slate-700">
              <input type="checkbox" className="mt-0.5" value={criterion} {...form.register("criteria")} />
              {COMPARE_CRITERION_LABELS[criterion]}
            </label>
          ))}
        </div>
        {errors.criteria ? (
          <p className="mt-2 text-sm text-red-700" role="alert">
            {errors.criteria.message ?? errors.criteria.root?.message}
          </p>
        ) : null}
      </fieldset>
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">
          Compare
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            void navigator.clipboard.writeText(window.location.href).then(
              () => toast.success("Link copied: it opens this comparison."),
              () => toast.error("The link could not be copied; copy it from the address bar."),
            );
          }}
        >
          Copy link
        </button>
        <button type="button" className="btn-secondary" onClick={() => window.print()}>
          Print
        </button>
      </div>
    </form>
  );
}
