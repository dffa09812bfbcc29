import Link from "next/link";
import type { ReactNode } from "react";
import { SourceList } from "~/components/tools/source-list";
import { StaleFigureNote } from "~/components/tools/stale-figure-note";
import { formatAmount } from "~/lib/money";
import { applicableTuition, FINDER_PATH, type FieldSource, type TuitionRule } from "~/lib/schemas/tools/universities";
import type { RouterOutputs } from "~/trpc/react";
import { displayHost } from "./finder-results";

type Details = RouterOutputs["tools"]["universities"]["get"];
type Institution = Details["institution"];

const NOT_GIVEN = "Not given by our sources";

/** A value with where it came from; a missing value says so. */
function Field({ label, origin, children }: { label: string; origin?: FieldSource; children: ReactNode }) {
  return (
    <div className="border-t border-slate-100 py-3 first:border-t-0 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 min-w-0 text-sm text-slate-900 sm:col-span-2 sm:mt-0">
        <div className="break-words">{children ?? <span className="text-slate-500">{NOT_GIVEN}</span>}</div>
        {origin ? (
          <div className="mt-1">
            {origin.note ? <p className="text-xs leading-5 text-slate-500">{origin.note}</p> : null}
            <SourceList sources={origin.sources} checkedOn={origin.checkedOn} />
          </div>
        ) : null}
      </dd>
    </div>
  );
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline-offset-2 hover:underline">
      {children}
    </a>
  );
}

export function InstitutionFacts({ institution }: { institution: Institution }) {
  const { provenance } = institution;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="facts-title">
      <h2 id="facts-title" className="text-lg font-semibold">
        At a glance
      </h2>
      <dl className="mt-3">
        <Field label="City" origin={provenance.city}>
          {institution.city}
        </Field>
        <Field label="Federal state" origin={provenance.state}>
          {institution.stateName}
        </Field>
        <Field label="Type" origin={provenance.type}>
          {institution.typeLabel}
        </Field>
        <Field label="Public or private" origin={provenance.ownership}>
          {institution.ownershipLabel}
        </Field>
        <Field label="Website" origin={provenance.website}>
          {institution.website ? <ExternalLink href={institution.website}>{displayHost(institution.website)}</ExternalLink> : null}
        </Field>
        <Field label="Web domains" origin={provenance.domains}>
          {institution.domains.length > 0 ? institution.domains.join(", ") : null}
        </Field>
      </dl>
    </section>
  );
}

function amountOf(rule: TuitionRule): string {
  if (rule.amountEurPerSemester) return `${formatAmount(rule.amountEurPerSemester)} per semester`;
  if (rule.amountRangeEurPerSemester)
    return `${formatAmount(rule.amountRangeEurPerSemester[0])} to ${formatAmount(rule.amountRangeEurPerSemester[1])} per semester`;
  return rule.kind === "none" ? "No general tuition fee" : "";
}

export function TuitionRules({ institution, tuition }: { institution: Institution; tuition: Details["tuition"] }) {
  // The fee that applies here leads; the state's general rules follow it.
  const applies = applicableTuition(tuition, institution.ownership);
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="tuition-title">
      <h2 id="tuition-title" className="text-lg font-semibold">
        Tuition
      </h2>
      {institution.stateName ? (
        <p className="mt-1 text-sm text-slate-600">
          The rules of {institution.stateName} for its public institutions
          {tuition.some((line) => line.rule.kind === "institution") ? `, and ${institution.name}'s own fee` : ""}.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Our sources do not give this institution&apos;s federal state, so we cannot say which state&apos;s tuition rules apply. Its
          website has its fees.
        </p>
      )}
      {institution.ownership === "private" ? (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          This is a private institution: the state rules below are for public institutions, and its own fees are on its website.
        </p>
      ) : null}
      {applies ? (
        <div className="mt-3 rounded-xl border border-brand-200 bg-brand-50 p-4" data-testid="tuition-headline">
          <p className="text-sm font-medium text-slate-700">At {institution.name}</p>
          <p className="mt-1 text-xl font-semibold text-slate-900">
            {applies.rule.kind === "none" ? "No tuition fee for a first degree" : amountOf(applies.rule)}
          </p>
          <p className="mt-1 text-sm text-slate-700">{applies.label}</p>
        </div>
      ) : null}
      {applies && tuition.length > 1 ? <h3 className="mt-4 text-sm font-semibold text-slate-800">The rules behind it</h3> : null}
      <ul className="mt-3 space-y-4" aria-label="Tuition rules">
        {tuition.map((line) => (
          <li key={line.key} className="rounded-xl bg-slate-50 p-4">
            <p className="text-sm font-medium text-slate-700">{line.label}</p>
            {amountOf(line.rule) ? <p className="mt-1 text-sm font-semibold text-slate-900">{amountOf(line.rule)}</p> : null}
            <p className="mt-1 text-sm leading-6 text-slate-700">{line.rule.text}</p>
            <div className="mt-2">
              <SourceList sources={line.sources} checkedOn={line.checkedOn} />
            </div>
          </li>
        ))}
      </ul>
      {institution.stateName && !tuition.some((line) => line.rule.kind === "long_term" || line.rule.kind === "second_degree") ? (
        <p className="mt-3 text-xs text-slate-500">
          Fees for a long course of study or a second degree: none found in our sources for {institution.stateName}; the institution&apos;s
          fee page is the reference.
        </p>
      ) : null}
    </section>
  );
}

export function ApplyingFacts({ institution }: { institution: Institution }) {
  const { provenance } = institution;
  const uniAssist =
    institution.usesUniAssist === null
      ? null
      : institution.usesUniAssist
        ? "Yes: international applications go through uni-assist"
        : "No: apply to the institution directly";
  const contribution = institution.semesterContribution;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="applying-title">
      <h2 id="applying-title" className="text-lg font-semibold">
        Applying and fees
      </h2>
      <dl className="mt-3">
        <Field label="uni-assist" origin={provenance.usesUniAssist}>
          {uniAssist}
        </Field>
        <Field label="Semester contribution" origin={provenance.semesterContribution}>
          {contribution ? (
            <>
              <span className="font-semibold">{formatAmount(contribution.amountEur)}</span>
              <span className="block text-slate-600">{contribution.what}</span>
              <StaleFigureNote stale={contribution.stale} className="mt-1" />
            </>
          ) : null}
        </Field>
        <Field label="International office" origin={provenance.internationalOfficeUrl}>
          {institution.internationalOfficeUrl ? (
            <ExternalLink href={institution.internationalOfficeUrl}>{displayHost(institution.internationalOfficeUrl)}</ExternalLink>
          ) : (
            <span className="text-slate-600">
              {NOT_GIVEN}
              {institution.website ? (
                <>
                  {"; start from the "}
                  <ExternalLink href={institution.website}>institution&apos;s website</ExternalLink>.
                </>
              ) : null}
            </span>
          )}
        </Field>
      </dl>
    </section>
  );
}

export function TrackApplication({ institution }: { institution: Institution }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="track-title">
      <h2 id="track-title" className="text-lg font-semibold">
        Applying here?
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Keep the application, its deadline and its status in your applications tracker. How many you can track depends on your plan.
      </p>
      <Link href={`${FINDER_PATH}?track=${encodeURIComponent(institution.slug)}#applications`} className="btn-primary mt-4">
        Track an application
      </Link>
    </section>
  );
}
