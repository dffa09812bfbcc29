import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";
import { TOOLS } from "~/lib/tools";

export const metadata: Metadata = { title: "Tools" };

export default function ToolsPage() {
  return (
    <>
      <PageHeader eyebrow="Tools" title="Planning tools">
        Four tools that answer from official, dated sources. They work without an account; signed in, they start from your profile.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-2">
        {TOOLS.map((tool) => (
          <article key={tool.slug} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold">{tool.name}</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">{tool.summary}</p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {tool.gives.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <Link href={`/tools/${tool.slug}`} className="btn-primary mt-5 self-start">
              Open the {tool.name}
            </Link>
          </article>
        ))}
      </div>
      <section aria-labelledby="roadmap-offer" className="mx-auto mt-8 max-w-6xl px-4">
        <div className="flex flex-col gap-4 rounded-2xl border-2 border-brand-100 bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">Pro and Unlimited</p>
            <h2 id="roadmap-offer" className="mt-1 text-lg font-semibold">
              Your personal study roadmap
            </h2>
            <p className="mt-1 max-w-2xl text-sm leading-6 text-slate-700">
              Dated steps from today to your first semester, made from your nationality, degree, intake, language and funding: APS,
              applications, language tests, blocked account, insurance, visa and arrival, each with its official page. Free accounts see the
              first three steps.
            </p>
          </div>
          <Link href="/roadmap" className="btn-primary shrink-0 self-start sm:self-center">
            Open your roadmap
          </Link>
        </div>
      </section>
    </>
  );
}
