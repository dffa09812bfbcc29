import { z } from "zod";
import type { StaffAccess } from "../admin-sections";
import { optionalText, requiredText } from "./common";

/** The community forum's shared rules: forms, routers and tests read them from here. */

const TOPIC_TITLE_MIN = 10;
export const TOPIC_TITLE_MAX = 150;
const POST_BODY_MIN = 2;
const POST_BODY_MAX = 20_000;
export const MAX_TAGS = 5;
const TOPICS_PAGE_SIZE = 20;
export const POSTS_PAGE_SIZE = 50;

/** New members (under 24 hours or fewer than 3 accepted posts) post at most this much per day. */
export const NEW_MEMBER_RULES = {
  accountAgeHours: 24,
  acceptedPosts: 3,
  topicsPerDay: 3,
  repliesPerDay: 10,
  linksPerPost: 2,
} as const;

/** Flags from this many different members hide a post until a moderator decides. */
export const FLAGS_TO_HIDE = 3;

/** The offset of the next page of a list, up to `max`. */
const pageCursor = (max: number) => z.number({ error: "cursor must be a number" }).int().min(0).max(max).default(0);

export const idSchema = z.string({ error: "id is required" }).trim().min(1, "id is required").max(40, "id is too long");

export const categorySlugSchema = z
  .string({ error: "Category is required" })
  .trim()
  .min(1, "Category is required")
  .max(60, "Category is too long")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Category must be lower-case letters, digits and dashes");

export const tagSchema = z
  .string({ error: "A tag must be text" })
  .trim()
  .toLowerCase()
  .min(2, "A tag needs at least 2 characters")
  .max(30, "A tag must be at most 30 characters")
  .regex(/^[a-z0-9äöüß]+(?:-[a-z0-9äöüß]+)*$/, "A tag may hold letters, digits and dashes only");

/** Tags as given: at most MAX_TAGS, repeats dropped. */
const tagListSchema = z
  .array(tagSchema, { error: "Tags must be a list" })
  .max(MAX_TAGS, `At most ${MAX_TAGS} tags`)
  .transform((tags) => [...new Set(tags)]);

/** A new topic's tags: none when left out. */
const tagsSchema = tagListSchema.default([]);

const postBodySchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Write something first" : "The text must be text") })
  .trim()
  .min(POST_BODY_MIN, "Write something first")
  .max(POST_BODY_MAX, `A post must be at most ${POST_BODY_MAX.toLocaleString("en")} characters`);

const topicTitleSchema = requiredText("Title", TOPIC_TITLE_MAX).refine(
  (title) => title.length >= TOPIC_TITLE_MIN,
  `The title needs at least ${TOPIC_TITLE_MIN} characters: say what you want to know`,
);

export const newTopicSchema = z.object({
  categorySlug: categorySlugSchema,
  title: topicTitleSchema,
  body: postBodySchema,
  tags: tagsSchema,
});
export type NewTopicInput = z.input<typeof newTopicSchema>;

export const replySchema = z.object({
  topicId: idSchema,
  body: postBodySchema,
});
export type ReplyInput = z.input<typeof replySchema>;

/** Editing a post; a title only for the opening post. */
export const editPostSchema = z.object({
  postId: idSchema,
  body: postBodySchema,
  title: topicTitleSchema.optional(),
  // No default here: tags left out keep the topic's tags (and a reply, which has none, may be edited).
  tags: tagListSchema.optional(),
});
export type EditPostInput = z.input<typeof editPostSchema>;

export const TOPIC_LISTS = ["latest", "top", "unanswered", "solved"] as const;
export type TopicList = (typeof TOPIC_LISTS)[number];
export const TOPIC_LIST_LABELS: Record<TopicList, string> = {
  latest: "Latest",
  top: "Top this month",
  unanswered: "Unanswered",
  solved: "Solved",
};

export const topicListSchema = z.object({
  list: z.enum(TOPIC_LISTS, { error: "Unknown list" }).default("latest"),
  categorySlug: categorySlugSchema.optional(),
  tag: tagSchema.optional(),
  cursor: pageCursor(10_000),
  limit: z.number({ error: "limit must be a number" }).int().min(1).max(50).default(TOPICS_PAGE_SIZE),
});
export type TopicListInput = z.input<typeof topicListSchema>;

export const topicQuerySchema = z.object({
  topicId: idSchema,
  cursor: pageCursor(100_000),
  /** The topic page counts one view per render; other reads (more posts, refreshes) do not. */
  countView: z.boolean({ error: "countView must be true or false" }).default(false),
  /** The slug of the address read: at a stale one the page redirects, and the view counts there instead. */
  slug: z.string({ error: "slug must be text" }).max(200, "slug is too long").optional(),
});

export const searchSchema = z.object({
  query: requiredText("Search", 200),
  categorySlug: categorySlugSchema.optional(),
  solved: z.boolean({ error: "solved must be true or false" }).optional(),
  cursor: pageCursor(1_000),
});
export type SearchInput = z.input<typeof searchSchema>;

export const FLAG_REASONS = ["spam", "inappropriate", "off_topic", "other"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  spam: "Spam",
  inappropriate: "Inappropriate",
  off_topic: "Off topic",
  other: "Something else",
};

export const flagSchema = z
  .object({
    postId: idSchema,
    reason: z.enum(FLAG_REASONS, { error: "Choose why you flag this post" }),
    note: optionalText("Note", 500),
  })
  .refine((flag) => flag.reason !== "other" || !!flag.note, {
    message: "Tell the moderators what is wrong",
    path: ["note"],
  });
export type FlagInput = z.input<typeof flagSchema>;

export const postIdSchema = z.object({ postId: idSchema });

export const markSolvedSchema = z.object({
  topicId: idSchema,
  /** The reply that answers the question; null takes the mark back. */
  postId: idSchema.nullable(),
});

export const watchSchema = z.union([
  z.object({ topicId: idSchema, watching: z.boolean({ error: "watching must be true or false" }) }),
  z.object({ categorySlug: categorySlugSchema, watching: z.boolean({ error: "watching must be true or false" }) }),
]);

export const notificationsSchema = z.object({
  cursor: pageCursor(10_000),
});

// ---- Moderation (/admin/community, permission `support`) ----

const MODERATION_ACTIONS = ["approve", "hide", "delete"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderatePostSchema = z.object({
  postId: idSchema,
  action: z.enum(MODERATION_ACTIONS, { error: "Choose approve, hide or delete" }),
  note: optionalText("Note", 500),
});

export const MAX_SUSPENSION_DAYS = 365;

export const moderateMemberSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("warn"), userId: idSchema, message: requiredText("Message", 2000) }),
  z.object({
    action: z.literal("suspend"),
    userId: idSchema,
    message: requiredText("Message", 2000),
    days: z
      .number({ error: "days must be a number" })
      .int()
      .min(1, "Suspend for at least 1 day")
      .max(MAX_SUSPENSION_DAYS, `At most ${MAX_SUSPENSION_DAYS} days`),
  }),
  z.object({ action: z.literal("lift"), userId: idSchema }),
]);
export type ModerateMemberInput = z.input<typeof moderateMemberSchema>;

export const moderateTopicSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("lock"), topicId: idSchema, value: z.boolean() }),
  z.object({ action: z.literal("pin"), topicId: idSchema, value: z.boolean() }),
  z.object({ action: z.literal("move"), topicId: idSchema, categorySlug: categorySlugSchema }),
]);

/** Who may change the categories in /admin/forum-categories; settings:view reads them only. */
export const FORUM_CATEGORY_WRITE_ACCESS = ["settings:threads"] as const satisfies StaffAccess;

export const categoryFormSchema = z.object({
  slug: categorySlugSchema,
  name: requiredText("Name", 60),
  description: requiredText("Description", 300),
});
export type CategoryForm = z.input<typeof categoryFormSchema>;

export const categoryUpdateSchema = categoryFormSchema.omit({ slug: true }).extend({ id: idSchema });
export const categoryMoveSchema = z.object({ id: idSchema, direction: z.enum(["up", "down"]) });
export const categoryArchiveSchema = z.object({ id: idSchema, archived: z.boolean() });

/** Posts per page of the review queue in /admin/community. */
export const MODERATION_PAGE_SIZE = 25;

export const moderationQueueSchema = z.object({
  cursor: pageCursor(10_000),
});

/** Marks of the matched words in a search snippet (characters that never occur in posts). */
export const HIGHLIGHT_START = "\uE000";
export const HIGHLIGHT_END = "\uE001";

export const PRIVATE_PROFILE_MESSAGE = "This member keeps their profile private.";

/** An @handle in a post's text (not inside an email address or a path); a fresh expression each call, as it is global. */
export function mentionPattern(): RegExp {
  return /(?<![\w@/.])@([a-z0-9_]{2,30})\b/gi;
}

/** The address of a topic page: the id finds it, the slug reads well and is corrected if stale. */
export function topicHref(topic: { id: string; slug: string }, postPosition?: number): string {
  return `/community/t/${topic.slug}/${topic.id}${postPosition ? `#post-${postPosition}` : ""}`;
}

export function categoryHref(slug: string): string {
  return `/community/c/${slug}`;
}

export function tagHref(tag: string): string {
  return `/community/tag/${encodeURIComponent(tag)}`;
}

export function memberHref(handle: string): string {
  return `/community/u/${handle}`;
}

/** A new-topic form pre-filled with a question, e.g. one the assistant could not answer. */
export function askCommunityHref(question: string): string {
  const title = question.replace(/\s+/g, " ").trim().slice(0, TOPIC_TITLE_MAX);
  return `/community/new?${new URLSearchParams({ title })}`;
}

/** How many members the @ suggestions offer, and the longest prefix they look up (a handle's length). */
export const MENTION_SUGGESTIONS_MAX = 6;
export const MENTION_PREFIX_MAX = 30;

/** The letters typed after "@" in a post's text, for the members whose handle starts with them. */
export const mentionSuggestionsSchema = z.object({
  prefix: z
    .string()
    .trim()
    .toLowerCase()
    .regex(new RegExp(`^[a-z0-9_]{1,${MENTION_PREFIX_MAX}}$`), "A handle has letters, digits and underscores only."),
});
