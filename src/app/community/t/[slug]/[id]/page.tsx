import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { TopicView } from "~/components/community/topic-view";
import { JsonLd } from "~/components/site/json-ld";
import { appUrl } from "~/env";
import { serverApi } from "~/server/api/server-caller";

type Props = { params: Promise<{ slug: string; id: string }> };

/** The topic's one read of this request, shared by the title and the page, and counting the view once. */
const loadTopic = cache(async (topicId: string, slug: string) => {
  const api = await serverApi();
  try {
    return await api.community.topic({ topicId, countView: true, slug });
  } catch (error) {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, slug } = await params;
  const { topic, posts } = await loadTopic(id, slug);
  const question = posts.find((post) => post.position === 0)?.body ?? "";
  return {
    title: `${topic.title} · Community`,
    // The question's words without Markdown's marks, as the search result's summary.
    description:
      question
        .replace(/[^\p{L}\p{N}\s.,;:!?'"/-]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 160) || undefined,
    alternates: { canonical: topic.href },
    robots: topic.status === "visible" ? undefined : { index: false },
  };
}

/** /community/t/[slug]/[id]: the id finds the topic; a stale slug (the title changed) redirects to the current address. */
export default async function TopicPage({ params }: Props) {
  const { slug, id } = await params;
  const page = await loadTopic(id, slug);
  if (slug !== page.topic.slug) permanentRedirect(page.topic.href);
  const structuredData = solvedTopicData(page);
  return (
    <>
      {structuredData ? <JsonLd data={structuredData} /> : null}
      <TopicView initial={page} />
    </>
  );
}

/**
 * A solved, visible topic as a QAPage for search engines: the topic is the question, the post marked as
 * the solution its accepted answer. Unsolved topics get none (a QAPage needs an answer).
 */
function solvedTopicData({ topic, answer, posts }: Awaited<ReturnType<typeof loadTopic>>) {
  const question = posts.find((post) => post.position === 0);
  if (topic.status !== "visible" || !answer?.body || !question?.body) return null;
  const url = `${appUrl()}${topic.href}`;
  return {
    "@context": "https://schema.org",
    "@type": "QAPage",
    mainEntity: {
      "@type": "Question",
      name: topic.title,
      text: question.body,
      answerCount: topic.replyCount,
      dateCreated: topic.createdAt.toISOString(),
      author: { "@type": "Person", name: topic.author.name },
      acceptedAnswer: {
        "@type": "Answer",
        text: answer.body,
        dateCreated: answer.createdAt.toISOString(),
        upvoteCount: answer.likeCount,
        url: `${url}#post-${answer.position}`,
        author: { "@type": "Person", name: answer.author.name },
      },
    },
  };
}
