/**
 * Writing in the community: topics, replies, edits (history kept), deletion by the author, the
 * solved answer and likes. Every post passes the posting rules (./members.ts) and the filter
 * (./content-filter.ts); a held post waits for a moderator and announces itself (notifications)
 * only once it is published.
 */

import type { Prisma } from "~/generated/prisma/client";
import {
  type EditPostInput,
  editPostSchema,
  type NewTopicInput,
  newTopicSchema,
  type ReplyInput,
  replySchema,
} from "~/lib/schemas/community";
import { slugFromTitle } from "~/lib/schemas/content-admin";
import type { Db, DbOrTx } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { searchableText } from "~/server/rag";
import { consumeRateLimit } from "~/server/security/rate-limit";
import { CATEGORY_ARCHIVED, categoryBySlug } from "./categories.service";
import { screenPost } from "./content-filter";
import { assertMayPost, type CommunityViewer, ensureHandle, isModerator, mentionedHandles } from "./members";
import { notify, notifyLike } from "./notifications.service";

export const TOPIC_NOT_FOUND = "This topic does not exist or is not visible.";
export const POST_NOT_FOUND = "This post does not exist or is not visible.";
export const TOPIC_LOCKED = "This topic is locked: it takes no new replies.";
export const ONLY_OWN_POSTS = "You can only change your own posts.";
export const ONLY_AUTHOR_OR_MODERATOR_SOLVES = "Only the person who asked, or a moderator, can mark the answer.";
const POST_DELETED = "This post was deleted and can no longer be changed.";
export const HELD_FOR_REVIEW =
  "Thanks! Your post is waiting for a moderator's review because our spam and language filter flagged it. It will appear once approved.";

/** The topic's slug for its address: from the title, never empty. */
function topicSlug(title: string): string {
  return slugFromTitle(title) || "topic";
}

/** Fills the post's search vector: the topic's title weighs most, then the text. */
async function indexPost(db: DbOrTx, postId: string, title: string, body: string) {
  await db.$executeRaw`
    UPDATE "ForumPost" SET search = setweight(to_tsvector('english', ${searchableText(title)}), 'A')
      || setweight(to_tsvector('english', ${searchableText(body)}), 'C')
    WHERE id = ${postId}`;
}

/**
 * Recomputes what the lists show of a topic from its posts: the visible replies, the last activity,
 * and the topic's own status, which follows its opening post.
 */
export async function refreshTopic(db: DbOrTx, topicId: string) {
  const posts = await db.forumPost.findMany({
    where: { topicId },
    select: { position: true, status: true, createdAt: true },
  });
  const visible = posts.filter((post) => post.status === "visible");
  const opening = posts.find((post) => post.position === 0);
  const lastActivityAt = visible.reduce(
    (last, post) => (post.createdAt.getTime() > last.getTime() ? post.createdAt : last),
    opening?.createdAt ?? new Date(0),
  );
  await db.forumTopic.update({
    where: { id: topicId },
    data: {
      replyCount: visible.filter((post) => post.position > 0).length,
      lastActivityAt,
      status: opening?.status ?? "deleted",
    },
  });
}

/**
 * Tells the people a newly published post concerns: mentioned members, the topic's watchers (for a
 * reply) or the category's watchers (for a new topic).
 */
export async function announcePost(db: DbOrTx, postId: string) {
  const post = await db.forumPost.findUniqueOrThrow({
    where: { id: postId },
    include: { topic: { select: { id: true, categoryId: true } } },
  });
  const handles = mentionedHandles(post.body);
  const mentioned = handles.length ? await db.user.findMany({ where: { forumHandle: { in: handles } }, select: { id: true } }) : [];
  const watchers = await db.forumWatch.findMany({
    where: post.position === 0 ? { categoryId: post.topic.categoryId } : { topicId: post.topic.id },
    select: { userId: true },
  });
  const base = { actorId: post.authorId, topicId: post.topic.id, postId: post.id };
  await notify(db, [
    ...mentioned.map((user) => ({ ...base, userId: user.id, kind: "mention" as const })),
    ...watchers.map((watch) => ({
      ...base,
      userId: watch.userId,
      kind: post.position === 0 ? ("new_topic" as const) : ("reply" as const),
    })),
  ]);
}

async function watchTopic(db: DbOrTx, userId: string, topicId: string) {
  await db.forumWatch.upsert({
    where: { userId_topicId: { userId, topicId } },
    create: { userId, topicId },
    update: {},
  });
}

/** What the author is told after posting: published, or waiting for review. */
export interface PostOutcome {
  topicId: string;
  topicSlug: string;
  postId: string;
  position: number;
  held: boolean;
  message: string | null;
}

export async function createTopic(db: Db, viewer: CommunityViewer, input: NewTopicInput): Promise<PostOutcome> {
  const data = newTopicSchema.parse(input);
  const category = await categoryBySlug(db, data.categorySlug);
  if (category.archived) throw new AppError("BAD_INPUT", CATEGORY_ARCHIVED);
  await assertMayPost(db, viewer.id, "topic", data.body);
  await consumeRateLimit(db, "communityPost", viewer.id);
  const finding = screenPost(`${data.title}\n${data.body}`);
  const status = finding ? "held" : "visible";
  return db.$transaction(async (tx) => {
    await ensureHandle(tx, viewer.id);
    const topic = await tx.forumTopic.create({
      data: {
        categoryId: category.id,
        authorId: viewer.id,
        title: data.title,
        slug: topicSlug(data.title),
        tags: data.tags,
        status,
      },
    });
    const post = await tx.forumPost.create({
      data: {
        topicId: topic.id,
        authorId: viewer.id,
        position: 0,
        body: data.body,
        status,
        statusNote: finding ? heldNote(finding.terms) : null,
      },
    });
    await indexPost(tx, post.id, data.title, data.body);
    await watchTopic(tx, viewer.id, topic.id);
    if (!finding) await announcePost(tx, post.id);
    return {
      topicId: topic.id,
      topicSlug: topic.slug,
      postId: post.id,
      position: 0,
      held: !!finding,
      message: finding ? HELD_FOR_REVIEW : null,
    };
  });
}

function heldNote(terms: string[]) {
  return `Held by the filter: ${terms.join(", ")}`;
}

/** A topic the viewer may see: visible ones for everybody, others for their author and moderators. */
export async function readableTopic(db: DbOrTx, viewer: CommunityViewer | null, topicId: string) {
  const topic = await db.forumTopic.findUnique({ where: { id: topicId }, include: { category: true } });
  if (!topic) throw new AppError("NOT_FOUND", TOPIC_NOT_FOUND);
  if (topic.status === "visible" || isModerator(viewer) || (viewer && topic.authorId === viewer.id && topic.status !== "deleted"))
    return topic;
  throw new AppError("NOT_FOUND", TOPIC_NOT_FOUND);
}

export async function reply(db: Db, viewer: CommunityViewer, input: ReplyInput): Promise<PostOutcome> {
  const data = replySchema.parse(input);
  const topic = await readableTopic(db, viewer, data.topicId);
  if (topic.status !== "visible") throw new AppError("NOT_FOUND", TOPIC_NOT_FOUND);
  if (topic.locked && !isModerator(viewer)) throw new AppError("FORBIDDEN", TOPIC_LOCKED);
  await assertMayPost(db, viewer.id, "reply", data.body);
  await consumeRateLimit(db, "communityPost", viewer.id);
  const finding = screenPost(data.body);
  return db.$transaction(async (tx) => {
    await ensureHandle(tx, viewer.id);
    // The next position under the topic's row lock, so two replies at once get distinct numbers.
    await tx.$executeRaw`SELECT 1 FROM "ForumTopic" WHERE id = ${topic.id} FOR UPDATE`;
    const last = await tx.forumPost.aggregate({ where: { topicId: topic.id }, _max: { position: true } });
    const position = (last._max.position ?? 0) + 1;
    const post = await tx.forumPost.create({
      data: {
        topicId: topic.id,
        authorId: viewer.id,
        position,
        body: data.body,
        status: finding ? "held" : "visible",
        statusNote: finding ? heldNote(finding.terms) : null,
      },
    });
    await indexPost(tx, post.id, topic.title, data.body);
    if (!finding) {
      await announcePost(tx, post.id);
      await refreshTopic(tx, topic.id);
    }
    await watchTopic(tx, viewer.id, topic.id);
    return {
      topicId: topic.id,
      topicSlug: topic.slug,
      postId: post.id,
      position,
      held: !!finding,
      message: finding ? HELD_FOR_REVIEW : null,
    };
  });
}

/** The viewer's own post, ready to change; someone else's answers 403, a missing one 404. */
async function ownPost(db: DbOrTx, viewer: CommunityViewer, postId: string) {
  const post = await db.forumPost.findUnique({ where: { id: postId }, include: { topic: true } });
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  if (post.authorId !== viewer.id) {
    if (post.status !== "visible") throw new AppError("NOT_FOUND", POST_NOT_FOUND);
    throw new AppError("FORBIDDEN", ONLY_OWN_POSTS);
  }
  if (post.status === "deleted") throw new AppError("BAD_INPUT", POST_DELETED);
  return post;
}

/**
 * Edits the author's post: the earlier text (and title) goes into the history, "edited" is shown,
 * and the new text passes the filter again (a visible post that now matches is held).
 */
export async function editPost(db: Db, viewer: CommunityViewer, input: EditPostInput) {
  const data = editPostSchema.parse(input);
  const post = await ownPost(db, viewer, data.postId);
  if (post.position !== 0 && (data.title !== undefined || data.tags !== undefined))
    throw new AppError("BAD_INPUT", "Only the opening post of a topic has a title and tags.");
  const title = post.position === 0 ? (data.title ?? post.topic.title) : post.topic.title;
  await assertMayPost(db, viewer.id, "reply", data.body).catch(rethrowUnlessDailyLimit);
  const finding = screenPost(`${post.position === 0 ? title : ""}\n${data.body}`);
  return db.$transaction(async (tx) => {
    await tx.forumPostEdit.create({
      data: { postId: post.id, body: post.body, title: post.position === 0 ? post.topic.title : null },
    });
    const status = finding && post.status === "visible" ? "held" : post.status;
    await tx.forumPost.update({
      where: { id: post.id },
      data: {
        body: data.body,
        editedAt: new Date(),
        status,
        ...(status !== post.status ? { statusNote: heldNote(finding!.terms) } : {}),
      },
    });
    if (post.position === 0) {
      await tx.forumTopic.update({
        where: { id: post.topicId },
        data: { title, slug: topicSlug(title), ...(data.tags ? { tags: data.tags } : {}) },
      });
      // Every post of the topic carries its title in the search vector.
      const posts = await tx.forumPost.findMany({ where: { topicId: post.topicId }, select: { id: true, body: true } });
      for (const each of posts) await indexPost(tx, each.id, title, each.id === post.id ? data.body : each.body);
    } else {
      await indexPost(tx, post.id, title, data.body);
    }
    if (status !== post.status) await refreshTopic(tx, post.topicId);
    return { held: status === "held", message: status === "held" ? HELD_FOR_REVIEW : null };
  });
}

/** An edit is not a new post: only suspension and the link limit apply, not the daily counts. */
function rethrowUnlessDailyLimit(error: unknown) {
  if (error instanceof AppError && error.kind === "TOO_MANY_REQUESTS") return;
  throw error;
}

/** Deletes the author's own post: the row stays as "deleted by author" so the thread keeps its shape. */
export async function deleteOwnPost(db: Db, viewer: CommunityViewer, postId: string) {
  const post = await ownPost(db, viewer, postId);
  await db.$transaction(async (tx) => {
    await tx.forumPost.update({
      where: { id: post.id },
      data: { status: "deleted", statusNote: "Deleted by its author" },
    });
    if (post.topic.solvedPostId === post.id) await tx.forumTopic.update({ where: { id: post.topicId }, data: { solvedPostId: null } });
    await refreshTopic(tx, post.topicId);
  });
  return { deleted: true, topicDeleted: post.position === 0 };
}

/** Marks a reply as the topic's answer (or takes the mark back with null): the asker or a moderator. */
export async function markSolved(db: Db, viewer: CommunityViewer, topicId: string, postId: string | null) {
  const topic = await readableTopic(db, viewer, topicId);
  if (topic.authorId !== viewer.id && !isModerator(viewer)) throw new AppError("FORBIDDEN", ONLY_AUTHOR_OR_MODERATOR_SOLVES);
  if (postId === null) {
    await db.forumTopic.update({ where: { id: topic.id }, data: { solvedPostId: null } });
    return { solvedPostId: null };
  }
  const post = await db.forumPost.findFirst({ where: { id: postId, topicId: topic.id, status: "visible" } });
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  if (post.position === 0) throw new AppError("BAD_INPUT", "Choose a reply as the answer, not the question itself.");
  await db.$transaction(async (tx) => {
    await tx.forumTopic.update({ where: { id: topic.id }, data: { solvedPostId: post.id } });
    await notify(tx, [{ userId: post.authorId, kind: "answer", actorId: viewer.id, topicId: topic.id, postId: post.id }]);
  });
  return { solvedPostId: post.id };
}

/** Likes or unlikes a visible post: one like per member, counted on the post. */
export async function setLike(db: Db, viewer: CommunityViewer, postId: string, liked: boolean) {
  const post = await db.forumPost.findUnique({
    where: { id: postId },
    include: { topic: { select: { status: true } } },
  });
  if (post?.status !== "visible" || post.topic.status !== "visible") throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  if (post.authorId === viewer.id) throw new AppError("BAD_INPUT", "You cannot like your own post.");
  return db.$transaction(async (tx) => {
    if (liked) {
      const created = await tx.forumLike.createMany({ data: [{ postId, userId: viewer.id }], skipDuplicates: true });
      if (created.count) await notifyLike(tx, postId, post.authorId, viewer.id, post.topicId);
    } else {
      await tx.forumLike.deleteMany({ where: { postId, userId: viewer.id } });
    }
    const likeCount = await tx.forumLike.count({ where: { postId } });
    await tx.forumPost.update({ where: { id: postId }, data: { likeCount } });
    return { liked, likeCount };
  });
}

/** Watches or stops watching a topic or a category. */
export async function setWatch(db: Db, viewer: CommunityViewer, target: { topicId: string } | { categoryId: string }, watching: boolean) {
  const where: Prisma.ForumWatchWhereInput = { userId: viewer.id, ...target };
  if (!watching) {
    await db.forumWatch.deleteMany({ where });
    return { watching };
  }
  if ("topicId" in target) {
    await readableTopic(db, viewer, target.topicId);
    await watchTopic(db, viewer.id, target.topicId);
  } else {
    await db.forumWatch.upsert({
      where: { userId_categoryId: { userId: viewer.id, categoryId: target.categoryId } },
      create: { userId: viewer.id, categoryId: target.categoryId },
      update: {},
    });
  }
  return { watching };
}

/** Whether the member watches the category (new topics in it notify them). */
export async function watchesCategory(db: Db, userId: string, categoryId: string): Promise<boolean> {
  return !!(await db.forumWatch.findFirst({ where: { userId, categoryId }, select: { id: true } }));
}
