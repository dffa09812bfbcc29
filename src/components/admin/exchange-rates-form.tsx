"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { type ExchangeRatesUpdate, exchangeRatesUpdateSchema } from "~/lib/schemas/tools/compare";
import { api } from "~/trpc/react";

/** /admin/exchange-rates: the day of the rates, one line per currency, and the page they come from. */
export function ExchangeRatesForm({ canEdit }: { canEdit: boolean }) {
  const utils = api.useUtils();
  const current = api.admin.exchangeRates.get.useQuery();
  const form = useForm<ExchangeRatesUpdate>({ resolver: zodResolver(exchangeRatesUpdateSchema) });
  const rows = useFieldArray({ control: form.control, name: "rates" });
  const save = api.admin.exchangeRates.update.useMutation({
    onSuccess: () => {
      toast.success("Rates saved: the comparison converts with them now.");
      void utils.admin.exchangeRates.get.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, "The rates could not be saved.")),
  });
  useEffect(() => {
    const rates = current.data;
    if (!rates) return;
    form.reset({
      date: rates.value.date,
      rates: Object.entries(rates.value.rates).map(([currency, rate]) => ({ currency, rate })),
      sourceTitle: rates.sources[0]?.title ?? "",
      sourceUrl: rates.sources[0]?.url ?? "",
    });
  }, [current.data, form]);
  const { errors, isDirty } = form.formState;

  if (current.error) return <FormMessage kind="error">{errorMessage(current.error, "The rates could not be loaded.")}</FormMessage>;
  if (current.isLoading) return <p className="text-sm text-slate-500">Loading...</p>;
  if (!current.data) return <FormMessage kind="error">No exchange rates are stored yet: run the seed.</FormMessage>;

  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      noValidate
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label="Exchange rates"
    >
      {!canEdit ? (
        <p className="text-sm text-slate-600">You may read the rates; changing them needs the designer:settings permission.</p>
      ) : null}
      <fieldset disabled={!canEdit} className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField id="rates-date" label="Rates of the day (YYYY-MM-DD)" error={errors.date?.message} {...form.register("date")} />
          <TextField id="rates-source-title" label="Source page" error={errors.sourceTitle?.message} {...form.register("sourceTitle")} />
          <TextField
            id="rates-source-url"
            label="Source address"
            placeholder="https://"
            error={errors.sourceUrl?.message}
            {...form.register("sourceUrl")}
          />
        </div>
        <table className="w-full max-w-md text-sm">
          <caption className="mb-2 text-left text-slate-600">1 EUR equals</caption>
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1 font-medium">Currency</th>
              <th className="py-1 font-medium">Rate</th>
              <th className="py-1">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((field, index) => (
              <tr key={field.id}>
                <td className="py-1 pr-2">
                  <input
                    aria-label={`Currency ${index + 1}`}
                    className="field-input uppercase"
                    maxLength={3}
                    {...form.register(`rates.${index}.currency`)}
                  />
                  {errors.rates?.[index]?.currency ? (
                    <p className="mt-1 text-xs text-red-700">{errors.rates[index].currency.message}</p>
                  ) : null}
                </td>
                <td className="py-1 pr-2">
                  <input
                    aria-label={`Rate ${index + 1}`}
                    className="field-input"
                    inputMode="decimal"
                    {...form.register(`rates.${index}.rate`, { valueAsNumber: true })}
                  />
                  {errors.rates?.[index]?.rate ? <p className="mt-1 text-xs text-red-700">{errors.rates[index].rate.message}</p> : null}
                </td>
                <td className="py-1">
                  <button type="button" className="text-sm text-red-700 hover:underline" onClick={() => rows.remove(index)}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {errors.rates?.root?.message || errors.rates?.message ? (
          <p className="text-sm text-red-700">{errors.rates.root?.message ?? errors.rates.message}</p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-secondary" onClick={() => rows.append({ currency: "", rate: Number.NaN })}>
            Add a currency
          </button>
          <button type="submit" className="btn-primary" disabled={!isDirty || save.isPending}>
            {save.isPending ? "Saving..." : "Save rates"}
          </button>
        </div>
      </fieldset>
      <p className="text-xs text-slate-500">Last changed: checked {current.data.checkedOn}.</p>
    </form>
  );
}
