import type { Metadata } from "next";
import { StudyRoadmap } from "~/components/roadmap/study-roadmap";
import { PageHeader } from "~/components/site/page-header";
import "./print.css";

export const metadata: Metadata = {
  title: "Study roadmap",
  description: "Your personal plan of dated steps from today to your first semester in Germany, each with its official source.",
};

/** /roadmap: the intake form, then the personal plan (whole on Pro and Unlimited, a preview on Free). */
export default function RoadmapPage() {
  return (
    <div id="study-roadmap">
      <PageHeader eyebrow="Pro and Unlimited" title="Your study roadmap">
        A plan of dated steps from today to your first semester in Germany: APS, applications, language tests, funding, insurance, visa and
        arrival, each with why it matters, how to do it and its official page.
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <div className="max-w-4xl">
          <StudyRoadmap />
        </div>
      </div>
    </div>
  );
}
