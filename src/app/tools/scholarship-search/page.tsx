import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "~/components/site/page-header";
import { ScholarshipSearch } from "~/components/tools/scholarships/scholarship-search";
import { COUNTRY_OPTIONS } from "~/lib/options";

export const metadata: Metadata = { title: "Scholarship Search" };

export default function ScholarshipSearchPage() {
  return (
    <>
      <PageHeader eyebrow="Tools" title="Scholarship Search">
        Scholarships, grants and loans for studying in Germany, filtered by level, subject and nationality. Every programme links to its
        official page, with the sources we read and the day we checked them.
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <Suspense fallback={<p className="text-sm text-slate-500">Loading the search...</p>}>
          <ScholarshipSearch nationalityOptions={COUNTRY_OPTIONS} />
        </Suspense>
      </div>
    </>
  );
}
