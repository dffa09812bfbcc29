"use client";

import { useSearchParams } from "next/navigation";
import { useDeferredValue, useEffect, useId, useMemo, useState } from "react";
import { useSession } from "~/components/auth/session";
import { SelectBox } from "~/components/ui/select-box";
import type { Option } from "~/lib/options";
import {
  isScholarshipLevel,
  isScholarshipSubject,
  LEVEL_LABELS,
  nationalityCode,
  SCHOLARSHIP_LEVELS,
  SCHOLARSHIP_SUBJECTS,
  SUBJECT_LABELS,
} from "~/lib/schemas/tools/scholarship-choices";
import type { ScholarshipSearchInput } from "~/lib/schemas/tools/scholarships";
import { api } from "~/trpc/react";
import { BookmarkList } from "./bookmark-list";
import { ScholarshipCard } from "./scholarship-card";

/** The filters a link carries (?level=master&nationality=NG&openNow=1); a link without any starts at master's. Unknown values are ignored. */
function filtersFromQuery(query: URLSearchParams): ScholarshipSearchInput {
  if (![...query.keys()].length) return { level: "master" };
  const filters: ScholarshipSearchInput = {};
  const level = query.get("level");
  if (level && isScholarshipLevel(level)) filters.level = level;
  const subject = query.get("subject");
  if (subject && isScholarshipSubject(subject)) filters.subject = subject;
  const nationality = nationalityCode(query.get("nationality") ?? "");
  if (nationality) filters.nationality = nationality;
  if (query.get("openNow") === "1") filters.openNow = true;
  return filters;
}

function queryOf(filters: ScholarshipSearchInput): string {
  const query = new URLSearchParams();
  for (const key of ["level", "subject", "nationality"] as const) if (filters[key]) query.set(key, filters[key]);
  if (filters.openNow) query.set("openNow", "1");
  return query.toString();
}

/** The Scholarship Search: filters, the matching programmes with their reasons and sources, and the user's bookmarks. */
export function ScholarshipSearch({ nationalityOptions }: { nationalityOptions: Option[] }) {
  const nationalityChoices = useMemo(() => [{ value: "", label: "Any nationality" }, ...nationalityOptions], [nationalityOptions]);
  const { status } = useSession();
  const signedIn = status === "authenticated";
  const query = useSearchParams();
  const [filters, setFilters] = useState<ScholarshipSearchInput>(() => filtersFromQuery(new URLSearchParams(query.toString())));
  const [prefilled, setPrefilled] = useState(false);
  const defaults = api.tools.saved.defaults.useQuery(undefined, { enabled: signedIn, staleTime: Infinity });
  useEffect(() => {
    // Start from the profile's nationality once, unless the visitor already chose one.
    if (prefilled || !defaults.data) return;
    setPrefilled(true);
    const nationality = defaults.data.nationality;
    if (nationality) setFilters((current) => (current.nationality ? current : { ...current, nationality }));
  }, [defaults.data, prefilled]);

  useEffect(() => {
    // The address follows the filters, so a search can be shared or bookmarked in the browser.
    const search = queryOf(filters);
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${search ? `?${search}` : "?level="}${window.location.hash}`,
    );
  }, [filters]);

  const search = api.tools.scholarships.search.useQuery(filters, { placeholderData: (previous) => previous });
  // The list (up to every programme, each a card) is drawn in the background, in slices, so that the page
  // keeps answering taps and typing while it renders.
  const results = useDeferredValue(search.data);
  const bookmarks = api.tools.scholarships.bookmarks.useQuery(undefined, { enabled: signedIn });
  const bookmarked = new Set((bookmarks.data ?? []).map((bookmark) => bookmark.scholarship.slug));
  const ids = { level: useId(), subject: useId(), nationality: useId(), open: useId() };
  const set = (patch: Partial<ScholarshipSearchInput>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    // Phones: filters, results, then bookmarks; desktop: filters and bookmarks on the left, results on the right.
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr] lg:grid-rows-[auto_1fr]">
      <div className="lg:col-start-1 lg:row-start-1">
        <form
          className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          aria-label="Scholarship filters"
          onSubmit={(event) => event.preventDefault()}
        >
          <ChoiceSelect
            id={ids.level}
            label="Study level"
            anyLabel="Any level"
            value={filters.level}
            labels={LEVEL_LABELS}
            choices={SCHOLARSHIP_LEVELS}
            onChange={(level) => set({ level })}
          />
          <ChoiceSelect
            id={ids.subject}
            label="Subject"
            anyLabel="Any subject"
            value={filters.subject}
            labels={SUBJECT_LABELS}
            choices={SCHOLARSHIP_SUBJECTS}
            onChange={(subject) => set({ subject })}
          />
          <div>
            <span id={ids.nationality} className="field-label">
              Nationality
            </span>
            <SelectBox
              aria-labelledby={ids.nationality}
              options={nationalityChoices}
              value={filters.nationality ?? ""}
              onChange={(value) => set({ nationality: value || undefined })}
              placeholder="Any nationality"
            />
            {signedIn && defaults.data?.nationality && filters.nationality === defaults.data.nationality ? (
              <p className="mt-1 text-xs text-slate-500">From your profile.</p>
            ) : null}
          </div>
          <div className="flex items-start gap-2">
            <input
              id={ids.open}
              type="checkbox"
              className="mt-1 h-4 w-4 rounded border-slate-300"
              checked={filters.openNow ?? false}
              onChange={(event) => set({ openNow: event.target.checked || undefined })}
            />
            <label htmlFor={ids.open} className="text-sm text-slate-700">
              <span className="font-medium">Open now</span>
              <span className="block text-xs text-slate-500">
                A dated deadline still ahead, or applications at any time. Deadlines that vary by country or university are not counted.
              </span>
            </label>
          </div>
          <button type="button" className="btn-secondary w-full" onClick={() => setFilters({})}>
            Clear filters
          </button>
        </form>
      </div>
      <section aria-labelledby="results-title" aria-busy={search.isFetching} className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <h2 id="results-title" className="sr-only">
          Results
        </h2>
        {search.isPending || (search.data && !results) ? <p className="text-sm text-slate-500">Searching...</p> : null}
        {search.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
            {search.error.message}
          </p>
        ) : null}
        {results ? (
          <>
            <p className="mb-4 text-sm text-slate-700" data-testid="result-count" role="status">
              <strong>{results.results.length}</strong> of {results.total} programmes match
              {filters.nationality ? (
                <>
                  : {results.counts.eligible} name your nationality
                  {results.counts.check ? `, ${results.counts.check} refer to a list to check` : ""}.
                </>
              ) : (
                "."
              )}
            </p>
            {results.results.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
                No programme matches these filters. Try another level or subject, or untick Open now.
              </p>
            ) : null}
            <ul className="space-y-4" aria-label="Scholarships">
              {results.results.map((result) => (
                <li key={result.slug}>
                  <ScholarshipCard scholarship={result} bookmarked={bookmarked.has(result.slug)} signedIn={signedIn} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section
        id="bookmarks"
        aria-labelledby="bookmarks-title"
        className="scroll-mt-24 self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:col-start-1 lg:row-start-2"
      >
        <h2 id="bookmarks-title" className="text-base font-semibold">
          Your bookmarks
        </h2>
        <BookmarkList
          signedIn={signedIn}
          loading={status === "loading" || (signedIn && bookmarks.isPending)}
          bookmarks={bookmarks.data ?? []}
        />
      </section>
    </div>
  );
}

/** A labelled native select of a fixed list, with an "any" choice that clears the filter. */
function ChoiceSelect<T extends string>({
  id,
  label,
  anyLabel,
  value,
  labels,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  value: T | undefined;
  labels: Record<T, string>;
  choices: readonly T[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="field-input"
        value={value ?? ""}
        onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
      >
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}
