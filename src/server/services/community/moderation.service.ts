/**
 * Keeping the community clean: members flag posts (three different members hide one until a
 * moderator decides); moderators (permission `support`) work the review queue in /admin (approve,
 * hide, delete), warn or suspend authors by mail, and lock, pin or move topics. Every decision is
 * audited and the author is told in-app.
 */

import type { z } from "zod";
import { appUrl } from "~/env";
import type { Prisma } from "~/generated/prisma/client";
import {
  FLAGS_TO_HIDE,
  type FlagInput,
  flagSchema,
  MODERATION_PAGE_SIZE,
  type ModerateMemberInput,
  moderateMemberSchema,
  moderatePostSchema,
  moderateTopicSchema,
} from "~/lib/schemas/community";
import type { Db, DbOrTx } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { queueMail } from "~/server/mail/outbox";
import { type AuditActor, recordAudit } from "~/server/services/audit.service";
import { CATEGORY_ARCHIVED, categoryBySlug } from "./categories.service";
import type { CommunityViewer } from "./members";
import { notify } from "./notifications.service";
import { announcePost, POST_NOT_FOUND, refreshTopic, TOPIC_NOT_FOUND } from "./posts.service";

export const ALREADY_FLAGGED = "You flagged this post already. The moderators will look at it.";
export const FLAGS_HIDE_NOTE = `Hidden after flags from ${FLAGS_TO_HIDE} members`;

/** A member's flag on someone else's visible post; the third distinct flag hides the post. */
export async function flagPost(db: Db, viewer: CommunityViewer, input: FlagInput) {
  const data = flagSchema.parse(input);
  const post = await db.forumPost.findUnique({
    where: { id: data.postId },
    include: { topic: { select: { status: true } } },
  });
  if (!post || post.status === "deleted" || post.status === "held" || post.topic.status === "held")
    throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  if (post.authorId === viewer.id) throw new AppError("BAD_INPUT", "You cannot flag your own post. Edit or delete it instead.");
  return db.$transaction(async (tx) => {
    const created = await tx.forumFlag.createMany({
      data: [{ postId: post.id, userId: viewer.id, reason: data.reason, note: data.note }],
      skipDuplicates: true,
    });
    if (!created.count) throw new AppError("CONFLICT", ALREADY_FLAGGED);
    const open = await tx.forumFlag.count({ where: { postId: post.id, resolvedAt: null } });
    let hidden = false;
    if (open >= FLAGS_TO_HIDE && post.status === "visible") {
      await tx.forumPost.update({ where: { id: post.id }, data: { status: "hidden", statusNote: FLAGS_HIDE_NOTE } });
      await refreshTopic(tx, post.topicId);
      hidden = true;
    }
    return { flagged: true, hidden };
  });
}

/** The review queue: held and hidden posts, and visible posts with open flags; oldest first. */
export async function moderationQueue(db: Db, cursor = 0) {
  // Waiting for a decision: held by the filter, hidden by members' flags, or flagged but still shown.
  const where: Prisma.ForumPostWhereInput = {
    OR: [
      { status: "held" },
      { status: "hidden", statusNote: FLAGS_HIDE_NOTE },
      { status: "visible", flags: { some: { resolvedAt: null } } },
    ],
  };
  const [rows, total] = await Promise.all([
    db.forumPost.findMany({
      where,
      orderBy: { updatedAt: "asc" },
      skip: cursor,
      take: MODERATION_PAGE_SIZE + 1,
      include: {
        author: {
          select: { id: true, name: true, email: true, forumHandle: true, forumSuspendedUntil: true, createdAt: true },
        },
        topic: {
          select: {
            id: true,
            slug: true,
            title: true,
            locked: true,
            pinned: true,
            category: { select: { slug: true, name: true } },
          },
        },
        flags: {
          where: { resolvedAt: null },
          select: { reason: true, note: true, createdAt: true, user: { select: { name: true } } },
        },
      },
    }),
    db.forumPost.count({ where }),
  ]);
  return {
    items: rows.slice(0, MODERATION_PAGE_SIZE),
    total,
    nextCursor: rows.length > MODERATION_PAGE_SIZE ? cursor + MODERATION_PAGE_SIZE : null,
  };
}

const DECISION_TEXT = {
  approve: "A moderator approved your post; it is now published.",
  hide: "A moderator hid your post.",
  delete: "A moderator removed your post.",
} as const;

/**
 * A moderator's decision on a post. Approving publishes it (and, for a post the filter held, tells
 * the people it concerns, as a fresh post would); hiding and deleting keep its place. Open flags are
 * closed, the author is told in-app, and the decision is audited.
 */
export async function moderatePost(db: Db, actor: AuditActor, input: z.input<typeof moderatePostSchema>) {
  const { postId, action, note } = moderatePostSchema.parse(input);
  return db.$transaction(async (tx) => {
    const post = await tx.forumPost.findUnique({
      where: { id: postId },
      include: { topic: { select: { id: true, solvedPostId: true } } },
    });
    if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
    const status = action === "approve" ? "visible" : action === "hide" ? "hidden" : "deleted";
    const statusNote = action === "approve" ? null : (note ?? (action === "hide" ? "Hidden by a moderator" : "Removed by a moderator"));
    await tx.forumPost.update({ where: { id: post.id }, data: { status, statusNote } });
    await tx.forumFlag.updateMany({ where: { postId: post.id, resolvedAt: null }, data: { resolvedAt: new Date() } });
    if (status !== "visible" && post.topic.solvedPostId === post.id)
      await tx.forumTopic.update({ where: { id: post.topic.id }, data: { solvedPostId: null } });
    await refreshTopic(tx, post.topic.id);
    if (action === "approve" && post.status === "held") await announcePost(tx, post.id);
    if (post.status !== status) {
      const text = note ? `${DECISION_TEXT[action]} Note: ${note}` : DECISION_TEXT[action];
      await notify(tx, [
        {
          userId: post.authorId,
          kind: "moderation",
          actorId: actor.id,
          topicId: post.topic.id,
          postId: status === "deleted" ? null : post.id,
          text,
        },
      ]);
    }
    await recordAudit(tx, actor, {
      action: `community.post_${action === "approve" ? "approved" : action === "hide" ? "hidden" : "deleted"}`,
      targetType: "ForumPost",
      targetId: post.id,
      before: { status: post.status, statusNote: post.statusNote },
      after: { status, statusNote },
    });
    return { status };
  });
}

/** Warns a member by mail, suspends their posting for some days, or lifts a suspension. */
export async function moderateMember(db: Db, actor: AuditActor, input: ModerateMemberInput) {
  const data = moderateMemberSchema.parse(input);
  return db.$transaction(async (tx) => {
    const member = await tx.user.findUnique({
      where: { id: data.userId },
      select: { id: true, email: true, name: true, forumSuspendedUntil: true },
    });
    if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
    const until = data.action === "suspend" ? new Date(Date.now() + data.days * 86_400_000) : null;
    if (data.action !== "warn") await tx.user.update({ where: { id: member.id }, data: { forumSuspendedUntil: until } });
    if (data.action !== "lift") {
      await queueMail(
        tx,
        member.email,
        {
          kind: "community-moderation",
          name: member.name.split(" ")[0] ?? "",
          action: data.action,
          message: data.message,
          until,
          url: `${appUrl()}/community`,
        },
        member.id,
      );
      await notify(tx, [
        {
          userId: member.id,
          kind: "moderation",
          actorId: actor.id,
          text:
            data.action === "warn"
              ? "A moderator sent you a warning by mail."
              : "A moderator suspended your community posting; we sent you the details by mail.",
        },
      ]);
    }
    await recordAudit(tx, actor, {
      action: `community.member_${data.action === "warn" ? "warned" : data.action === "suspend" ? "suspended" : "reinstated"}`,
      targetType: "User",
      targetId: member.id,
      before: { forumSuspendedUntil: member.forumSuspendedUntil },
      after: {
        forumSuspendedUntil: data.action === "warn" ? member.forumSuspendedUntil : until,
        ...(data.action !== "lift" ? { message: data.message } : {}),
      },
    });
    return { suspendedUntil: data.action === "warn" ? member.forumSuspendedUntil : until };
  });
}

/** Locks or pins a topic, or moves it to another category. */
export async function moderateTopic(db: Db, actor: AuditActor, input: z.input<typeof moderateTopicSchema>) {
  const data = moderateTopicSchema.parse(input);
  const topic = await db.forumTopic.findUnique({
    where: { id: data.topicId },
    include: { category: { select: { slug: true } } },
  });
  if (!topic) throw new AppError("NOT_FOUND", TOPIC_NOT_FOUND);
  let change: { locked?: boolean; pinned?: boolean; categoryId?: string };
  let before: Record<string, unknown>;
  if (data.action === "move") {
    const category = await categoryBySlug(db, data.categorySlug);
    if (category.archived) throw new AppError("BAD_INPUT", CATEGORY_ARCHIVED);
    change = { categoryId: category.id };
    before = { category: topic.category.slug };
  } else if (data.action === "lock") {
    change = { locked: data.value };
    before = { locked: topic.locked };
  } else {
    change = { pinned: data.value };
    before = { pinned: topic.pinned };
  }
  await db.$transaction(async (tx: DbOrTx) => {
    await tx.forumTopic.update({ where: { id: topic.id }, data: change });
    await recordAudit(tx, actor, {
      action: `community.topic_${data.action === "move" ? "moved" : data.action === "lock" ? (data.value ? "locked" : "unlocked") : data.value ? "pinned" : "unpinned"}`,
      targetType: "ForumTopic",
      targetId: topic.id,
      before,
      after: data.action === "move" ? { category: data.categorySlug } : change,
    });
  });
  return { updated: true };
}
