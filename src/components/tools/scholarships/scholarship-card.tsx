"use client";

import { checkedDate, SourceList } from "~/components/tools/source-list";
import { LEVEL_LABELS, type ScholarshipSubject, SUBJECT_LABELS } from "~/lib/schemas/tools/scholarship-choices";
import type { RouterOutputs } from "~/trpc/react";
import { BookmarkButton } from "./bookmark-button";

type ScholarshipResult = RouterOutputs["tools"]["scholarships"]["search"]["results"][number];
type Scholarship = Omit<ScholarshipResult, "eligibility"> & { eligibility?: ScholarshipResult["eligibility"] };

/** "15 July 2027 (in 234 days)" style line for a programme's deadline. */
export function deadlineLine(deadline: Scholarship["deadline"]): string {
  if (deadline.kind === "rolling") return `Rolling: ${deadline.text}`;
  if (deadline.kind === "varies") return `Varies: ${deadline.text}`;
  return deadline.next ? `${deadline.text} Next: ${checkedDate(deadline.next)}.` : deadline.text;
}

function subjectsLine(scholarship: Scholarship): string {
  if (scholarship.subjects.includes("all")) return scholarship.subjectsNote ?? "All subjects";
  const named = scholarship.subjects.map((subject) => SUBJECT_LABELS[subject as ScholarshipSubject] ?? subject).join(", ");
  return scholarship.subjectsNote ? `${named}. ${scholarship.subjectsNote}` : named;
}

/** One programme: what it pays, for how long, the deadline, why the visitor may apply, and its sources. */
export function ScholarshipCard({
  scholarship,
  bookmarked,
  signedIn,
}: {
  scholarship: Scholarship;
  bookmarked: boolean;
  signedIn: boolean;
}) {
  const check = scholarship.eligibility?.status === "check";
  return (
    <article
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={`sch-${scholarship.slug}`}
      data-testid="scholarship-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={`sch-${scholarship.slug}`} className="text-base font-semibold leading-6 text-slate-900">
            {scholarship.name}
          </h3>
          <p className="text-sm text-slate-600">{scholarship.provider}</p>
        </div>
        <BookmarkButton slug={scholarship.slug} name={scholarship.name} bookmarked={bookmarked} signedIn={signedIn} />
      </div>
      <div className="mt-2 flex flex-wrap gap-1.5 text-xs">
        {scholarship.levels.map((level) => (
          <span key={level} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
            {LEVEL_LABELS[level]}
          </span>
        ))}
        {scholarship.openNow ? <span className="rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800">Open now</span> : null}
      </div>
      {scholarship.eligibility ? (
        <p
          className={`mt-3 rounded-lg px-3 py-2 text-sm ${check ? "bg-amber-50 text-amber-900" : "bg-green-50 text-green-900"}`}
          data-testid="eligibility-reason"
        >
          <span className="font-semibold">{check ? "Check the list: " : "Eligible by nationality: "}</span>
          {scholarship.eligibility.reason}
        </p>
      ) : null}
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">Amount</dt>
          <dd className="text-slate-800">{scholarship.amount}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Duration</dt>
          <dd className="text-slate-800">{scholarship.duration}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-slate-500">Deadline</dt>
          <dd className="text-slate-800">{deadlineLine(scholarship.deadline)}</dd>
        </div>
      </dl>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Who can apply and how</summary>
        <dl className="mt-2 space-y-2">
          <div>
            <dt className="font-medium text-slate-500">Nationality</dt>
            <dd className="text-slate-800">{scholarship.nationality.note}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Conditions</dt>
            <dd className="text-slate-800">{scholarship.conditions}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Subjects</dt>
            <dd className="text-slate-800">{subjectsLine(scholarship)}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">How to apply</dt>
            <dd className="text-slate-800">{scholarship.howToApply}</dd>
          </div>
        </dl>
      </details>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <SourceList sources={scholarship.sources} checkedOn={scholarship.checkedOn} />
        <a
          href={scholarship.url}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Official page<span className="sr-only"> of {scholarship.name}</span> ↗
        </a>
      </div>
    </article>
  );
}
