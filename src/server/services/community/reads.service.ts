import { isStaff, type Role } from "~/lib/permissions";
/**
 * Reading the community: topic lists (latest, top this month, unanswered, solved, per category or
 * tag), a topic with its replies as the viewer may see them, full-text search and public profiles.
 */

import type { ForumPostStatus, Prisma } from "~/generated/prisma/client";
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  POSTS_PAGE_SIZE,
  type SearchInput,
  searchSchema,
  type TopicListInput,
  topicHref,
  topicListSchema,
} from "~/lib/schemas/community";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { searchableText, stripMarkdown } from "~/server/rag";
import { type CommunityViewer, isModerator, mentionedHandles } from "./members";
import { readableTopic } from "./posts.service";

const EXCERPT_CHARS = 180;
const TOP_PERIOD_DAYS = 30;

function excerpt(markdown: string): string {
  const plain = stripMarkdown(markdown).replace(/\s+/g, " ").trim();
  return plain.length > EXCERPT_CHARS ? `${plain.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : plain;
}

const authorSelect = { select: { id: true, name: true, forumHandle: true, createdAt: true, role: true } } as const;

/** What a row of a topic list reads: its category, author, and the opening post's text and likes. */
const topicRowInclude = {
  category: { select: { slug: true, name: true } },
  author: authorSelect,
  posts: { where: { position: 0 }, select: { body: true, likeCount: true } },
} as const satisfies Prisma.ForumTopicInclude;

function authorView(author: { id: string; name: string; forumHandle: string | null; createdAt: Date; role: Role }) {
  // Posts by the team are labelled as such, so readers can tell an official word from a fellow student's.
  return { id: author.id, name: author.name, handle: author.forumHandle, joinedAt: author.createdAt, staff: isStaff(author.role) };
}

export async function listTopics(db: Db, input: TopicListInput) {
  const { list, categorySlug, tag, cursor, limit } = topicListSchema.parse(input);
  const where: Prisma.ForumTopicWhereInput = { status: "visible" };
  if (categorySlug) where.category = { slug: categorySlug };
  if (tag) where.tags = { has: tag };
  if (list === "unanswered") where.replyCount = 0;
  if (list === "solved") where.solvedPostId = { not: null };
  if (list === "top") where.createdAt = { gte: new Date(Date.now() - TOP_PERIOD_DAYS * 86_400_000) };
  const orderBy: Prisma.ForumTopicOrderByWithRelationInput[] =
    list === "top"
      ? [{ replyCount: "desc" }, { views: "desc" }, { createdAt: "desc" }]
      : [...(list === "latest" ? [{ pinned: "desc" as const }] : []), { lastActivityAt: "desc" }, { id: "desc" }];
  const rows = await db.forumTopic.findMany({
    where,
    orderBy,
    skip: cursor,
    take: limit + 1,
    include: topicRowInclude,
  });
  return { items: rows.slice(0, limit).map(topicSummary), nextCursor: rows.length > limit ? cursor + limit : null };
}

type TopicRow = Prisma.ForumTopicGetPayload<{ include: typeof topicRowInclude }>;

function topicSummary(topic: TopicRow) {
  const opening = topic.posts[0];
  return {
    id: topic.id,
    slug: topic.slug,
    title: topic.title,
    href: topicHref(topic),
    category: topic.category,
    tags: topic.tags,
    author: authorView(topic.author),
    excerpt: opening ? excerpt(opening.body) : "",
    likeCount: opening?.likeCount ?? 0,
    replyCount: topic.replyCount,
    views: topic.views,
    solved: !!topic.solvedPostId,
    pinned: topic.pinned,
    locked: topic.locked,
    status: topic.status,
    lastActivityAt: topic.lastActivityAt,
    createdAt: topic.createdAt,
  };
}

const PLACEHOLDERS: Record<Exclude<ForumPostStatus, "visible">, string> = {
  held: "This post is waiting for a moderator's review.",
  hidden: "This post is hidden until a moderator reviews it.",
  deleted: "This post was deleted.",
};

/**
 * A topic and a page of its posts as the viewer may see them: others' held posts are left out;
 * hidden and deleted posts keep their place without their text, except for their author (hidden) and
 * moderators. `countView` adds one to the views (the page itself, not API reads), unless `slug` names
 * a stale address, which redirects to the page that counts it.
 */
export async function readTopic(
  db: Db,
  viewer: CommunityViewer | null,
  topicId: string,
  options: { cursor?: number; countView?: boolean; slug?: string } = {},
) {
  const topic = await readableTopic(db, viewer, topicId);
  const { cursor = 0 } = options;
  const countView = !!options.countView && (options.slug === undefined || options.slug === topic.slug);
  const moderator = isModerator(viewer);
  if (countView && viewer?.id !== topic.authorId)
    await db.forumTopic.update({ where: { id: topic.id }, data: { views: { increment: 1 } } });
  const postWhere: Prisma.ForumPostWhereInput = moderator
    ? { topicId: topic.id }
    : { topicId: topic.id, OR: [{ status: { not: "held" } }, ...(viewer ? [{ authorId: viewer.id }] : [])] };
  const [rows, total, author, liked, watching] = await Promise.all([
    db.forumPost.findMany({
      where: postWhere,
      orderBy: { position: "asc" },
      skip: cursor,
      take: POSTS_PAGE_SIZE + 1,
      include: { author: authorSelect },
    }),
    db.forumPost.count({ where: postWhere }),
    db.user.findUniqueOrThrow({ where: { id: topic.authorId }, ...authorSelect }),
    viewer ? db.forumLike.findMany({ where: { userId: viewer.id, post: { topicId: topic.id } }, select: { postId: true } }) : [],
    viewer ? db.forumWatch.findFirst({ where: { userId: viewer.id, topicId: topic.id }, select: { id: true } }) : null,
  ]);
  const likedIds = new Set(liked.map((like) => like.postId));
  const answerRow = topic.solvedPostId
    ? await db.forumPost.findFirst({
        where: { id: topic.solvedPostId, status: "visible" },
        include: { author: authorSelect },
      })
    : null;
  // The handles these posts mention that belong to members: only those are linked.
  const mentioned = [...new Set([...rows, ...(answerRow ? [answerRow] : [])].flatMap((post) => mentionedHandles(post.body)))];
  const members = new Set(
    mentioned.length
      ? (await db.user.findMany({ where: { forumHandle: { in: mentioned } }, select: { forumHandle: true } })).map((u) => u.forumHandle!)
      : [],
  );
  const view = (post: (typeof rows)[number]) => {
    const mine = viewer?.id === post.authorId;
    const readable = post.status === "visible" || moderator || (mine && post.status !== "deleted");
    return {
      id: post.id,
      position: post.position,
      author: authorView(post.author),
      body: readable ? post.body : null,
      mentions: readable ? mentionedHandles(post.body).filter((handle) => members.has(handle)) : [],
      status: post.status,
      placeholder:
        post.status === "visible"
          ? null
          : post.status === "deleted" && post.statusNote === "Deleted by its author"
            ? "Deleted by its author."
            : PLACEHOLDERS[post.status],
      statusNote: moderator || mine ? post.statusNote : null,
      likeCount: post.likeCount,
      likedByMe: likedIds.has(post.id),
      edited: !!post.editedAt,
      editedAt: post.editedAt,
      createdAt: post.createdAt,
      isAnswer: topic.solvedPostId === post.id,
      mine,
    };
  };
  const posts = rows.slice(0, POSTS_PAGE_SIZE).map(view);
  const isAuthor = viewer?.id === topic.authorId;
  return {
    topic: {
      id: topic.id,
      slug: topic.slug,
      title: topic.title,
      href: topicHref(topic),
      category: { slug: topic.category.slug, name: topic.category.name, archived: topic.category.archived },
      tags: topic.tags,
      author: authorView(author),
      status: topic.status,
      pinned: topic.pinned,
      locked: topic.locked,
      views: topic.views + (countView && !isAuthor ? 1 : 0),
      replyCount: topic.replyCount,
      lastActivityAt: topic.lastActivityAt,
      createdAt: topic.createdAt,
      solvedPostId: answerRow?.id ?? null,
    },
    answer: answerRow ? view(answerRow) : null,
    posts,
    totalPosts: total,
    nextCursor: rows.length > POSTS_PAGE_SIZE ? cursor + POSTS_PAGE_SIZE : null,
    viewer: {
      signedIn: !!viewer,
      canPost: !!viewer?.emailVerified,
      canReply: !!viewer?.emailVerified && topic.status === "visible" && (!topic.locked || moderator),
      canMarkSolved: !!viewer && (isAuthor || moderator),
      moderator,
      watching: !!watching,
    },
  };
}

const SEARCH_PAGE_SIZE = 20;

interface SearchRow {
  postId: string;
  position: number;
  topicId: string;
  slug: string;
  title: string;
  solved: boolean;
  categorySlug: string;
  categoryName: string;
  authorName: string;
  createdAt: Date;
  rank: number;
  snippet: string;
}

/**
 * Full-text search over visible posts of visible topics, the knowledge base's way: the question
 * parsed by websearch_to_tsquery (English stemming; umlaut spellings folded by searchableText), any
 * of its words matching (students rarely use the post's exact words), ranked by ts_rank_cd over the
 * weighted vector (title A, text C) so posts with more of the words and title hits come first, with a
 * highlighted snippet.
 */
export async function searchCommunity(db: Db, input: SearchInput) {
  const { query, categorySlug, solved, cursor } = searchSchema.parse(input);
  const text = searchableText(query);
  const rows = await db.$queryRaw<SearchRow[]>`
    WITH q AS (SELECT to_tsquery('english', replace(websearch_to_tsquery('english', ${text})::text, ' & ', ' | ')) AS query)
    SELECT p.id AS "postId", p.position, t.id AS "topicId", t.slug, t.title, (t."solvedPostId" IS NOT NULL) AS solved,
           c.slug AS "categorySlug", c.name AS "categoryName", u.name AS "authorName", p."createdAt",
           ts_rank_cd(p.search, q.query)::float8 AS rank,
           ts_headline('english', p.body, q.query, ${`StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}) AS snippet
    FROM "ForumPost" p
    JOIN "ForumTopic" t ON t.id = p."topicId"
    JOIN "ForumCategory" c ON c.id = t."categoryId"
    JOIN "User" u ON u.id = p."authorId", q
    WHERE p.search @@ q.query AND p.status = 'visible' AND t.status = 'visible'
      AND (${categorySlug ?? null}::text IS NULL OR c.slug = ${categorySlug ?? null})
      AND (${solved ?? null}::boolean IS NULL OR (t."solvedPostId" IS NOT NULL) = ${solved ?? null})
    ORDER BY rank DESC, p."createdAt" DESC
    OFFSET ${cursor} LIMIT ${SEARCH_PAGE_SIZE + 1}`;
  const items = rows.slice(0, SEARCH_PAGE_SIZE).map((row) => ({
    postId: row.postId,
    position: row.position,
    href: topicHref({ id: row.topicId, slug: row.slug }, row.position),
    topic: { id: row.topicId, title: row.title, solved: row.solved },
    category: { slug: row.categorySlug, name: row.categoryName },
    authorName: row.authorName,
    createdAt: row.createdAt,
    rank: row.rank,
    snippet: stripMarkdown(row.snippet).replace(/\s+/g, " ").trim(),
  }));
  return { items, nextCursor: rows.length > SEARCH_PAGE_SIZE ? cursor + SEARCH_PAGE_SIZE : null };
}

const MEMBER_NOT_FOUND = "There is no member with this name.";

/**
 * A member's public profile: name, join date, published posts and solutions, and their latest
 * topics. The profile visibility of the Settings tab rules: only "public" shows it.
 */
export async function memberProfile(db: Db, handle: string) {
  const user = await db.user.findUnique({
    where: { forumHandle: handle.toLowerCase() },
    include: { student: { select: { profileVisibility: true } } },
  });
  if (user?.status !== "active") throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  if (user.student?.profileVisibility !== "public") return { visible: false as const, name: user.name, handle: user.forumHandle! };
  const [posts, solutions, topics] = await Promise.all([
    db.forumPost.count({ where: { authorId: user.id, status: "visible" } }),
    db.forumTopic.count({ where: { solvedPost: { authorId: user.id, status: "visible" }, status: "visible" } }),
    db.forumTopic.findMany({
      where: { authorId: user.id, status: "visible" },
      orderBy: { createdAt: "desc" },
      take: 10,
      include: topicRowInclude,
    }),
  ]);
  return {
    visible: true as const,
    name: user.name,
    handle: user.forumHandle!,
    joinedAt: user.createdAt,
    posts,
    solutions,
    topics: topics.map(topicSummary),
  };
}
