"use client";

import * as Tabs from "@radix-ui/react-tabs";
import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AdminTable, LoadError, type TableFilter, useListParams } from "~/components/admin/admin-table";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import { type DislikeListQuery, NO_ARTICLE, type UnansweredListQuery } from "~/lib/schemas/admin-feedback";
import { DISLIKE_REASONS } from "~/lib/schemas/chat";
import { api, type RouterOutputs } from "~/trpc/react";
import { FigureCard, formatRatio, type OptionalPeriod, PeriodField, ReportPeriodBar, useReportPeriod } from "./analytics-period";

type DislikeRow = RouterOutputs["admin"]["feedback"]["dislikes"]["rows"][number];
type UnansweredRow = RouterOutputs["admin"]["feedback"]["unanswered"]["rows"][number];

const when = (date: Date) => format(new Date(date), "d MMM yyyy, HH:mm");
const editorLink = (slug: string) => `/admin/knowledge/${slug}`;

const TABS = [
  { value: "dislikes", label: "Dislikes" },
  { value: "articles", label: "By article" },
  { value: "unanswered", label: "Unanswered questions" },
  { value: "figures", label: "Figures" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

const STATE_FILTER: TableFilter = {
  key: "state",
  label: "Status",
  options: [
    { value: "unhandled", label: "Not handled" },
    { value: "handled", label: "Handled" },
  ],
};

/**
 * /admin/feedback: what users disliked and why, by article, the questions the assistant could not
 * answer, and the figures. The open tab is kept in the URL; changing it starts the tab afresh.
 */
export function FeedbackTriage({ canHandle }: { canHandle: boolean }) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const requested = searchParams.get("tab");
  const tab: TabValue = TABS.some((candidate) => candidate.value === requested) ? (requested as TabValue) : "dislikes";
  const open = (value: string, extra: Record<string, string> = {}) =>
    router.replace(`${pathname}?${new URLSearchParams({ tab: value, ...extra }).toString()}`, { scroll: false });
  return (
    <Tabs.Root value={tab} onValueChange={(value) => open(value)}>
      <Tabs.List aria-label="Feedback views" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((item) => (
          <Tabs.Trigger
            key={item.value}
            value={item.value}
            className="whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
          >
            {item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="dislikes" className="pt-4">
        <DislikesTab canHandle={canHandle} />
      </Tabs.Content>
      <Tabs.Content value="articles" className="pt-4">
        <ByArticleTab onShow={(article) => open("dislikes", { article })} />
      </Tabs.Content>
      <Tabs.Content value="unanswered" className="pt-4">
        <UnansweredTab canHandle={canHandle} />
      </Tabs.Content>
      <Tabs.Content value="figures" className="pt-4">
        <FiguresTab />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function ArticleLinks({ articles }: { articles: DislikeRow["citedArticles"] }) {
  if (articles.length === 0) return <span className="text-slate-500">No article cited</span>;
  return (
    <ul className="space-y-1">
      {articles.map((article) => (
        <li key={article.slug}>
          <Link href={editorLink(article.slug)} className="text-brand-700 hover:underline">
            {article.title ?? article.slug}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function HandledState({
  handledAt,
  handledBy,
  handledNote,
}: {
  handledAt: Date | null;
  handledBy?: string | null;
  handledNote?: string | null;
}) {
  if (!handledAt) return <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Not handled</span>;
  return (
    <div className="space-y-1 text-xs">
      <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 font-semibold text-emerald-900">Handled</span>
      <p className="text-slate-600">
        {when(handledAt)}
        {handledBy ? ` by ${handledBy}` : ""}
      </p>
      {handledNote ? <p className="whitespace-pre-line break-words text-slate-800">{handledNote}</p> : null}
    </div>
  );
}

function useInvalidateFeedback() {
  const utils = api.useUtils();
  return () =>
    Promise.all([
      utils.admin.feedback.dislikes.invalidate(),
      utils.admin.feedback.byArticle.invalidate(),
      utils.admin.feedback.unanswered.invalidate(),
    ]);
}

function DislikesTab({ canHandle }: { canHandle: boolean }) {
  const params = useListParams({ filters: ["reason", "state", "article", "from", "to"], defaultSort: "createdAt" });
  const dislikes = api.admin.feedback.dislikes.useQuery(params.query as DislikeListQuery, {
    placeholderData: (previous) => previous,
  });
  const groups = api.admin.feedback.byArticle.useQuery({});
  const [handling, setHandling] = useState<DislikeRow | null>(null);

  const filters: TableFilter[] = useMemo(
    () => [
      { key: "reason", label: "Reason", options: DISLIKE_REASONS.map((reason) => ({ value: reason, label: reason })) },
      STATE_FILTER,
      {
        key: "article",
        label: "Cited article",
        options: [
          { value: NO_ARTICLE, label: "No article cited" },
          ...(groups.data ?? []).filter((group) => group.slug).map((group) => ({ value: group.slug!, label: group.title ?? group.slug! })),
        ],
      },
    ],
    [groups.data],
  );

  const columns: ColumnDef<DislikeRow, unknown>[] = [
    {
      id: "createdAt",
      header: "Date",
      enableSorting: true,
      cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.createdAt)}</span>,
    },
    {
      id: "question",
      header: "Question",
      enableHiding: false,
      cell: ({ row }) => (
        <p className="min-w-48 max-w-xs whitespace-pre-line break-words">
          {row.original.userPrompt || <span className="text-slate-500">Not sent</span>}
        </p>
      ),
    },
    {
      id: "reason",
      header: "Reason",
      cell: ({ row }) => (
        <div className="min-w-40 max-w-xs space-y-1">
          <p className="font-medium">{row.original.dislikeReason ?? "No reason given"}</p>
          {row.original.customFeedback ? (
            <p className="whitespace-pre-line break-words text-slate-600">“{row.original.customFeedback}”</p>
          ) : null}
        </div>
      ),
    },
    {
      id: "handled",
      header: "Status",
      enableHiding: false,
      cell: ({ row }) => (
        <div className="min-w-32 space-y-2">
          <HandledState {...row.original} />
          {!row.original.handledAt && canHandle ? (
            <button
              type="button"
              className="btn-secondary px-3 py-1 text-xs"
              onClick={() => setHandling(row.original)}
              aria-label={`Mark the dislike of ${when(row.original.createdAt)} handled`}
            >
              Mark handled
            </button>
          ) : null}
        </div>
      ),
    },
    {
      id: "articles",
      header: "Cited articles",
      cell: ({ row }) => (
        <div className="min-w-40">
          <ArticleLinks articles={row.original.citedArticles} />
        </div>
      ),
    },
    {
      id: "answer",
      header: "Answer",
      cell: ({ row }) => (
        <details className="min-w-56 max-w-md">
          <summary className="cursor-pointer break-words text-slate-700">{excerpt(row.original.messageContent)}</summary>
          <p className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-2 text-slate-800">
            {row.original.messageContent}
          </p>
        </details>
      ),
    },
    {
      id: "model",
      header: "Model",
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.chatModel}
          {row.original.ragEnabled ? " · Deep Thinking" : ""}
        </span>
      ),
    },
    {
      id: "confidenceScore",
      header: "Confidence",
      enableSorting: true,
      cell: ({ row }) => <span className="tabular-nums">{formatRatio(row.original.confidenceScore)}</span>,
    },
  ];

  return (
    <>
      <AdminTable
        caption="Disliked answers"
        columns={columns}
        rows={dislikes.data?.rows}
        total={dislikes.data?.total}
        params={params}
        loading={dislikes.isFetching}
        error={dislikes.error?.message}
        rowKey={(row) => row.id}
        searchLabel="Search questions, answers and comments"
        filters={filters}
        emptyText="No disliked answer matches."
        toolbar={
          <PeriodField
            label="Period"
            value={{ from: params.filters.from, to: params.filters.to }}
            onChange={(period) => params.set({ from: period.from, to: period.to })}
          />
        }
      />
      <MarkHandledDialog dislike={handling} onClose={() => setHandling(null)} />
    </>
  );
}

function excerpt(text: string, length = 120) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

const NOTE_MAX = 1000;

function MarkHandledDialog({ dislike, onClose }: { dislike: DislikeRow | null; onClose: () => void }) {
  const [note, setNote] = useState("");
  const invalidate = useInvalidateFeedback();
  const mark = api.admin.feedback.markHandled.useMutation({
    onSuccess: () => {
      toast.success("Marked handled");
      setNote("");
      onClose();
    },
    onError: (error) => toast.error(error.message),
    onSettled: () => invalidate(),
  });
  return (
    <Modal
      open={dislike !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Mark handled"
      description="Say what was done (an article corrected, nothing to change), for whoever reads it next."
    >
      {dislike ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            mark.mutate({ id: dislike.id, note: note.trim() || undefined });
          }}
        >
          <p className="text-sm text-slate-600">“{excerpt(dislike.userPrompt ?? dislike.messageContent, 160)}”</p>
          <label className="block text-sm">
            <span className="field-label">Note (optional)</span>
            <textarea
              className="field-input"
              rows={4}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </label>
          <p className="text-right text-xs text-slate-500">
            {note.length} / {NOTE_MAX}
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={mark.isPending}>
              {mark.isPending ? "Saving..." : "Mark handled"}
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}

function ByArticleTab({ onShow }: { onShow: (article: string) => void }) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const period: OptionalPeriod = {
    from: searchParams.get("from") ?? undefined,
    to: searchParams.get("to") ?? undefined,
  };
  const groups = api.admin.feedback.byArticle.useQuery(period);
  const setPeriod = (next: OptionalPeriod) => {
    const params = new URLSearchParams({
      tab: "articles",
      ...(next.from && next.to ? { from: next.from, to: next.to } : {}),
    });
    router.replace(`${pathname}?${params.toString()}`, { scroll: false });
  };
  return (
    <section aria-labelledby="by-article-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="by-article-title" className="text-lg font-semibold">
            Dislikes by cited article
          </h2>
          <p className="text-sm text-slate-600">An answer that cited two articles counts for both. Most dislikes not handled yet first.</p>
        </div>
        <PeriodField label="Period" value={period} onChange={setPeriod} />
      </div>
      {groups.error ? <LoadError message={groups.error.message} /> : null}
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Dislikes by cited article</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Article
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Dislikes
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Not handled
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {groups.isPending ? (
              <tr>
                <td colSpan={4} className="px-4 py-6 text-center text-slate-500">
                  Loading...
                </td>
              </tr>
            ) : null}
            {groups.data?.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-6 text-center text-slate-500">
                  No dislikes in this period.
                </td>
              </tr>
            ) : null}
            {groups.data?.map((group) => (
              <tr key={group.slug ?? NO_ARTICLE}>
                <td className="px-4 py-3">
                  {group.slug ? (
                    <Link href={editorLink(group.slug)} className="font-medium text-brand-700 hover:underline">
                      {group.title ?? group.slug}
                    </Link>
                  ) : (
                    <span className="font-medium">No article cited</span>
                  )}
                  {group.slug && !group.title ? <span className="ml-2 text-xs text-slate-500">(article removed)</span> : null}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{group.dislikes}</td>
                <td className="px-4 py-3 text-right tabular-nums">{group.unhandled}</td>
                <td className="px-4 py-3 text-right">
                  <button
                    type="button"
                    className="text-sm font-medium text-brand-700 hover:underline"
                    onClick={() => onShow(group.slug ?? NO_ARTICLE)}
                  >
                    Show dislikes
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function UnansweredTab({ canHandle }: { canHandle: boolean }) {
  const params = useListParams({ filters: ["state", "from", "to"], defaultSort: "createdAt" });
  const questions = api.admin.feedback.unanswered.useQuery(params.query as UnansweredListQuery, {
    placeholderData: (previous) => previous,
  });
  const invalidate = useInvalidateFeedback();
  const mark = api.admin.feedback.markUnansweredHandled.useMutation({
    onSuccess: () => toast.success("Marked handled"),
    onError: (error) => toast.error(error.message),
    onSettled: () => invalidate(),
  });
  const columns: ColumnDef<UnansweredRow, unknown>[] = [
    {
      id: "createdAt",
      header: "Asked",
      enableSorting: true,
      cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.createdAt)}</span>,
    },
    {
      id: "question",
      header: "Question",
      enableHiding: false,
      cell: ({ row }) => <p className="min-w-56 max-w-xl whitespace-pre-line break-words">{row.original.question}</p>,
    },
    { id: "route", header: "Chat", cell: ({ row }) => (row.original.route === "chat-rag" ? "Deep Thinking" : "Chat") },
    {
      id: "handled",
      header: "Status",
      enableHiding: false,
      cell: ({ row }) => (
        <div className="min-w-32 space-y-2">
          <HandledState handledAt={row.original.handledAt} />
          {!row.original.handledAt && canHandle ? (
            <button
              type="button"
              className="btn-secondary px-3 py-1 text-xs"
              disabled={mark.isPending}
              onClick={() => mark.mutate({ id: row.original.id })}
            >
              Mark handled
            </button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Questions the assistant answered with “I don't know”: what the knowledge base should cover next.
      </p>
      <AdminTable
        caption="Unanswered questions"
        columns={columns}
        rows={questions.data?.rows}
        total={questions.data?.total}
        params={params}
        loading={questions.isFetching}
        error={questions.error?.message}
        rowKey={(row) => row.id}
        searchLabel="Search questions"
        filters={[STATE_FILTER]}
        emptyText="No unanswered question matches."
        toolbar={
          <PeriodField
            label="Period"
            value={{ from: params.filters.from, to: params.filters.to }}
            onChange={(period) => params.set({ from: period.from, to: period.to })}
          />
        }
      />
    </div>
  );
}

function FiguresTab() {
  const { period, setPeriod } = useReportPeriod(30);
  const figures = api.admin.feedback.figures.useQuery(period, { placeholderData: (previous) => previous });
  const byDay = figures.data?.byDay.map((day) => ({
    ...day,
    likeRatioPercent: day.likeRatio === null ? null : Math.round(day.likeRatio * 1000) / 10,
  }));
  return (
    <div className="space-y-6">
      <ReportPeriodBar period={period} onChange={setPeriod} />
      {figures.error ? <LoadError message={figures.error.message} /> : null}
      {figures.data ? (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <FigureCard label="Likes" value={figures.data.totals.likes} />
            <FigureCard label="Dislikes" value={figures.data.totals.dislikes} />
            <FigureCard label="Like ratio" value={formatRatio(figures.data.totals.likeRatio)} note="likes ÷ (likes + dislikes)" />
            <FigureCard
              label="“I don't know” answers"
              value={figures.data.totals.unanswered}
              note="questions the knowledge base could not answer"
            />
          </div>
          <figure className="rounded-xl border border-slate-200 bg-white p-4">
            <figcaption className="mb-2 font-semibold">Likes and dislikes by day, and the like ratio</figcaption>
            <div className="h-72">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={byDay} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="day" tick={{ fontSize: 12 }} minTickGap={24} />
                  <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
                  <YAxis yAxisId="ratio" orientation="right" domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} width={48} />
                  <Tooltip />
                  <Legend />
                  <Line yAxisId="count" type="monotone" dataKey="likes" name="Likes" stroke="#059669" dot={false} />
                  <Line yAxisId="count" type="monotone" dataKey="dislikes" name="Dislikes" stroke="#dc2626" dot={false} />
                  <Line
                    yAxisId="ratio"
                    type="monotone"
                    dataKey="likeRatioPercent"
                    name="Like ratio (%)"
                    stroke="#2563eb"
                    strokeDasharray="4 2"
                    dot={false}
                    connectNulls
                  />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </figure>
          <div className="grid gap-6 lg:grid-cols-2">
            <figure className="rounded-xl border border-slate-200 bg-white p-4">
              <figcaption className="mb-2 font-semibold">Dislike reasons</figcaption>
              <div className="h-72">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={figures.data.reasons} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                    <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
                    <YAxis type="category" dataKey="reason" width={150} tick={{ fontSize: 11 }} />
                    <Tooltip />
                    <Bar dataKey="count" name="Dislikes" fill="#dc2626" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <ul className="mt-3 space-y-1 text-sm" aria-label="Dislike reasons with their counts">
                {figures.data.reasons.map((row) => (
                  <li key={row.reason} className="flex justify-between gap-3">
                    <span>{row.reason}</span>
                    <span className="tabular-nums">{row.count}</span>
                  </li>
                ))}
              </ul>
            </figure>
            <figure className="rounded-xl border border-slate-200 bg-white p-4">
              <figcaption className="mb-2 font-semibold">“I don't know” answers by day</figcaption>
              <div className="h-72">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={figures.data.byDay} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                    <XAxis dataKey="day" tick={{ fontSize: 12 }} minTickGap={24} />
                    <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
                    <Tooltip />
                    <Bar dataKey="unanswered" name="“I don't know”" fill="#d97706" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </figure>
          </div>
        </>
      ) : figures.isPending ? (
        <p className="text-sm text-slate-500">Loading...</p>
      ) : null}
    </div>
  );
}
