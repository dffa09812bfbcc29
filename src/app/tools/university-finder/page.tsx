import type { Metadata } from "next";
import { ApplicationsTracker } from "~/components/services/applications-tracker";
import { PageHeader } from "~/components/site/page-header";
import { DatasetCredit } from "~/components/tools/source-list";
import { FinderFilters } from "~/components/tools/universities/finder-filters";
import { FinderResults } from "~/components/tools/universities/finder-results";
import { ProgrammeLinks } from "~/components/tools/universities/programme-links";
import { INSTITUTION_DATASETS, searchFromQuery, searchToQuery, stateName } from "~/lib/schemas/tools/universities";
import { findTool } from "~/lib/tools";
import { serverApi } from "~/server/api/server-caller";
import { TRPCReactProvider } from "~/trpc/react";

export const metadata: Metadata = { title: "University Finder" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The institution whose "Track an application" led here (?track=<slug>), to pre-fill the tracker. */
async function trackedName(api: Awaited<ReturnType<typeof serverApi>>, track: string | string[] | undefined) {
  const slug = Array.isArray(track) ? track[0] : track;
  if (!slug) return "";
  try {
    return (await api.tools.universities.get({ slug })).institution.name;
  } catch {
    return "";
  }
}

export default async function UniversityFinderPage({ searchParams }: Props) {
  const query = await searchParams;
  const search = searchFromQuery(query);
  const api = await serverApi();
  const [results, cities, initialUniversity] = await Promise.all([
    api.tools.universities.search(search),
    api.tools.universities.cities(),
    trackedName(api, query.track),
  ]);
  const cityOptions = cities.map((city) => ({ value: city.value, label: `${city.label} (${city.count})` }));
  const lookingFor = [search.city, stateName(search.state)].filter(Boolean).join(", ") || "the university or city";
  return (
    <TRPCReactProvider>
      <PageHeader eyebrow="Tools" title="University Finder">
        {findTool("university-finder")?.summary}
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-5 lg:col-span-2">
          <FinderFilters key={searchToQuery(search)} search={search} cities={cityOptions} />
          <FinderResults results={results} />
          <div className="space-y-1 rounded-xl bg-white/60 p-4">
            <p className="text-xs leading-5 text-slate-500">
              Names, websites and domains come from the list below; each city and federal state is derived from the name (or web domain) and
              GeoNames places, each type from the name. Every institution&apos;s page says where each value came from.
            </p>
            {INSTITUTION_DATASETS.map((dataset) => (
              <DatasetCredit key={dataset.name} {...dataset} />
            ))}
          </div>
        </div>
        <aside className="min-w-0 space-y-6">
          <div id="applications" className="scroll-mt-24">
            <ApplicationsTracker initialUniversity={initialUniversity} />
          </div>
          {/* A search that found nothing shows these links with its message instead. */}
          {results.total === 0 && search.q ? null : <ProgrammeLinks defaultText={search.q || search.city || ""} lookingFor={lookingFor} />}
        </aside>
      </div>
    </TRPCReactProvider>
  );
}
