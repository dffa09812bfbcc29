import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { EmptyCategory } from "~/components/community/empty-category";
import { listFromQuery, listHref, type PageQuery } from "~/components/community/list-tabs";
import { NewTopicButton } from "~/components/community/new-topic-button";
import { TopicListSection } from "~/components/community/topic-list-section";
import { CategoryWatchToggle } from "~/components/community/watch-toggle";
import { PageHeader } from "~/components/site/page-header";
import { categoryHref, TOPIC_LIST_LABELS } from "~/lib/schemas/community";
import { serverApi } from "~/server/api/server-caller";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<PageQuery> };

/** The category of the address among the listed ones (archived categories are not shown). */
const loadCategory = cache(async (slug: string) => {
  const categories = await (await serverApi()).community.categories();
  return categories.find((category) => category.slug === slug) ?? null;
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const category = await loadCategory((await params).slug);
  if (!category) return { title: "Community" };
  const list = listFromQuery((await searchParams).list);
  return {
    title: `${category.name}${list === "latest" ? "" : ` · ${TOPIC_LIST_LABELS[list]}`} · Community`,
    description: category.description,
    alternates: { canonical: listHref(categoryHref(category.slug), list) },
  };
}

/** /community/c/[slug]: one category's topics, with the same lists as the front page. */
export default async function CategoryPage({ params, searchParams }: Props) {
  const category = await loadCategory((await params).slug);
  if (!category) notFound();
  const list = listFromQuery((await searchParams).list);
  const api = await serverApi();
  const firstPage = await api.community.topics({ list, categorySlug: category.slug });
  // A category without any topic yet starts from its topic's common questions.
  const empty =
    list === "latest" && firstPage.items.length === 0 ? (
      <EmptyCategory categorySlug={category.slug} common={await api.community.commonQuestions({ categorySlug: category.slug })} />
    ) : undefined;
  return (
    <>
      <PageHeader eyebrow="Community" title={category.name}>
        {category.description}
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-6 px-4 pb-16">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link href="/community" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            ← All categories
          </Link>
          <div className="flex flex-wrap items-start gap-2">
            <CategoryWatchToggle categorySlug={category.slug} />
            <NewTopicButton categorySlug={category.slug} />
          </div>
        </div>
        <TopicListSection
          basePath={categoryHref(category.slug)}
          filter={{ list, categorySlug: category.slug }}
          firstPage={firstPage}
          empty={empty}
        />
      </div>
    </>
  );
}
