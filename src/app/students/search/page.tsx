import type { Metadata } from "next";
import Link from "next/link";
import { GuideSearchForm } from "~/components/guides/guide-search-form";
import { PageHeader } from "~/components/site/page-header";
import { checkedDate } from "~/components/tools/source-list";
import { guideSearchInput } from "~/lib/schemas/knowledge";
import { chatUrlFor } from "~/lib/site";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Search the guides", robots: { index: false, follow: true } };

type Props = { searchParams: Promise<{ q?: string | string[] }> };

/** /students/search?q=: the guide sections that answer a question, found by the assistant's own search. */
export default async function GuideSearchPage({ searchParams }: Props) {
  const raw = (await searchParams).q;
  const query = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  const input = guideSearchInput.safeParse({ q: query });
  const results = input.success ? await (await serverApi()).content.searchGuides(input.data) : null;
  return (
    <>
      <PageHeader eyebrow="Guides" title="Search the guides">
        The same search SwipeAI answers from: German words and typos are understood.
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <GuideSearchForm defaultValue={query} />
        {!input.success ? (
          query ? (
            <p className="mt-6 text-sm text-red-700" role="alert">
              {input.error.issues[0]?.message}
            </p>
          ) : null
        ) : results?.length ? (
          <ol className="mt-6 max-w-4xl space-y-4" aria-label={`Guide sections for "${input.data.q}"`}>
            {results.map((result) => (
              <li key={result.href} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <h2 className="font-semibold text-slate-900">
                  <Link href={result.href} className="hover:text-brand-700 hover:underline">
                    {result.section ?? result.guide}
                  </Link>
                </h2>
                {result.section ? <p className="mt-0.5 text-xs text-slate-500">{result.guide}</p> : null}
                <p className="mt-2 text-sm leading-6 text-slate-600">{result.excerpt}</p>
                <p className="mt-2 text-xs text-slate-500">Last reviewed {checkedDate(result.lastReviewed)}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-6 max-w-2xl rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
            No guide answers "{input.data.q}".{" "}
            <Link href={chatUrlFor(input.data.q)} className="font-medium text-brand-700 underline">
              Ask SwipeAI
            </Link>{" "}
            or{" "}
            <Link href="/community" className="font-medium text-brand-700 underline">
              ask the community
            </Link>
            .
          </p>
        )}
      </div>
    </>
  );
}
