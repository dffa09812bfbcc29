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
              {tool.gives.map((item) => <li key={item}>{item}</li>)}
            </ul>
            <Link href={`/tools/${tool.slug}`} className="btn-primary mt-5 self-start">Open the {tool.name}</Link>
          </article>
        ))}
      </div>
    </>
  );
}
