import Link from "next/link";
import { FINDER_PATH, searchToQuery, type UniversitySearch } from "~/lib/schemas/tools/universities";
import type { RouterOutputs } from "~/trpc/react";
import { ProgrammeLinks } from "./programme-links";

type Results = RouterOutputs["tools"]["universities"]["search"];

/** The website as people read it: "tu-dresden.de" for "http://www.tu-dresden.de/". */
export function displayHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** One page of the finder's results, with the pages around it. */
export function FinderResults({ results }: { results: Results }) {
  const { items, total, page, pageSize, pageCount, search } = results;
  const first = (page - 1) * pageSize + 1;
  if (total === 0) {
    return (
      <div className="space-y-4">
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600" role="status">
          {search.q ? (
            <>
              <p className="font-medium text-slate-800">No institution&apos;s name, short name or city matches &ldquo;{search.q}&rdquo;.</p>
              <p className="mt-2">
                The finder lists institutions (universities and colleges), not degree programmes. To find where a subject is taught, search
                the programme databases below; to find an institution, try its name, short name (TUM, LMU, RWTH) or city, or clear a filter.
              </p>
            </>
          ) : (
            <p>No institution matches these filters. Clear a filter to see more.</p>
          )}
        </div>
        {search.q ? <ProgrammeLinks defaultText={search.q} lookingFor="a city or a university" /> : null}
      </div>
    );
  }
  return (
    <section aria-label="Results" className="space-y-4">
      <p className="text-sm text-slate-600" role="status" data-testid="finder-count">
        {items.length === 0
          ? `Page ${page} is past the last page (${pageCount}) of ${total} institution${total === 1 ? "" : "s"}.`
          : `Showing ${first}–${first + items.length - 1} of ${total} institution${total === 1 ? "" : "s"}, sorted by ${search.sort}.`}
      </p>
      <ol aria-label="Institutions" className="space-y-3">
        {items.map((item) => (
          <li key={item.slug} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h3 className="font-semibold leading-snug text-slate-900">
              <Link href={`${FINDER_PATH}/${item.slug}`} className="hover:text-brand-700 hover:underline">
                {item.name}
              </Link>
            </h3>
            {item.aliases.length > 0 ? (
              <p className="mt-0.5 text-sm text-slate-600">
                <span className="sr-only">Also known as: </span>
                {item.aliases.join(" · ")}
              </p>
            ) : null}
            <p className="mt-1 text-sm text-slate-700">
              {item.city ?? <span className="text-slate-500">City not given by our sources</span>}
              {item.stateName && item.stateName !== item.city ? `, ${item.stateName}` : ""}
              <span className="text-slate-400"> · </span>
              {item.typeLabel}
            </p>
            <p className="mt-1 truncate text-sm">
              {item.website ? (
                <a
                  href={item.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-brand-700 underline-offset-2 hover:underline"
                >
                  {displayHost(item.website)}
                </a>
              ) : (
                <span className="text-slate-500">Website not given by our sources</span>
              )}
            </p>
          </li>
        ))}
      </ol>
      <Pagination search={search} page={page} pageCount={pageCount} />
    </section>
  );
}

/** Previous, a few page numbers around the current one, next: plain links, so the address keeps the page. */
function Pagination({ search, page, pageCount }: { search: UniversitySearch; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (target: number) => `${FINDER_PATH}${searchToQuery({ ...search, page: target })}`;
  const numbers = [...new Set([1, page - 1, page, page + 1, pageCount].filter((n) => n >= 1 && n <= pageCount))].sort((a, b) => a - b);
  const shape = "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium";
  const link = `${shape} border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700`;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-2">
      {page > 1 ? (
        <Link href={href(page - 1)} className={link} rel="prev">
          Previous
        </Link>
      ) : null}
      {numbers.map((n, index) => (
        <span key={n} className="contents">
          {index > 0 && n - numbers[index - 1]! > 1 ? (
            <span className="px-1 text-slate-400" aria-hidden>
              …
            </span>
          ) : null}
          {n === page ? (
            <span aria-current="page" className={`${shape} border-brand-600 bg-brand-600 text-white`}>
              {n}
            </span>
          ) : (
            <Link href={href(n)} className={link} aria-label={`Page ${n}`}>
              {n}
            </Link>
          )}
        </span>
      ))}
      {page < pageCount ? (
        <Link href={href(page + 1)} className={link} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
