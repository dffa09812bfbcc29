import { askAboutGuideHref, guideSectionHref, topicGuidesPath } from "~/lib/guides";
import type { Db } from "~/server/db/client";
import { retrieve } from "~/server/rag/retrieve";
import { listThreads } from "~/server/services/content.service";

/** How many of a topic's common questions an empty category shows. */
const COMMON_QUESTIONS_SHOWN = 6;

export interface CommonQuestion {
  text: string;
  /** The guide section that answers it best, found by the assistant's own search; null when none does. */
  guide: { title: string; href: string } | null;
  /** The assistant with this question written in its box. */
  askHref: string;
}

/**
 * The questions students ask most about a category's topic (the topic thread's questions, as the
 * chat and /students show them), each linked to the guide that answers it and to the assistant.
 * Null for a category that is not a topic of the guides (Introductions, Off topic, staff's own).
 */
export async function commonQuestions(
  db: Db,
  categorySlug: string,
): Promise<{ topic: { slug: string; title: string }; guidesHref: string; questions: CommonQuestion[] } | null> {
  const thread = (await listThreads(db)).find((candidate) => candidate.slug === categorySlug);
  if (!thread || thread.questions.length === 0) return null;
  const questions = await Promise.all(
    thread.questions.slice(0, COMMON_QUESTIONS_SHOWN).map(async ({ text }): Promise<CommonQuestion> => {
      const { passages } = await retrieve(db, text, { limit: 1, perArticle: 1, topic: thread.slug, embeddings: null });
      const best = passages[0];
      return {
        text,
        guide: best ? { title: best.articleTitle, href: guideSectionHref(best.topic, best.articleSlug, best.heading) } : null,
        askHref: askAboutGuideHref(text),
      };
    }),
  );
  return { topic: { slug: thread.slug, title: thread.title }, guidesHref: topicGuidesPath(thread.slug), questions };
}
