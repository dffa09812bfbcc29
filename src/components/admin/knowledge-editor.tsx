"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { format } from "date-fns";
import { useRouter } from "next/navigation";
import { useDeferredValue, useEffect, useState } from "react";
import { type Control, Controller, type Resolver, useFieldArray, useForm, useWatch } from "react-hook-form";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import type { z } from "zod";
import { DatePicker } from "~/components/ui/date-picker";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { ARTICLE_BODY_MAX, type ArticleSource, articleSaveSchema, REVIEW_DUE_DAYS, withoutComments } from "~/lib/schemas/knowledge";
import { api, type RouterOutputs } from "~/trpc/react";
import { Badge } from "./content-widgets";

type Article = RouterOutputs["admin"]["knowledge"]["get"];

interface FormValues {
  slug: string;
  title: string;
  topic: string;
  country: string;
  lastReviewed: string;
  sources: { title: string; url: string; accessed: string }[];
  body: string;
  note: string;
  baseVersion: number | null;
}

type SavedValues = z.output<typeof articleSaveSchema>;

const today = () => format(new Date(), "yyyy-MM-dd");

function valuesOf(article: Article | null): FormValues {
  return {
    slug: article?.slug ?? "",
    title: article?.title ?? "",
    topic: article?.topic ?? "",
    country: article?.country ?? "DE",
    lastReviewed: article?.lastReviewed ?? today(),
    sources: article?.sources.length
      ? article.sources.map((source: ArticleSource) => ({
          title: source.title,
          url: source.url,
          accessed: source.accessed ?? "",
        }))
      : [{ title: "", url: "", accessed: "" }],
    body: article?.body ?? "",
    note: "",
    baseVersion: article?.version ?? null,
  };
}

/** /admin/knowledge/[slug]: an article's fields, sources and Markdown text with its preview, and its versions. */
export function KnowledgeArticleEditor({ slug }: { slug: string }) {
  const article = api.admin.knowledge.get.useQuery({ slug });
  if (article.isPending) return <p className="text-sm text-slate-500">Loading...</p>;
  if (article.error) return <FormMessage kind="error">{article.error.message}</FormMessage>;
  return (
    <div className="space-y-10">
      <ArticleStatus article={article.data} />
      <ArticleForm article={article.data} />
      <Versions slug={slug} />
    </div>
  );
}

/** /admin/knowledge/new */
export function NewKnowledgeArticle() {
  return <ArticleForm article={null} />;
}

function ArticleStatus({ article }: { article: Article }) {
  const utils = api.useUtils();
  const setHidden = api.admin.knowledge.setHidden.useMutation({
    onSuccess: (result) => {
      toast.success(result.hidden ? "Hidden: the assistant no longer uses this article." : "The assistant uses this article again.");
      void utils.admin.knowledge.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <p className="flex flex-wrap items-center gap-2">
        {article.hidden ? <Badge tone="hidden">Hidden from the assistant</Badge> : <Badge tone="ok">Used by the assistant</Badge>}
        {article.reviewDue ? <Badge tone="warning">Review due: last reviewed more than {REVIEW_DUE_DAYS} days ago</Badge> : null}
        {article.origin === "admin" ? (
          <Badge tone="info">Written here</Badge>
        ) : article.customizedAt ? (
          <Badge tone="info">Edited here</Badge>
        ) : (
          <Badge>From the repository</Badge>
        )}
        <span className="text-slate-600">
          Version {article.version} · {article.passagesCount} passages for retrieval
          {article.origin === "file"
            ? article.customizedAt
              ? " · the repository's file no longer changes it"
              : " · follows the repository's file until edited here"
            : ""}
        </span>
      </p>
      <button
        type="button"
        className="btn-secondary"
        disabled={setHidden.isPending}
        onClick={() => setHidden.mutate({ slug: article.slug, hidden: !article.hidden })}
      >
        {article.hidden ? "Use for answers again" : "Hide from the assistant"}
      </button>
    </div>
  );
}

function ArticleForm({ article }: { article: Article | null }) {
  const router = useRouter();
  const utils = api.useUtils();
  const topics = api.admin.knowledge.topics.useQuery();
  const form = useForm<FormValues, unknown, SavedValues>({
    // The schema also takes the dates YAML front matter gives as Date objects; the form gives text.
    resolver: zodResolver(articleSaveSchema) as Resolver<FormValues, unknown, SavedValues>,
    defaultValues: valuesOf(article),
  });
  // A save (or a restore) brings a new version: the form follows it.
  useEffect(() => form.reset(valuesOf(article)), [article, form]);
  const sources = useFieldArray({ control: form.control, name: "sources" });
  const save = api.admin.knowledge.save.useMutation({
    onSuccess: (saved) => {
      toast.success(`Saved as version ${saved.version}. The assistant answers from the new text now.`);
      void utils.admin.knowledge.invalidate();
    },
  });
  const create = api.admin.knowledge.create.useMutation({
    onSuccess: (created) => {
      toast.success("Article created. The assistant answers from it now.");
      void utils.admin.knowledge.invalidate();
      router.push(`/admin/knowledge/${created.slug}`);
    },
  });
  const failure = save.error ?? create.error;
  const { errors } = form.formState;
  const sourcesError = errors.sources?.root?.message ?? errors.sources?.message;
  // The values were checked by the shared schema; the server checks them again.
  const submit = form.handleSubmit((values) => (article ? save.mutate(values) : create.mutate(values)));

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-label={article ? "Edit article" : "New article"}>
      <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="article-fields">
        <h2 id="article-fields" className="text-lg font-semibold">
          Article
        </h2>
        <TextField id="article-title" label="Title" error={errors.title?.message} {...form.register("title")} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {article ? (
            <div>
              <span className="field-label">Slug</span>
              <p className="py-2 text-sm text-slate-700">{article.slug}</p>
            </div>
          ) : (
            <TextField
              id="article-slug"
              label="Slug"
              hint="e.g. visa-appointment-waiting-times"
              error={errors.slug?.message}
              {...form.register("slug")}
            />
          )}
          <div>
            <TextField id="article-topic" label="Topic" list="article-topics" error={errors.topic?.message} {...form.register("topic")} />
            <datalist id="article-topics">
              {topics.data?.map((topic) => (
                <option key={topic} value={topic} />
              ))}
            </datalist>
          </div>
          <TextField
            id="article-country"
            label="Country"
            hint="ISO code, e.g. DE"
            error={errors.country?.message}
            {...form.register("country")}
          />
          <div>
            <span className="field-label">Last reviewed</span>
            <Controller
              control={form.control}
              name="lastReviewed"
              render={({ field }) => (
                <DatePicker
                  aria-label="Last reviewed"
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? "")}
                  max={today()}
                />
              )}
            />
            {errors.lastReviewed ? (
              <p className="mt-1 text-sm text-red-700">{errors.lastReviewed.message}</p>
            ) : (
              <p className="mt-1 text-xs text-slate-500">The day you checked the article against its sources.</p>
            )}
          </div>
        </div>
      </section>

      <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="article-sources">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="article-sources" className="text-lg font-semibold">
            Sources
          </h2>
          <button type="button" className="btn-secondary px-3 py-1" onClick={() => sources.append({ title: "", url: "", accessed: "" })}>
            Add source
          </button>
        </div>
        <p className="text-sm text-slate-600">The public pages the article is based on. The assistant cites the first one.</p>
        {sourcesError ? <FormMessage kind="error">{sourcesError}</FormMessage> : null}
        <ol className="space-y-3">
          {sources.fields.map((field, index) => {
            const rowErrors = errors.sources?.[index];
            return (
              <li
                key={field.id}
                className="grid gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_9rem_auto] sm:items-start"
              >
                <TextField
                  id={`source-${index}-title`}
                  label={`Source ${index + 1}: title`}
                  error={rowErrors?.title?.message}
                  {...form.register(`sources.${index}.title`)}
                />
                <TextField
                  id={`source-${index}-url`}
                  label="Address"
                  type="url"
                  placeholder="https://"
                  error={rowErrors?.url?.message}
                  {...form.register(`sources.${index}.url`)}
                />
                <TextField
                  id={`source-${index}-accessed`}
                  label="Accessed"
                  type="date"
                  max={today()}
                  error={rowErrors?.accessed?.message}
                  {...form.register(`sources.${index}.accessed`)}
                />
                <button
                  type="button"
                  className="btn-secondary px-3 py-1 sm:mt-6"
                  onClick={() => sources.remove(index)}
                  aria-label={`Remove source ${index + 1}`}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      </section>

      <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="article-text">
        <h2 id="article-text" className="text-lg font-semibold">
          Text
        </h2>
        <p className="text-sm text-slate-600">
          Markdown. Each heading starts a passage the assistant can quote; keep one subject per section. On the line under a heading,{" "}
          <code>&lt;!-- sources: 1, 3 --&gt;</code> names the sources above (numbered from 1) that back that section; as the first line, the
          introduction; without it, all of them do.
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <label htmlFor="article-body" className="field-label">
              Markdown
            </label>
            <textarea
              id="article-body"
              rows={24}
              maxLength={ARTICLE_BODY_MAX}
              className="field-input font-mono text-[13px] leading-5"
              aria-invalid={errors.body ? true : undefined}
              {...form.register("body")}
            />
            {errors.body ? <p className="mt-1 text-sm text-red-700">{errors.body.message}</p> : null}
          </div>
          <MarkdownPreview control={form.control} />
        </div>
        <TextField
          id="article-note"
          label="Note for the version history (optional)"
          placeholder="e.g. New amount from the Federal Foreign Office"
          error={errors.note?.message}
          {...form.register("note")}
        />
      </section>

      {failure ? <FormMessage kind="error">{errorMessage(failure, "The article could not be saved.")}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending || create.isPending}>
          {save.isPending || create.isPending ? "Saving..." : article ? "Save article" : "Create article"}
        </button>
        {article ? (
          <button type="button" className="btn-secondary" onClick={() => form.reset(valuesOf(article))}>
            Discard changes
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The text as the chat shows Markdown (no raw HTML, no comments such as sources markers), following the editor as it is typed. */
function MarkdownPreview({ control }: { control: Control<FormValues, unknown, SavedValues> }) {
  const body = useDeferredValue(useWatch({ control, name: "body" }));
  return (
    <div>
      <span className="field-label" id="article-preview">
        Preview
      </span>
      <div
        role="region"
        aria-labelledby="article-preview"
        className="prose-page max-h-[38rem] overflow-y-auto [&>:first-child]:mt-3 rounded-lg border border-slate-200 bg-slate-50 px-4 pb-4 text-sm [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_table]:mt-3 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2"
        data-testid="markdown-preview"
      >
        {body.trim() ? (
          <ReactMarkdown
            remarkPlugins={[remarkGfm]}
            components={{
              a: ({ href, children }) => (
                <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                  {children}
                </a>
              ),
            }}
          >
            {withoutComments(body)}
          </ReactMarkdown>
        ) : (
          <p className="text-slate-500">Nothing written yet.</p>
        )}
      </div>
    </div>
  );
}

type Version = RouterOutputs["admin"]["knowledge"]["versions"][number];

function Versions({ slug }: { slug: string }) {
  const utils = api.useUtils();
  const versions = api.admin.knowledge.versions.useQuery({ slug });
  const [compare, setCompare] = useState<{ from: Version; to: Version | null } | null>(null);
  const restore = api.admin.knowledge.restore.useMutation({
    onSuccess: (saved) => {
      toast.success(`Restored as version ${saved.version}. The assistant answers from it now.`);
      setCompare(null);
      void utils.admin.knowledge.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const list = versions.data ?? [];
  return (
    <section aria-labelledby="article-versions" className="space-y-3">
      <h2 id="article-versions" className="text-lg font-semibold">
        Versions
      </h2>
      {versions.error ? <FormMessage kind="error">{versions.error.message}</FormMessage> : null}
      <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white text-sm">
        {list.map((version, index) => {
          const previous = list[index + 1];
          return (
            <li key={version.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <p className="font-semibold">
                  Version {version.version}
                  {index === 0 ? (
                    <span className="ml-2">
                      <Badge tone="ok">Current</Badge>
                    </span>
                  ) : null}
                </p>
                <p className="text-slate-600">
                  {format(new Date(version.createdAt), "d MMM yyyy, HH:mm")} ·{" "}
                  {version.fromRepository ? "from the repository" : (version.authorEmail ?? "a former staff member")}
                  {version.note && !version.fromRepository ? ` · ${version.note}` : ""}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {previous ? (
                  <button type="button" className="btn-secondary px-3 py-1" onClick={() => setCompare({ from: previous, to: version })}>
                    Changes in this version
                  </button>
                ) : null}
                {index > 0 ? (
                  <>
                    <button type="button" className="btn-secondary px-3 py-1" onClick={() => setCompare({ from: version, to: null })}>
                      Compare with current
                    </button>
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1"
                      disabled={restore.isPending}
                      onClick={() => {
                        if (window.confirm(`Restore version ${version.version}? It is saved as a new version; nothing is lost.`))
                          restore.mutate({ versionId: version.id });
                      }}
                    >
                      Restore<span className="sr-only"> version {version.version}</span>
                    </button>
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {compare ? <VersionDiff slug={slug} from={compare.from} to={compare.to} onClose={() => setCompare(null)} /> : null}
    </section>
  );
}

/** Unchanged stretches longer than this are folded, keeping CONTEXT lines on each side of a change. */
const FOLD_AFTER = 8;
const CONTEXT = 3;

function VersionDiff({ slug, from, to, onClose }: { slug: string; from: Version; to: Version | null; onClose: () => void }) {
  const diff = api.admin.knowledge.diff.useQuery({ slug, from: from.id, to: to?.id ?? null });
  const title = `Version ${from.version} → ${to ? `version ${to.version}` : "current"}`;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" role="region" aria-label={`Changes: ${title}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {title}
          {diff.data ? (
            <span className="ml-2 text-sm font-normal text-slate-600">
              {diff.data.linesAdded} lines added, {diff.data.linesRemoved} removed
            </span>
          ) : null}
        </h3>
        <button type="button" className="btn-secondary px-3 py-1" onClick={onClose}>
          Close
        </button>
      </div>
      {diff.isPending ? <p className="text-sm text-slate-500">Loading...</p> : null}
      {diff.error ? <FormMessage kind="error">{diff.error.message}</FormMessage> : null}
      {diff.data ? (
        diff.data.linesAdded + diff.data.linesRemoved === 0 ? (
          <p className="text-sm text-slate-600">No differences.</p>
        ) : (
          <pre
            className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-mono text-xs leading-5"
            data-testid="version-diff"
          >
            {diff.data.changes.map((change, index) => (
              <DiffChunk key={index} kind={change.kind} value={change.value} />
            ))}
          </pre>
        )
      ) : null}
    </div>
  );
}

function DiffChunk({ kind, value }: { kind: "added" | "removed" | "same"; value: string }) {
  const lines = value.replace(/\n$/, "").split("\n");
  if (kind === "same") {
    const shown = lines.length > FOLD_AFTER ? [...lines.slice(0, CONTEXT), null, ...lines.slice(-CONTEXT)] : lines;
    return (
      <>
        {shown.map((line, index) =>
          line === null ? (
            <span key={index} className="block text-slate-400">
              ⋯ {lines.length - 2 * CONTEXT} unchanged lines ⋯
            </span>
          ) : (
            <span key={index} className="block text-slate-600">{`  ${line}`}</span>
          ),
        )}
      </>
    );
  }
  const style = kind === "added" ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900 line-through decoration-red-300";
  const sign = kind === "added" ? "+" : "-";
  return (
    <>
      {lines.map((line, index) => (
        <span key={index} className={`block ${style}`}>
          <span aria-hidden="true">{`${sign} `}</span>
          <span className="sr-only">{kind === "added" ? "Added: " : "Removed: "}</span>
          {line}
        </span>
      ))}
    </>
  );
}
