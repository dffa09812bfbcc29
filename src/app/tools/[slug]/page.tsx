import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ApplicationsTracker } from "~/components/services/applications-tracker";
import { PageHeader } from "~/components/site/page-header";
import { findTool, TOOLS } from "~/lib/tools";
import { chatUrlFor } from "~/lib/site";

type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;
export function generateStaticParams() {
  return TOOLS.map((tool) => ({ slug: tool.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: findTool((await params).slug)?.name ?? "Tool" };
}

export default async function ToolPage({ params }: Props) {
  const tool = findTool((await params).slug);
  if (!tool) notFound();
  return (
    <>
      <PageHeader eyebrow="Tools" title={tool.name}>{tool.summary}</PageHeader>
      <div className="mx-auto max-w-3xl space-y-6 px-4">
        {tool.slug === "university-finder" ? <ApplicationsTracker /> : null}
        <div role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-900">
          <strong>Coming soon.</strong> The {tool.slug === "university-finder" ? "programme search of the University Finder" : tool.name} is being built
          and does not work yet. Meanwhile SwipeAI can answer the
          same question for your situation.
        </div>
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold">What it will do</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {tool.willDo.map((item) => <li key={item}>{item}</li>)}
          </ul>
          <Link href={chatUrlFor(tool.askInstead)} className="btn-primary mt-6">Ask SwipeAI: &ldquo;{tool.askInstead}&rdquo;</Link>
        </section>
      </div>
    </>
  );
}
