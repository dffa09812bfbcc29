/**
 * Who is posting: a member's @handle, whether they may moderate, and the trust rules for new
 * members (spec: issue 13, point 7).
 */
import { hasPermission, type Role } from "~/lib/permissions";
import { MENTION_SUGGESTIONS_MAX, mentionPattern, NEW_MEMBER_RULES } from "~/lib/schemas/community";
import { slugFromTitle } from "~/lib/schemas/content-admin";
import type { Db, DbOrTx } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { consumeRateLimit } from "~/server/security/rate-limit";

/** The signed-in reader of a community page or caller of a procedure, or null when signed out. */
export interface CommunityViewer {
  id: string;
  role: Role;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

/** Moderators hold `support` and, as everywhere in the management area, sign in with two factors. */
export function isModerator(viewer: CommunityViewer | null): boolean {
  return !!viewer && hasPermission(viewer.role, "support") && viewer.twoFactorEnabled;
}

const HANDLE_MAX = 24;

/**
 * The member's @handle, made from their name at the first post ("Priya Sharma" -> priya_sharma,
 * then priya_sharma2 ... when taken) and kept afterwards, so mentions keep pointing at them.
 */
export async function ensureHandle(db: DbOrTx, userId: string): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true, forumHandle: true } });
  if (user.forumHandle) return user.forumHandle;
  const base = (
    slugFromTitle(user.name)
      .replace(/-/g, "_")
      .slice(0, HANDLE_MAX - 4) || "member"
  ).replace(/_+$/, "");
  const taken = new Set(
    (await db.user.findMany({ where: { forumHandle: { startsWith: base } }, select: { forumHandle: true } })).map((row) => row.forumHandle),
  );
  let handle = base;
  for (let n = 2; taken.has(handle); n++) handle = `${base}${n}`;
  await db.user.update({ where: { id: userId }, data: { forumHandle: handle } });
  return handle;
}

const SUSPENDED_MESSAGE = (until: Date) =>
  `A moderator suspended your community posting until ${until.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}. You can still read the forum.`;

export const NEW_MEMBER_TOPICS_MESSAGE = `New members can start at most ${NEW_MEMBER_RULES.topicsPerDay} topics in 24 hours. Please try again later: the limit lifts once your account is a day old and ${NEW_MEMBER_RULES.acceptedPosts} of your posts are published.`;
export const NEW_MEMBER_REPLIES_MESSAGE = `New members can write at most ${NEW_MEMBER_RULES.repliesPerDay} replies in 24 hours. Please try again later: the limit lifts once your account is a day old and ${NEW_MEMBER_RULES.acceptedPosts} of your posts are published.`;
export const NEW_MEMBER_LINKS_MESSAGE = `New members can include at most ${NEW_MEMBER_RULES.linksPerPost} links in a post. Please remove some links, or describe where to find the page.`;

/** Web addresses in a post's Markdown: bare ones and those inside links. */
function countLinks(markdown: string): number {
  return markdown.match(/\bhttps?:\/\/[^\s)<>\]]+|\bwww\.[^\s)<>\]]+/gi)?.length ?? 0;
}

/** Whether the member still counts as new: under a day old, or fewer than 3 published posts. */
async function isNewMember(db: DbOrTx, user: { id: string; createdAt: Date }, now: Date): Promise<boolean> {
  if (now.getTime() - user.createdAt.getTime() < NEW_MEMBER_RULES.accountAgeHours * 3_600_000) return true;
  const accepted = await db.forumPost.count({ where: { authorId: user.id, status: "visible" } });
  return accepted < NEW_MEMBER_RULES.acceptedPosts;
}

/**
 * Refuses a post the member may not write now: suspended, or past a new member's daily limits or
 * link limit. The counts come from the database, so every instance applies the same limits.
 */
export async function assertMayPost(db: DbOrTx, userId: string, kind: "topic" | "reply", markdown: string, now = new Date()) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, createdAt: true, forumSuspendedUntil: true },
  });
  if (user.forumSuspendedUntil && user.forumSuspendedUntil > now)
    throw new AppError("FORBIDDEN", SUSPENDED_MESSAGE(user.forumSuspendedUntil));
  if (!(await isNewMember(db, user, now))) return;
  if (countLinks(markdown) > NEW_MEMBER_RULES.linksPerPost) throw new AppError("BAD_INPUT", NEW_MEMBER_LINKS_MESSAGE);
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const written = await db.forumPost.count({
    where: { authorId: userId, createdAt: { gt: since }, position: kind === "topic" ? 0 : { gt: 0 } },
  });
  if (kind === "topic" && written >= NEW_MEMBER_RULES.topicsPerDay) throw new AppError("TOO_MANY_REQUESTS", NEW_MEMBER_TOPICS_MESSAGE);
  if (kind === "reply" && written >= NEW_MEMBER_RULES.repliesPerDay) throw new AppError("TOO_MANY_REQUESTS", NEW_MEMBER_REPLIES_MESSAGE);
}

// Written with \u0060 (the backtick) so that the pattern reads plainly to every tool.
const CODE_BLOCK = /\u0060{3}[\s\S]*?\u0060{3}/g;
const INLINE_CODE = /\u0060[^\u0060]*\u0060/g;

/** The @handles a post mentions, outside code, lower-cased and without repeats. */
export function mentionedHandles(markdown: string): string[] {
  const prose = markdown.replace(CODE_BLOCK, " ").replace(INLINE_CODE, " ");
  const handles = [...prose.matchAll(mentionPattern())].map((match) => match[1]!.toLowerCase());
  return [...new Set(handles)];
}

/**
 * The handles of members that start with `prefix`, for the @ suggestions of the post editor: only
 * members who have a handle (they posted), whose account is active and who are not suspended from the
 * forum, at most MENTION_SUGGESTIONS_MAX, shortest first. Counted per member, so handles cannot be harvested.
 */
export async function suggestHandles(db: Db, viewerId: string, prefix: string, now = new Date()): Promise<string[]> {
  await consumeRateLimit(db, "mentionLookup", viewerId);
  const rows = await db.user.findMany({
    where: {
      forumHandle: { startsWith: prefix.toLowerCase() },
      status: "active",
      OR: [{ forumSuspendedUntil: null }, { forumSuspendedUntil: { lte: now } }],
    },
    select: { forumHandle: true },
    orderBy: { forumHandle: "asc" },
    take: 50,
  });
  return rows
    .map((row) => row.forumHandle!)
    .sort((a, b) => a.length - b.length || a.localeCompare(b))
    .slice(0, MENTION_SUGGESTIONS_MAX);
}
