import type { Metadata } from "next";
import Link from "next/link";
import { firstParam, type PageQuery } from "~/components/community/list-tabs";
import { SearchResults } from "~/components/community/search-results";
import { PageHeader } from "~/components/site/page-header";
import { askCommunityHref, searchSchema } from "~/lib/schemas/community";
import { serverApi } from "~/server/api/server-caller";

type Props = { searchParams: Promise<PageQuery> };

export const metadata: Metadata = {
  title: "Search · Community",
  alternates: { canonical: "/community/search" },
  robots: { index: false },
};

const SOLVED_CHOICES = { "": "Solved or not", yes: "Solved only", no: "Not solved yet" } as const;

/** /community/search?q=&category=&solved=yes|no: full-text search over topics and replies. */
export default async function CommunitySearchPage({ searchParams }: Props) {
  const query = await searchParams;
  const q = firstParam(query.q).trim();
  const category = firstParam(query.category);
  const solved = firstParam(query.solved);
  const api = await serverApi();
  const categories = await api.community.categories();
  const input = searchSchema.safeParse({
    query: q,
    categorySlug: categories.some((each) => each.slug === category) ? category : undefined,
    solved: solved === "yes" ? true : solved === "no" ? false : undefined,
  });
  const firstPage = q && input.success ? await api.community.search(input.data) : null;
  return (
    <>
      <PageHeader eyebrow="Community" title="Search the community" />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <div className="max-w-4xl space-y-6">
          <form
            role="search"
            aria-label="Search the community"
            className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
          >
            <div>
              <label htmlFor="search-q" className="field-label">
                Words to find
              </label>
              <input id="search-q" name="q" type="search" defaultValue={q} className="field-input" placeholder="e.g. blocked account" />
            </div>
            <div>
              <label htmlFor="search-category" className="field-label">
                Category
              </label>
              <select id="search-category" name="category" defaultValue={category} className="field-input">
                <option value="">All categories</option>
                {categories.map((each) => (
                  <option key={each.slug} value={each.slug}>
                    {each.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="search-solved" className="field-label">
                Solved
              </label>
              <select id="search-solved" name="solved" defaultValue={solved in SOLVED_CHOICES ? solved : ""} className="field-input">
                {Object.entries(SOLVED_CHOICES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-primary">
              Search
            </button>
          </form>
          {!q ? (
            <p className="text-sm text-slate-600">Type a few words: titles weigh most, then the text of questions and replies.</p>
          ) : !input.success ? (
            <p role="alert" className="text-sm text-red-700">
              {input.error.issues[0]?.message}
            </p>
          ) : firstPage ? (
            <section aria-labelledby="results-title" className="space-y-2">
              <h2 id="results-title" className="text-lg font-semibold">
                Results for “{q}”
              </h2>
              <SearchResults input={input.data} firstPage={firstPage} />
            </section>
          ) : null}
          <p className="text-sm text-slate-600">
            Did not find it?{" "}
            <Link href={askCommunityHref(q)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              Ask the community
            </Link>
            .
          </p>
        </div>
      </div>
    </>
  );
}
