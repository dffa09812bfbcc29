import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { listFromQuery, listHref, type PageQuery } from "~/components/community/list-tabs";
import { NewTopicButton } from "~/components/community/new-topic-button";
import { TopicListSection } from "~/components/community/topic-list-section";
import { PageHeader } from "~/components/site/page-header";
import { TOPIC_LIST_LABELS, tagHref, tagSchema } from "~/lib/schemas/community";
import { serverApi } from "~/server/api/server-caller";

type Props = { params: Promise<{ tag: string }>; searchParams: Promise<PageQuery> };

/** The tag of the address as topics store it (lower case), or null when it cannot be a tag. */
async function tagOf(params: Props["params"]): Promise<string | null> {
  const parsed = tagSchema.safeParse(decodeURIComponent((await params).tag));
  return parsed.success ? parsed.data : null;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const tag = await tagOf(params);
  if (!tag) return { title: "Community" };
  const list = listFromQuery((await searchParams).list);
  return {
    title: `#${tag}${list === "latest" ? "" : ` · ${TOPIC_LIST_LABELS[list]}`} · Community`,
    description: `Community topics tagged ${tag}.`,
    alternates: { canonical: listHref(tagHref(tag), list) },
  };
}

/** /community/tag/[tag]: the topics with one tag. */
export default async function TagPage({ params, searchParams }: Props) {
  const tag = await tagOf(params);
  if (!tag) notFound();
  const list = listFromQuery((await searchParams).list);
  const firstPage = await (await serverApi()).community.topics({ list, tag });
  return (
    <>
      <PageHeader eyebrow="Community" title={`Topics tagged #${tag}`} />
      <div className="mx-auto max-w-6xl space-y-6 px-4 pb-16">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link href="/community" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            ← All categories
          </Link>
          <NewTopicButton />
        </div>
        <TopicListSection basePath={tagHref(tag)} filter={{ list, tag }} firstPage={firstPage} />
      </div>
    </>
  );
}
