"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { errorMessage, FormMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { type AssistantSettings, assistantSettingsSchema, COUNTRY_PLACEHOLDER } from "~/lib/schemas/assistant-settings";
import { api, type RouterOutputs } from "~/trpc/react";

type View = RouterOutputs["admin"]["assistant"]["get"];

/** /admin/assistant: the assistant's settings with their defaults; saving applies them to the next answer. */
export function AssistantSettingsForm({ canEdit }: { canEdit: boolean }) {
  const view = api.admin.assistant.get.useQuery();
  if (view.isPending) return <p className="text-sm text-slate-500">Loading...</p>;
  if (view.error) return <FormMessage kind="error">{view.error.message}</FormMessage>;
  return <SettingsForm view={view.data} canEdit={canEdit} />;
}

function Default({ children }: { children: React.ReactNode }) {
  return <p className="mt-1 text-xs text-slate-500">Default: {children}</p>;
}

function SettingsForm({ view, canEdit }: { view: View; canEdit: boolean }) {
  const utils = api.useUtils();
  const form = useForm<AssistantSettings>({
    resolver: zodResolver(assistantSettingsSchema),
    defaultValues: view.values,
  });
  useEffect(() => form.reset(view.values), [form, view.values]);
  const update = api.admin.assistant.update.useMutation({
    onSuccess: () => {
      toast.success("Settings saved. The next answer uses them.");
      void utils.admin.assistant.get.invalidate();
    },
  });
  const { errors, isDirty } = form.formState;
  const { defaults, models } = view;
  const modelLabel = (value: string) => models.find((model) => model.value === value)?.label ?? value;

  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit((values) => update.mutate(values))} aria-label="Assistant settings">
      <fieldset disabled={!canEdit} className="space-y-6">
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <fieldset>
            <legend className="text-lg font-semibold">Default chat model</legend>
            <p className="mt-1 text-sm text-slate-600">
              Answers a chat that names no model, or names a provider this server has no key for. Without a hosted provider, the local
              knowledge-base model answers.
            </p>
            <div className="mt-3 space-y-2">
              {models.map((model) => (
                <label
                  key={model.value}
                  className="flex items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                >
                  <input type="radio" value={model.value} className="mt-1" {...form.register("defaultChatModel")} />
                  <span>
                    <span className="font-medium">{model.label}</span>
                    {model.configured ? null : (
                      <span className="block text-amber-800">Not available: {model.missing}. The local model answers instead.</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
            {errors.defaultChatModel ? <p className="mt-1 text-sm text-red-700">{errors.defaultChatModel.message}</p> : null}
            <Default>{modelLabel(defaults.defaultChatModel)}</Default>
          </fieldset>
        </section>

        <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="settings-confidence">
          <h2 id="settings-confidence" className="text-lg font-semibold">
            Local model
          </h2>
          <div>
            <label htmlFor="sure-confidence" className="field-label">
              Confidence threshold (0 to 1)
            </label>
            <input
              id="sure-confidence"
              type="number"
              min={0}
              max={1}
              step={0.05}
              className="field-input max-w-40"
              aria-invalid={errors.sureConfidence ? true : undefined}
              {...form.register("sureConfidence", { valueAsNumber: true })}
            />
            <p className="mt-1 text-xs text-slate-500">Below it, an answer starts with “I am not fully sure this answers your question”.</p>
            {errors.sureConfidence ? <p className="mt-1 text-sm text-red-700">{errors.sureConfidence.message}</p> : null}
            <Default>{defaults.sureConfidence}</Default>
          </div>
          <div>
            <label htmlFor="unknown-text" className="field-label">
              “I don&apos;t know” answer
            </label>
            <textarea
              id="unknown-text"
              rows={2}
              className="field-input"
              aria-invalid={errors.unknownText ? true : undefined}
              {...form.register("unknownText")}
            />
            <p className="mt-1 text-xs text-slate-500">
              Opens the answer when the knowledge base has nothing on a question; suggested questions follow.
            </p>
            {errors.unknownText ? <p className="mt-1 text-sm text-red-700">{errors.unknownText.message}</p> : null}
            <Default>{defaults.unknownText}</Default>
          </div>
          <div>
            <label htmlFor="other-country-text" className="field-label">
              “I don&apos;t know” answer for another country
            </label>
            <textarea
              id="other-country-text"
              rows={2}
              className="field-input"
              aria-invalid={errors.otherCountryText ? true : undefined}
              {...form.register("otherCountryText")}
            />
            <p className="mt-1 text-xs text-slate-500">
              For plans for another country than Germany; {COUNTRY_PLACEHOLDER} is replaced by the country asked about.
            </p>
            {errors.otherCountryText ? <p className="mt-1 text-sm text-red-700">{errors.otherCountryText.message}</p> : null}
            <Default>{defaults.otherCountryText}</Default>
          </div>
        </section>

        <section
          className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2"
          aria-labelledby="settings-allowances"
        >
          <h2 id="settings-allowances" className="text-lg font-semibold sm:col-span-2">
            Visitors without an account (tokens a day)
          </h2>
          <div>
            <label htmlFor="session-tokens" className="field-label">
              Per browser session
            </label>
            <input
              id="session-tokens"
              type="number"
              min={0}
              step={500}
              className="field-input"
              aria-invalid={errors.anonymousSessionTokens ? true : undefined}
              {...form.register("anonymousSessionTokens", { valueAsNumber: true })}
            />
            {errors.anonymousSessionTokens ? <p className="mt-1 text-sm text-red-700">{errors.anonymousSessionTokens.message}</p> : null}
            <Default>{defaults.anonymousSessionTokens.toLocaleString("en")} (ANONYMOUS_SESSION_TOKEN_ALLOWANCE)</Default>
          </div>
          <div>
            <label htmlFor="address-tokens" className="field-label">
              Per address
            </label>
            <input
              id="address-tokens"
              type="number"
              min={0}
              step={500}
              className="field-input"
              aria-invalid={errors.anonymousAddressTokens ? true : undefined}
              {...form.register("anonymousAddressTokens", { valueAsNumber: true })}
            />
            {errors.anonymousAddressTokens ? <p className="mt-1 text-sm text-red-700">{errors.anonymousAddressTokens.message}</p> : null}
            <Default>{defaults.anonymousAddressTokens.toLocaleString("en")} (ANONYMOUS_ADDRESS_TOKEN_ALLOWANCE)</Default>
          </div>
        </section>
      </fieldset>

      {update.error ? <FormMessage kind="error">{errorMessage(update.error, "The settings could not be saved.")}</FormMessage> : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={update.isPending || !isDirty}>
            {update.isPending ? "Saving..." : "Save settings"}
          </button>
          <button type="button" className="btn-secondary" onClick={() => form.reset(defaults, { keepDefaultValues: true })}>
            Fill in the defaults
          </button>
        </div>
      ) : (
        <p className="text-sm text-slate-500">Your role may read these settings but not change them.</p>
      )}
    </form>
  );
}
