/**
 * The guides: the knowledge base's articles as pages people read, as staff last saved them (an edit in
 * /admin shows at once). Hidden articles and hidden topics are not shown.
 */

import { guideSectionHref } from "~/lib/guides";
import { type ArticleSource, articleSourcesSchema } from "~/lib/schemas/knowledge";
import { findTool, type ToolInfo } from "~/lib/tools";
import type { Db } from "~/server/db/client";
import { type ArticleSection, articleSections, articleSummary, CITY_ARTICLE_PREFIX, plainExcerpt, retrieve } from "~/server/rag";

/** The tool that applies to a topic's guides. */
const TOPIC_TOOLS: Record<string, ToolInfo["slug"]> = {
  visa: "visa-checker",
  admission: "university-finder",
  language: "university-finder",
  scholarships: "scholarship-search",
  finances: "cost-calculator",
  "cost-of-living": "cost-calculator",
  accommodation: "cost-calculator",
};
const RELATED_GUIDES = 4;

const sourcesOf = (value: unknown): ArticleSource[] => {
  const parsed = articleSourcesSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
};

export interface GuideSummary {
  slug: string;
  title: string;
  summary: string;
  lastReviewed: string;
}

export interface GuideTopic {
  slug: string;
  title: string;
  description: string | null;
}

/** The general guides first, then the cities' cost guides, each in the order given. */
const generalFirst = <T extends { slug: string }>(articles: T[]): T[] => [
  ...articles.filter((a) => !a.slug.startsWith(CITY_ARTICLE_PREFIX)),
  ...articles.filter((a) => a.slug.startsWith(CITY_ARTICLE_PREFIX)),
];

function visibleTopic(db: Db, topic: string): Promise<GuideTopic | null> {
  return db.thread.findFirst({ where: { slug: topic, hidden: false }, select: { slug: true, title: true, description: true } });
}

/** A topic and its guides with their summaries and review dates; null for a topic that does not exist. */
export async function listTopicGuides(db: Db, topic: string): Promise<{ topic: GuideTopic; guides: GuideSummary[] } | null> {
  const found = await visibleTopic(db, topic);
  if (!found) return null;
  const articles = await db.knowledgeArticle.findMany({
    where: { topic, hidden: false },
    orderBy: { title: "asc" },
    select: { slug: true, title: true, body: true, lastReviewed: true },
  });
  return {
    topic: found,
    guides: generalFirst(articles).map((a) => ({
      slug: a.slug,
      title: a.title,
      summary: articleSummary(a.body),
      lastReviewed: a.lastReviewed,
    })),
  };
}

export interface Guide {
  slug: string;
  title: string;
  summary: string;
  topic: GuideTopic;
  lastReviewed: string;
  updatedAt: Date;
  sections: ArticleSection[];
  sources: ArticleSource[];
  related: { slug: string; title: string }[];
  tool: { name: string; href: string } | null;
}

/** One guide of a topic, with its sections and their sources, related guides and the tool that applies; null when not shown. */
export async function getGuide(db: Db, topic: string, slug: string): Promise<Guide | null> {
  const [found, article] = await Promise.all([
    visibleTopic(db, topic),
    db.knowledgeArticle.findFirst({ where: { slug, topic, hidden: false } }),
  ]);
  if (!found || !article) return null;
  const sources = sourcesOf(article.sources);
  const related = await db.knowledgeArticle.findMany({
    where: { topic, hidden: false, slug: { not: slug } },
    orderBy: { title: "asc" },
    select: { slug: true, title: true },
  });
  return {
    slug: article.slug,
    title: article.title,
    summary: articleSummary(article.body),
    topic: found,
    lastReviewed: article.lastReviewed,
    updatedAt: article.updatedAt,
    sections: articleSections(article.body, sources),
    sources,
    related: generalFirst(related).slice(0, RELATED_GUIDES),
    tool: toolOf(topic, slug),
  };
}

/** The tool of the guide's topic; a city's cost guide opens the Cost Calculator on that city. */
function toolOf(topic: string, slug: string): Guide["tool"] {
  const tool = findTool(TOPIC_TOOLS[topic] ?? "");
  if (!tool) return null;
  const city = slug.startsWith(CITY_ARTICLE_PREFIX) ? slug.slice(CITY_ARTICLE_PREFIX.length) : null;
  // Only the city is filled in: the reader gives the rest.
  const href = city && tool.slug === "cost-calculator" ? `/tools/cost-calculator?${new URLSearchParams({ city })}` : `/tools/${tool.slug}`;
  return { name: tool.name, href };
}

/** Every shown guide with its topic and last change, for the sitemap. */
export function listGuidesForSitemap(db: Db) {
  return db.knowledgeArticle.findMany({
    where: { hidden: false },
    orderBy: [{ topic: "asc" }, { slug: "asc" }],
    select: { slug: true, topic: true, updatedAt: true },
  });
}

/** Sections a guide search shows at most, and of one guide. */
const SEARCH_RESULTS = 8;
const SEARCH_PER_GUIDE = 2;
const EXCERPT_CHARS = 240;

export interface GuideSearchResult {
  href: string;
  section: string | null;
  guide: string;
  excerpt: string;
  lastReviewed: string;
}

/**
 * The guide sections that answer a question, found by the assistant's own search (its term table,
 * German words and typo reading included); none when nothing relevant is found.
 */
export async function searchGuides(db: Db, query: string): Promise<GuideSearchResult[]> {
  const { passages } = await retrieve(db, query, { limit: SEARCH_RESULTS, perArticle: SEARCH_PER_GUIDE, embeddings: null });
  return passages.map((passage) => {
    return {
      href: guideSectionHref(passage.topic, passage.articleSlug, passage.heading),
      section: passage.heading,
      guide: passage.articleTitle,
      excerpt: plainExcerpt(passage.text, EXCERPT_CHARS),
      lastReviewed: passage.lastReviewed,
    };
  });
}
