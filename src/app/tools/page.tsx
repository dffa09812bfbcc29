import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";
import { TOOLS } from "~/lib/tools";

export const metadata: Metadata = { title: "Tools" };

export default function ToolsPage() {
  return (
    <>
      <PageHeader eyebrow="Tools" title="Planning tools">
        Four interactive tools are on the way. Until they launch, SwipeAI answers the same questions with sources.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-2">
        {TOOLS.map((tool) => (
          <article key={tool.slug} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center justify-between gap-3">
              <h2 className="text-lg font-semibold">{tool.name}</h2>
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">Coming soon</span>
            </div>
            <p className="mt-2 text-sm leading-6 text-slate-600">{tool.summary}</p>
            <Link href={`/tools/${tool.slug}`} className="btn-secondary mt-5 self-start">About the {tool.name}</Link>
          </article>
        ))}
      </div>
    </>
  );
}
