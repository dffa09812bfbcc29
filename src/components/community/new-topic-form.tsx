"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useAuthModal } from "~/components/auth/auth-modals";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { SelectBox } from "~/components/ui/select-box";
import { type NewTopicInput, newTopicSchema, topicHref } from "~/lib/schemas/community";
import { api } from "~/trpc/react";
import { MarkdownField } from "./markdown-field";
import { useForumAccess, VERIFY_FIRST } from "./sign-in-gate";
import { TagInput } from "./tag-input";

/**
 * A new topic: category, title, Markdown text and tags, pre-filled from the address (?title=, ?category=).
 * Once posted the member goes to the topic, or, when the filter held it, reads why.
 */
export function NewTopicForm({
  categories,
  defaults,
}: {
  categories: { slug: string; name: string }[];
  defaults: { title: string; categorySlug: string };
}) {
  const router = useRouter();
  const utils = api.useUtils();
  const access = useForumAccess();
  const { open } = useAuthModal();
  const [held, setHeld] = useState<string | null>(null);
  const form = useForm<NewTopicInput>({
    resolver: zodResolver(newTopicSchema),
    defaultValues: { categorySlug: defaults.categorySlug, title: defaults.title, body: "", tags: [] },
  });
  const create = api.community.createTopic.useMutation({
    onSuccess: (outcome) => {
      void utils.community.topics.invalidate();
      void utils.community.categories.invalidate();
      if (outcome.held) {
        setHeld(outcome.message);
        form.reset({ categorySlug: form.getValues("categorySlug"), title: "", body: "", tags: [] });
      } else router.push(topicHref({ id: outcome.topicId, slug: outcome.topicSlug }));
    },
  });
  const { errors } = form.formState;

  if (access === "signed-out")
    return (
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-sm text-slate-700">Log in to start a topic. Reading the community needs no account.</p>
        <button type="button" className="btn-primary" onClick={() => open("login")}>
          Log in
        </button>
      </div>
    );
  if (access === "unverified") return <FormMessage kind="info">{VERIFY_FIRST}</FormMessage>;

  return (
    <form
      noValidate
      aria-label="New topic"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      onSubmit={form.handleSubmit((values) => {
        setHeld(null);
        create.mutate(values);
      })}
    >
      <div>
        <span id="topic-category-label" className="field-label">
          Category
        </span>
        <Controller
          control={form.control}
          name="categorySlug"
          render={({ field }) => (
            <SelectBox
              id="topic-category"
              aria-labelledby="topic-category-label"
              options={categories.map((category) => ({ value: category.slug, label: category.name }))}
              value={field.value || null}
              onChange={field.onChange}
              placeholder="Choose a category"
            />
          )}
        />
        {errors.categorySlug ? <p className="mt-1 text-sm text-red-700">{errors.categorySlug.message}</p> : null}
      </div>
      <TextField
        id="topic-title"
        label="Title"
        hint="Say what you want to know, as a question."
        error={errors.title?.message}
        {...form.register("title")}
      />
      <MarkdownField
        id="topic-body"
        label="Your question"
        error={errors.body?.message}
        readText={() => form.getValues("body")}
        textarea={form.register("body")}
      />
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <TagInput
            id="topic-tags"
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.tags?.message ?? errors.tags?.find?.((tag) => tag?.message)?.message}
          />
        )}
      />
      {create.error ? (
        <FormMessage kind="error">{errorMessage(create.error, "Your topic could not be posted. Please try again.")}</FormMessage>
      ) : null}
      {held ? <FormMessage kind="info">{held}</FormMessage> : null}
      <button type="submit" className="btn-primary" disabled={create.isPending || access === "loading"}>
        {create.isPending ? "Posting..." : "Post topic"}
      </button>
    </form>
  );
}
