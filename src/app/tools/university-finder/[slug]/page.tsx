import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "~/components/site/page-header";
import { DatasetCredit } from "~/components/tools/source-list";
import { ApplyingFacts, InstitutionFacts, TrackApplication, TuitionRules } from "~/components/tools/universities/institution-details";
import { ProgrammeLinks } from "~/components/tools/universities/programme-links";
import { FINDER_PATH, INSTITUTION_DATASETS } from "~/lib/schemas/tools/universities";
import { serverApi } from "~/server/api/server-caller";

type Props = { params: Promise<{ slug: string }> };

async function load(slug: string) {
  const api = await serverApi();
  try {
    return await api.tools.universities.get({ slug });
  } catch (error) {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const api = await serverApi();
  const found = await api.tools.universities.get({ slug: (await params).slug }).catch(() => null);
  return { title: found ? `${found.institution.name} · University Finder` : "University Finder" };
}

export default async function InstitutionPage({ params }: Props) {
  const { institution, tuition } = await load((await params).slug);
  const place = [...new Set([institution.city, institution.stateName].filter(Boolean))].join(", ");
  return (
    <>
      <PageHeader eyebrow="University Finder" title={institution.name}>
        {place || "City and state not given by our sources"} · {institution.typeLabel}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4">
        <Link href={FINDER_PATH} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          ← Back to the University Finder
        </Link>
      </div>
      <div className="mx-auto mt-4 grid max-w-6xl gap-6 px-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <InstitutionFacts institution={institution} />
          <TuitionRules institution={institution} tuition={tuition} />
          <ApplyingFacts institution={institution} />
        </div>
        <aside className="min-w-0 space-y-6">
          <TrackApplication institution={institution} />
          <ProgrammeLinks defaultText={institution.name} lookingFor={`"${institution.name}"`} />
          <div className="space-y-1 px-1">
            {INSTITUTION_DATASETS.map((dataset) => (
              <DatasetCredit key={dataset.name} {...dataset} />
            ))}
          </div>
        </aside>
      </div>
    </>
  );
}
