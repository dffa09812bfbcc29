"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState, useTransition } from "react";
import { SelectBox } from "~/components/ui/select-box";
import type { Option } from "~/lib/options";
import {
  FINDER_PATH,
  INSTITUTION_TYPE_LABELS,
  INSTITUTION_TYPES,
  STATES,
  searchToQuery,
  type UniversitySearch,
} from "~/lib/schemas/tools/universities";

const STATE_OPTIONS: Option[] = [{ value: "", label: "All states" }, ...STATES.map((state) => ({ value: state.code, label: state.name }))];
const TYPE_OPTIONS: Option[] = [
  { value: "", label: "All types" },
  ...INSTITUTION_TYPES.map((type) => ({ value: type, label: INSTITUTION_TYPE_LABELS[type] })),
];
const SORT_OPTIONS: Option[] = [
  { value: "name", label: "Name" },
  { value: "city", label: "City" },
];

/**
 * The finder's search form. Every filter lives in the address (shareable, back button works): a
 * change of a list navigates at once, the name search on "Search". Without JavaScript the form is a
 * plain GET form with the same fields.
 */
export function FinderFilters({ search, cities }: { search: UniversitySearch; cities: Option[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [q, setQ] = useState(search.q);
  const cityOptions: Option[] = [{ value: "", label: "All cities" }, ...cities];

  function go(next: Partial<UniversitySearch>) {
    const query = searchToQuery({ ...search, q, ...next, page: 1 });
    startTransition(() => router.push(`${FINDER_PATH}${query}`, { scroll: false }));
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    go({ q: q.trim() });
  }
  const filtered = Boolean(search.q || search.city || search.state || search.type);

  return (
    <form
      action={FINDER_PATH}
      method="get"
      onSubmit={onSubmit}
      role="search"
      aria-label="Search institutions"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="finder-q" className="field-label">
            Name, short name or city
          </label>
          <input
            id="finder-q"
            name="q"
            type="search"
            className="field-input"
            maxLength={100}
            placeholder="e.g. TUM, LMU Munich, Cologne, Technische"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={pending}>
          Search
        </button>
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Filter
          id="finder-city"
          label="City"
          name="city"
          value={search.city ?? ""}
          options={cityOptions}
          onChange={(city) => go({ city: city || undefined })}
        />
        <Filter
          id="finder-state"
          label="Federal state"
          name="state"
          value={search.state ?? ""}
          options={STATE_OPTIONS}
          onChange={(state) => go({ state: (state || undefined) as UniversitySearch["state"] })}
        />
        <Filter
          id="finder-type"
          label="Type"
          name="type"
          value={search.type ?? ""}
          options={TYPE_OPTIONS}
          onChange={(type) => go({ type: (type || undefined) as UniversitySearch["type"] })}
        />
        <Filter
          id="finder-sort"
          label="Sort by"
          name="sort"
          value={search.sort}
          options={SORT_OPTIONS}
          onChange={(sort) => go({ sort: sort as UniversitySearch["sort"] })}
        />
      </div>
      <div className="mt-3 flex min-h-5 items-center justify-between gap-3 text-sm">
        <span className="text-slate-500" aria-live="polite">
          {pending ? "Searching..." : ""}
        </span>
        {filtered ? (
          <button
            type="button"
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
            onClick={() => {
              setQ("");
              startTransition(() => router.push(`${FINDER_PATH}${searchToQuery({ sort: search.sort })}`, { scroll: false }));
            }}
          >
            Clear filters
          </button>
        ) : null}
      </div>
    </form>
  );
}

function Filter({
  id,
  label,
  name,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <SelectBox id={id} aria-labelledby={`${id}-label`} options={options} value={value} onChange={onChange} />
      {value ? <input type="hidden" name={name} value={value} /> : null}
    </div>
  );
}
