import type { Metadata } from "next";
import { firstParam, type PageQuery } from "~/components/community/list-tabs";
import { NewTopicForm } from "~/components/community/new-topic-form";
import { PageHeader } from "~/components/site/page-header";
import { TOPIC_TITLE_MAX } from "~/lib/schemas/community";
import { serverApi } from "~/server/api/server-caller";

type Props = { searchParams: Promise<PageQuery> };

export const metadata: Metadata = {
  title: "New topic · Community",
  alternates: { canonical: "/community/new" },
  robots: { index: false },
};

/** /community/new: start a topic; ?title= and ?category= pre-fill it (e.g. from the assistant's "Ask the community"). */
export default async function NewTopicPage({ searchParams }: Props) {
  const query = await searchParams;
  const categories = await (await serverApi()).community.categories();
  const category = firstParam(query.category);
  return (
    <>
      <PageHeader eyebrow="Community" title="Ask the community">
        Give your question a clear title and the details others need to answer it. Be kind; no personal data of others.
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <div className="max-w-3xl">
          <NewTopicForm
            categories={categories.map(({ slug, name }) => ({ slug, name }))}
            defaults={{
              title: firstParam(query.title).slice(0, TOPIC_TITLE_MAX),
              categorySlug: categories.some((each) => each.slug === category) ? category : "",
            }}
          />
        </div>
      </div>
    </>
  );
}
