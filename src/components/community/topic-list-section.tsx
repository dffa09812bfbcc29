import type { ReactNode } from "react";
import { TOPIC_LIST_LABELS, type TopicList } from "~/lib/schemas/community";
import type { RouterOutputs } from "~/trpc/react";
import { ListTabs } from "./list-tabs";
import { TopicFeed } from "./topic-feed";

const EMPTY_TEXT: Record<TopicList, string> = {
  latest: "No topics yet. Ask the first question!",
  top: "No topics were started this month yet.",
  unanswered: "Every topic here has a reply.",
  solved: "No topic here is marked solved yet.",
};

/** The tabs of the topic lists and the chosen list, shared by the forum's front page, categories and tags. */
export function TopicListSection({
  basePath,
  filter,
  firstPage,
  empty,
}: {
  basePath: string;
  filter: { list: TopicList; categorySlug?: string; tag?: string };
  firstPage: RouterOutputs["community"]["topics"];
  /** Shown instead of the list when it has no topic at all (an empty category's common questions). */
  empty?: ReactNode;
}) {
  return (
    <section aria-labelledby="topics-title" className="space-y-3">
      <h2 id="topics-title" className="sr-only">
        {TOPIC_LIST_LABELS[filter.list]} topics
      </h2>
      <ListTabs basePath={basePath} active={filter.list} />
      {empty && firstPage.items.length === 0 ? (
        empty
      ) : (
        <TopicFeed filter={filter} firstPage={firstPage} emptyText={EMPTY_TEXT[filter.list]} />
      )}
    </section>
  );
}
