import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "~/components/site/page-header";
import { checkedDate } from "~/components/tools/source-list";
import { DEFAULT_TOPIC_DESCRIPTION } from "~/lib/carousel";
import { guidePath, topicGuidesPath } from "~/lib/guides";
import { topicAnchor } from "~/lib/navigation";
import { serverApi } from "~/server/api/server-caller";

type Props = { params: Promise<{ topic: string }> };

async function load(topic: string) {
  const api = await serverApi();
  try {
    return await api.content.topicGuides({ topic });
  } catch (error) {
    if (error instanceof TRPCError && error.code === "BAD_REQUEST") return null;
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { topic } = await params;
  const found = await load(topic).catch(() => null);
  if (!found) return { title: "Guides" };
  return {
    title: `${found.topic.title} · Guides`,
    description: found.topic.description?.trim() || DEFAULT_TOPIC_DESCRIPTION,
    alternates: { canonical: topicGuidesPath(found.topic.slug) },
  };
}

/** /students/<topic>: the topic's guides, each with its summary and the day it was last reviewed. */
export default async function TopicGuidesPage({ params }: Props) {
  const found = await load((await params).topic);
  if (!found) notFound();
  const { topic, guides } = found;
  return (
    <>
      <PageHeader eyebrow="Guides" title={topic.title}>
        {topic.description?.trim() || DEFAULT_TOPIC_DESCRIPTION}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <Link href="/students" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Students
          </Link>{" "}
          / {topic.title}
        </nav>
        {guides.length === 0 ? (
          <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            No guide on this topic yet.{" "}
            <Link href={`/students#${topicAnchor(topic.slug)}`} className="font-medium text-brand-700 underline">
              Ask one of its questions instead
            </Link>
            .
          </p>
        ) : (
          <ul className="mt-6 max-w-4xl space-y-4" aria-label={`Guides on ${topic.title}`}>
            {guides.map((guide) => (
              <li key={guide.slug} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <h2 className="font-semibold text-slate-900">
                  <Link href={guidePath(topic.slug, guide.slug)} className="hover:text-brand-700 hover:underline">
                    {guide.title}
                  </Link>
                </h2>
                {guide.summary ? <p className="mt-2 text-sm leading-6 text-slate-600">{guide.summary}</p> : null}
                <p className="mt-2 text-xs text-slate-500">Last reviewed {checkedDate(guide.lastReviewed)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
