"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { BannerView } from "~/components/layout/announcement-banner";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { BANNER_LABEL_MAX, BANNER_TEXT_MAX, type SiteTexts, siteTextsSchema } from "~/lib/schemas/site-texts";
import { api } from "~/trpc/react";

/** /admin/site-texts: the banner (with its preview) and the support hours, saved together. */
export function SiteTextsForm() {
  const utils = api.useUtils();
  const current = api.admin.siteTexts.get.useQuery();
  const form = useForm<SiteTexts>({ resolver: zodResolver(siteTextsSchema) });
  const save = api.admin.siteTexts.update.useMutation({
    onSuccess: (saved) => {
      toast.success("Saved: the site shows it now.");
      form.reset(saved);
      void utils.admin.siteTexts.get.invalidate();
    },
  });
  useEffect(() => {
    if (current.data) form.reset(current.data);
  }, [current.data, form]);
  const banner = useWatch({ control: form.control, name: "banner" });
  const { errors, isDirty } = form.formState;

  if (current.error) return <FormMessage kind="error">{errorMessage(current.error, "The site texts could not be loaded.")}</FormMessage>;
  if (!current.data) return <p className="text-sm text-slate-500">Loading...</p>;

  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="space-y-8" aria-label="Site texts">
      <section aria-labelledby="banner-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="banner-heading" className="text-lg font-semibold">
          Announcement banner
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A line at the top of every public page (not in the management area). Visitors may close it for their browser session; a new text
          shows again.
        </p>
        <div className="mt-4 space-y-4">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" {...form.register("banner.enabled")} />
            Show the banner on the site
          </label>
          <div>
            <label htmlFor="banner-text" className="field-label">
              Text
            </label>
            <input
              id="banner-text"
              className="field-input"
              maxLength={BANNER_TEXT_MAX}
              aria-invalid={errors.banner?.text ? true : undefined}
              aria-describedby="banner-text-hint"
              {...form.register("banner.text")}
            />
            <p id="banner-text-hint" className="mt-1 text-xs text-slate-500">
              One line, at most {BANNER_TEXT_MAX} characters ({banner?.text?.length ?? 0} now).
            </p>
            {errors.banner?.text ? <p className="mt-1 text-sm text-red-700">{errors.banner.text.message}</p> : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="banner-link"
              label="Link (optional)"
              placeholder="/pricing or https://..."
              hint="A page of this site starting with /, or an https:// address."
              error={errors.banner?.linkUrl?.message}
              {...form.register("banner.linkUrl")}
            />
            <TextField
              id="banner-label"
              label="Link label (optional)"
              placeholder="Read more"
              maxLength={BANNER_LABEL_MAX}
              error={errors.banner?.linkLabel?.message}
              {...form.register("banner.linkLabel")}
            />
          </div>
          <fieldset>
            <legend className="field-label">Tone</legend>
            <div className="flex gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" value="info" {...form.register("banner.tone")} /> Information
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="warning" {...form.register("banner.tone")} /> Warning
              </label>
            </div>
          </fieldset>
          <div>
            <p className="field-label">Preview</p>
            <div className="overflow-hidden rounded-lg border border-slate-200" data-testid="banner-preview">
              {banner?.text ? (
                <BannerView
                  label="Banner preview"
                  banner={{
                    text: banner.text,
                    linkUrl: banner.linkUrl ?? "",
                    linkLabel: banner.linkLabel ?? "",
                    tone: banner.tone ?? "info",
                  }}
                />
              ) : (
                <p className="p-3 text-sm text-slate-500">Write a text to see the banner.</p>
              )}
            </div>
            {banner && !banner.enabled ? (
              <p className="mt-1 text-xs text-slate-500">The banner is off: the site does not show it.</p>
            ) : null}
          </div>
        </div>
      </section>

      <section aria-labelledby="hours-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="hours-heading" className="text-lg font-semibold">
          Support hours
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Shown on the contact page, in the footer and in the mail that confirms a contact message.
        </p>
        <div className="mt-4">
          <TextField id="support-hours" label="Support hours" error={errors.supportHours?.message} {...form.register("supportHours")} />
        </div>
      </section>

      {save.error ? <FormMessage kind="error">{errorMessage(save.error, "The site texts could not be saved.")}</FormMessage> : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending || !isDirty}>
          {save.isPending ? "Saving..." : "Save"}
        </button>
        {isDirty ? <span className="text-sm text-slate-600">Unsaved changes</span> : null}
      </div>
    </form>
  );
}
