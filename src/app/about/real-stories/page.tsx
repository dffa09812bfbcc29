import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";

export const metadata: Metadata = { title: "Real stories" };

const JOURNEYS = [
  {
    title: "From a bachelor's in Lagos to a master's in Stuttgart",
    steps: [
      "Checked on anabin that the university and degree are recognised (H+).",
      "Took IELTS Academic for an English-taught master's programme.",
      "Applied through uni-assist with certified copies and translations.",
      "Opened a blocked account with the yearly amount and bought travel insurance for the visa.",
      "Booked the visa appointment right after the admission letter and registered the address (Anmeldung) in the first week.",
    ],
    lesson: "Start uni-assist early: checking the documents took six weeks in the busy season.",
  },
  {
    title: "From school in Hanoi to a bachelor's in Aachen",
    steps: [
      "Applied for the APS certificate, required for applicants from Vietnam, as the first step.",
      "Reached B1 German, then took the Studienkolleg entrance exam.",
      "Passed the Feststellungsprüfung after one year of Studienkolleg.",
      "Switched from the language-course health insurance to public student insurance at enrolment.",
    ],
    lesson: "The APS certificate is the bottleneck: everything else waits for it.",
  },
  {
    title: "From working in São Paulo to an MBA and a Blue Card in Berlin",
    steps: [
      "Compared private and public insurance: over 30, public student insurance was no longer automatic.",
      "Worked as a Werkstudent within the 20-hours-a-week limit during lectures.",
      "After graduation, used the 18-month job-search permit and then applied for the EU Blue Card.",
    ],
    lesson: "Keep every payslip and enrolment certificate: the Ausländerbehörde asks for them later.",
  },
];

export default function RealStoriesPage() {
  return (
    <>
      <PageHeader eyebrow="About us" title="Real stories">
        Typical journeys of international students to Germany, told step by step. Names and details are left out to protect the
        students&apos; privacy; the steps are the ones every applicant goes through.
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-6 px-4">
        {JOURNEYS.map((journey) => (
          <article key={journey.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold">{journey.title}</h2>
            <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
              {journey.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700">
              <strong>Lesson learned:</strong> {journey.lesson}
            </p>
          </article>
        ))}
        <p className="text-sm text-slate-600">
          Want to share your own story?{" "}
          <Link href="/about/contact" className="font-medium text-brand-600 hover:underline">
            Write to us
          </Link>
          .
        </p>
      </div>
    </>
  );
}
