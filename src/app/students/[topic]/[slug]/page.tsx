import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { GuideMarkdown } from "~/components/guides/guide-markdown";
import { SectionSources } from "~/components/guides/section-sources";
import { JsonLd } from "~/components/site/json-ld";
import { PageHeader } from "~/components/site/page-header";
import { checkedDate } from "~/components/tools/source-list";
import { appUrl } from "~/env";
import { askAboutGuideHref, guidePath, sectionAnchor, topicGuidesPath } from "~/lib/guides";
import { serverApi } from "~/server/api/server-caller";

type Props = { params: Promise<{ topic: string; slug: string }> };

async function load(topic: string, slug: string) {
  const api = await serverApi();
  try {
    return await api.content.guide({ topic, slug });
  } catch (error) {
    if (error instanceof TRPCError && error.code === "BAD_REQUEST") return null;
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { topic, slug } = await params;
  const guide = await load(topic, slug).catch(() => null);
  if (!guide) return { title: "Guide" };
  const path = guidePath(guide.topic.slug, guide.slug);
  return {
    title: guide.title,
    description: guide.summary,
    alternates: { canonical: path },
    openGraph: { type: "article", title: guide.title, description: guide.summary, url: path, modifiedTime: guide.updatedAt.toISOString() },
    twitter: { card: "summary", title: guide.title, description: guide.summary },
  };
}

/** A guide: the article's sections with their sources and checked dates, related guides, its tool and the assistant. */
export default async function GuidePage({ params }: Props) {
  const { topic, slug } = await params;
  const guide = await load(topic, slug);
  if (!guide) notFound();
  const path = guidePath(guide.topic.slug, guide.slug);
  // Structured data for search engines: the guide as an Article, and where it sits.
  const structuredData = [
    {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: guide.title,
      description: guide.summary,
      dateModified: guide.lastReviewed,
      mainEntityOfPage: `${appUrl()}${path}`,
      citation: guide.sources.map((source) => source.url),
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Students", item: `${appUrl()}/students` },
        { "@type": "ListItem", position: 2, name: guide.topic.title, item: `${appUrl()}${topicGuidesPath(guide.topic.slug)}` },
        { "@type": "ListItem", position: 3, name: guide.title, item: `${appUrl()}${path}` },
      ],
    },
  ];
  return (
    <>
      <JsonLd data={structuredData} />
      <PageHeader eyebrow={guide.topic.title} title={guide.title}>
        Last reviewed {checkedDate(guide.lastReviewed)}. Every section names the official pages it rests on.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-3">
        <article className="min-w-0 lg:col-span-2">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <Link href="/students" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              Students
            </Link>{" "}
            /{" "}
            <Link href={topicGuidesPath(guide.topic.slug)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {guide.topic.title}
            </Link>
          </nav>
          {guide.sections.map((section, index) => (
            <section
              key={`${index}-${section.heading ?? ""}`}
              id={section.heading ? sectionAnchor(section.heading) : undefined}
              className="mt-8 scroll-mt-24"
              aria-label={section.heading ?? "Introduction"}
            >
              {section.heading ? <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2> : null}
              <GuideMarkdown markdown={section.markdown} sectionHeading={section.heading} />
              <SectionSources sources={section.sources} lastReviewed={guide.lastReviewed} />
            </section>
          ))}
        </article>
        <aside className="min-w-0 space-y-6 lg:pt-10">
          <section aria-labelledby="guide-ask" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="guide-ask" className="font-semibold text-slate-900">
              A question this guide leaves open?
            </h2>
            <p className="mt-2 text-sm text-slate-600">SwipeAI answers from these guides, with the sources of each part.</p>
            <Link href={askAboutGuideHref(guide.title)} className="btn-primary mt-4 inline-flex">
              Ask SwipeAI about this
            </Link>
          </section>
          {guide.tool ? (
            <section aria-labelledby="guide-tool" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 id="guide-tool" className="font-semibold text-slate-900">
                Work it out for you
              </h2>
              <Link href={guide.tool.href} className="btn-secondary mt-3 inline-flex">
                Open the {guide.tool.name}
              </Link>
            </section>
          ) : null}
          {guide.related.length ? (
            <section aria-labelledby="guide-related" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 id="guide-related" className="font-semibold text-slate-900">
                Related guides
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {guide.related.map((related) => (
                  <li key={related.slug}>
                    <Link
                      href={guidePath(guide.topic.slug, related.slug)}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      {related.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </>
  );
}
