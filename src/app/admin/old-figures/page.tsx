import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { checkedDate } from "~/components/tools/source-list";
import { serverApi } from "~/server/api/server-caller";
import { STALE_FIGURE_MONTHS } from "~/server/services/tools/figure-age.service";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Old figures", robots: { index: false } };

export default async function OldFiguresPage() {
  const { section } = await requireSection("old-figures");
  const { staleBefore, figures, articles } = await (await serverApi()).admin.oldFigures.list();
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title={section.title}
        description={`Figures whose period (semester, year's rate, survey) began before ${checkedDate(staleBefore)}, more than ${STALE_FIGURE_MONTHS} months ago. The tools show each with a note that it may have changed. Update the figure and its period in src/content/tools (facts by key, city figures in costs/<city>.json) and seed again.`}
      />
      <section aria-labelledby="old-figures-title">
        <h2 id="old-figures-title" className="text-lg font-semibold text-slate-900">
          Tool figures ({figures.length})
        </h2>
        {figures.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No figure is older than {STALE_FIGURE_MONTHS} months.</p>
        ) : (
          <ul className="mt-3 space-y-3" data-testid="old-figures">
            {figures.map((figure) => (
              <li
                key={figure.key}
                data-testid={`old-figure-${figure.key}`}
                className="rounded-xl border border-slate-200 bg-white p-4 text-sm"
              >
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <code className="font-mono text-xs text-slate-700">{figure.key}</code>
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    From {figure.period} ({checkedDate(figure.date)})
                  </span>
                </p>
                <p className="mt-1 text-slate-800 [overflow-wrap:anywhere]">{figure.label}</p>
                <p className="mt-1 text-xs text-slate-600">Used in: {figure.usedIn.join("; ")}</p>
                <p className="mt-1 text-xs text-slate-600">
                  Source{figure.sources.length > 1 ? "s" : ""}:{" "}
                  {figure.sources.map((source, index) => (
                    <span key={source.url}>
                      {index > 0 ? "; " : ""}
                      <a
                        href={source.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-indigo-700 underline underline-offset-2"
                      >
                        {source.title}
                      </a>
                    </span>
                  ))}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="old-articles-title">
        <h2 id="old-articles-title" className="text-lg font-semibold text-slate-900">
          Knowledge-base articles last reviewed before {checkedDate(staleBefore)} ({articles.length})
        </h2>
        {articles.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Every article was reviewed within the last {STALE_FIGURE_MONTHS} months.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm" data-testid="old-articles">
            {articles.map((article) => (
              <li key={article.slug} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
                <Link href={`/admin/knowledge/${article.slug}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {article.title}
                </Link>
                <span className="text-xs text-slate-600">
                  {article.topic} · last reviewed {checkedDate(article.lastReviewed)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
