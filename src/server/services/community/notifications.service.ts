/**
 * The community's notifications: rows for the bell in the header (replies to watched topics,
 * mentions, likes, answers marked, new topics in watched categories, moderation decisions), and the
 * daily digest mail of those still unread.
 */
import { appUrl } from "~/env";
import type { NotificationKind } from "~/generated/prisma/client";
import { topicHref } from "~/lib/schemas/community";
import { serviceRequestHref } from "~/lib/schemas/service-work";
import type { Db, DbOrTx } from "~/server/db/client";
import { queueMail } from "~/server/mail/outbox";

const NOTIFICATIONS_PAGE_SIZE = 20;

interface NewNotification {
  userId: string;
  kind: NotificationKind;
  actorId?: string | null;
  topicId?: string | null;
  postId?: string | null;
  text?: string | null;
}

/** Adds notifications, leaving out the actor's own and repeats of one kind for one person and post. */
export async function notify(db: DbOrTx, notifications: NewNotification[]) {
  const seen = new Set<string>();
  const rows = notifications.filter((row) => {
    const key = `${row.userId}:${row.postId ?? row.topicId}`;
    if (row.actorId && row.userId === row.actorId) return false;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (rows.length) await db.notification.createMany({ data: rows });
}

/** Adds one like notification, unless this member's like of this post was notified before. */
export async function notifyLike(db: DbOrTx, postId: string, authorId: string, actorId: string, topicId: string) {
  if (authorId === actorId) return;
  const earlier = await db.notification.findFirst({
    where: { kind: "like", postId, actorId, userId: authorId },
    select: { id: true },
  });
  if (!earlier) await notify(db, [{ userId: authorId, kind: "like", actorId, postId, topicId }]);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  return db.notification.count({ where: { userId, readAt: null } });
}

/** A page of the member's notifications, newest first, each with what the bell shows. */
export async function listNotifications(db: Db, userId: string, cursor = 0) {
  const rows = await db.notification.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: cursor,
    take: NOTIFICATIONS_PAGE_SIZE + 1,
    include: {
      actor: { select: { name: true, forumHandle: true } },
      topic: { select: { id: true, slug: true, title: true } },
      post: { select: { position: true } },
    },
  });
  const items = rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map((row) => ({
    id: row.id,
    kind: row.kind,
    read: !!row.readAt,
    createdAt: row.createdAt,
    summary: notificationSummary(row.kind, row.actor?.name ?? "A member", row.topic?.title ?? "", row.text),
    href: row.requestId ? serviceRequestHref(row.requestId) : row.topic ? topicHref(row.topic, row.post?.position) : "/community",
  }));
  return { items, nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE ? cursor + NOTIFICATIONS_PAGE_SIZE : null };
}

/** One line per notification, for the bell and the digest mail. */
function notificationSummary(kind: NotificationKind, actor: string, topic: string, text: string | null): string {
  switch (kind) {
    case "reply":
      return `${actor} replied in “${topic}”`;
    case "mention":
      return `${actor} mentioned you in “${topic}”`;
    case "like":
      return `${actor} liked your post in “${topic}”`;
    case "answer":
      return `Your reply was marked as the answer to “${topic}”`;
    case "new_topic":
      return `${actor} started “${topic}”`;
    case "moderation":
      return text ?? "A moderator reviewed your post";
    case "service_update":
      return text ?? "There is news on your service request";
  }
}

/** Marks the member's notifications read: the given ones, or all. */
export async function markRead(db: Db, userId: string, ids?: string[]) {
  const { count } = await db.notification.updateMany({
    where: { userId, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
    data: { readAt: new Date() },
  });
  return { marked: count };
}

/** Digest mails hold at most this many lines; the rest are behind the link. */
const DIGEST_MAX_LINES = 20;

/**
 * The daily digest job: one mail per member with unread notifications not mailed before, to active
 * members who left the community digest on in Settings. The rows are marked mailed in the same
 * transaction as the mail is queued, so a second run (or instance) sends nothing more.
 */
export async function sendCommunityDigests(db: Db, now = new Date()) {
  // Service updates are mailed when they happen: the community digest leaves them out.
  const pending = { readAt: null, mailedAt: null, kind: { not: "service_update" as const } };
  const members = await db.user.findMany({
    where: {
      status: "active",
      notifications: { some: pending },
      OR: [{ student: null }, { student: { communityDigest: true } }],
    },
    select: { id: true, email: true, name: true },
  });
  let sent = 0;
  for (const member of members) {
    const queued = await db.$transaction(async (tx) => {
      const rows = await tx.notification.findMany({
        where: { userId: member.id, ...pending },
        orderBy: { createdAt: "desc" },
        include: { actor: { select: { name: true } }, topic: { select: { title: true } } },
      });
      if (!rows.length) return false;
      const claimed = await tx.notification.updateMany({
        where: { id: { in: rows.map((row) => row.id) }, mailedAt: null },
        data: { mailedAt: now },
      });
      if (claimed.count !== rows.length) return false;
      const lines = rows.map((row) => notificationSummary(row.kind, row.actor?.name ?? "A member", row.topic?.title ?? "", row.text));
      await queueMail(
        tx,
        member.email,
        {
          kind: "community-digest",
          name: member.name.split(" ")[0] ?? "",
          lines: lines.slice(0, DIGEST_MAX_LINES),
          more: Math.max(0, lines.length - DIGEST_MAX_LINES),
          url: `${appUrl()}/community/notifications`,
        },
        member.id,
      );
      return true;
    });
    if (queued) sent += 1;
  }
  return { sent };
}
