import type { Metadata } from "next";
import { Suspense } from "react";
import { GuideSearchForm } from "~/components/guides/guide-search-form";
import { PageHeader } from "~/components/site/page-header";
import StudentsLoading from "./loading";
import { StudentTopics } from "./topics";

export const metadata: Metadata = { title: "Students" };

/** The header is sent at once; the topics follow as soon as they are loaded, with the loading state meanwhile. */
export default function StudentsPage() {
  return (
    <>
      <PageHeader eyebrow="For students" title="Everything you need to study in Germany">
        Each topic below collects the questions international students ask most, from choosing a programme to working after graduation. Read
        a topic's guides, each with its sources and the day they were checked, or pick a question and SwipeAI answers it.
      </PageHeader>
      <div className="mx-auto -mt-4 mb-8 max-w-6xl px-4">
        <GuideSearchForm />
      </div>
      <Suspense fallback={<StudentsLoading />}>
        <StudentTopics />
      </Suspense>
    </>
  );
}
