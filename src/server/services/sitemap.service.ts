/**
 * What search engines are told exists: the public pages, the topics and their guides, the
 * universities and the community's visible topics, each with its last change where one is known.
 */
import { guidePath, topicGuidesPath } from "~/lib/guides";
import { topicHref } from "~/lib/schemas/community";
import { FINDER_PATH } from "~/lib/schemas/tools/universities";
import { TOOLS } from "~/lib/tools";
import type { Db } from "~/server/db/client";
import { listGuidesForSitemap } from "./guides.service";

/** Public pages of the site (private ones, such as the profile, billing and /admin, are not listed). */
const PUBLIC_PAGES = [
  "/",
  "/students",
  "/swipe-ai",
  "/pricing",
  "/how-it-works",
  "/faq",
  "/about",
  "/services",
  "/business",
  "/careers",
  "/compare",
  "/community",
  "/roadmap",
  "/tools",
  ...TOOLS.map((tool) => `/tools/${tool.slug}`),
  "/imprint",
  "/privacy",
  "/terms",
];

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [threads, guides, institutions, topics] = await Promise.all([
    db.thread.findMany({ where: { hidden: false }, orderBy: { position: "asc" }, select: { slug: true, updatedAt: true } }),
    listGuidesForSitemap(db),
    db.institution.findMany({ where: { hidden: false }, orderBy: { slug: "asc" }, select: { slug: true, updatedAt: true } }),
    db.forumTopic.findMany({
      where: { status: "visible" },
      orderBy: { lastActivityAt: "desc" },
      select: { id: true, slug: true, lastActivityAt: true },
    }),
  ]);
  const shownTopics = new Set(threads.map((t) => t.slug));
  const lastGuideChange = new Map<string, Date>();
  for (const guide of guides) {
    const last = lastGuideChange.get(guide.topic);
    if (!last || last < guide.updatedAt) lastGuideChange.set(guide.topic, guide.updatedAt);
  }
  return [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...threads.map((thread) => ({
      path: topicGuidesPath(thread.slug),
      lastModified: lastGuideChange.get(thread.slug) ?? thread.updatedAt,
    })),
    ...guides
      .filter((guide) => shownTopics.has(guide.topic))
      .map((guide) => ({ path: guidePath(guide.topic, guide.slug), lastModified: guide.updatedAt })),
    ...institutions.map((institution) => ({ path: `${FINDER_PATH}/${institution.slug}`, lastModified: institution.updatedAt })),
    ...topics.map((topic) => ({ path: topicHref(topic), lastModified: topic.lastActivityAt })),
  ];
}
