import type { Metadata } from "next";
import { CategoryGrid } from "~/components/community/category-grid";
import { CommunitySearchBox } from "~/components/community/community-search-box";
import { EmptyCategory } from "~/components/community/empty-category";
import { listFromQuery, listHref, type PageQuery } from "~/components/community/list-tabs";
import { NewTopicButton } from "~/components/community/new-topic-button";
import { TopicListSection } from "~/components/community/topic-list-section";
import { PageHeader } from "~/components/site/page-header";
import { TOPIC_LIST_LABELS } from "~/lib/schemas/community";
import { serverApi } from "~/server/api/server-caller";

type Props = { searchParams: Promise<PageQuery> };

const COMMUNITY_PATH = "/community";

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const list = listFromQuery((await searchParams).list);
  return {
    title: list === "latest" ? "Community" : `${TOPIC_LIST_LABELS[list]} · Community`,
    description:
      "Ask students who have been through it: admission, visas, money, housing, arrival and work in Germany, with answers marked solved.",
    alternates: { canonical: listHref(COMMUNITY_PATH, list) },
  };
}

/** /community: the categories, then the topic lists (readable signed out; posting needs a verified email). */
export default async function CommunityPage({ searchParams }: Props) {
  const list = listFromQuery((await searchParams).list);
  const api = await serverApi();
  const [categories, firstPage] = await Promise.all([api.community.categories(), api.community.topics({ list })]);
  // A forum without any topic yet (a new installation) says so instead of promising answers from students.
  const forumEmpty = list === "latest" && firstPage.items.length === 0;
  return (
    <>
      <PageHeader eyebrow="Community" title={forumEmpty ? "Ask the first question" : "Ask students who have done it"}>
        Questions and answers about studying and moving to Germany. Answers that helped are marked solved.
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-6 px-4 pb-16">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CommunitySearchBox />
          <NewTopicButton />
        </div>
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <TopicListSection
            basePath={COMMUNITY_PATH}
            filter={{ list }}
            firstPage={firstPage}
            empty={forumEmpty ? <EmptyCategory common={null} /> : undefined}
          />
          <aside>
            <CategoryGrid categories={categories} />
          </aside>
        </div>
      </div>
    </>
  );
}
