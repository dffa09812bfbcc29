import { z } from "zod";
import { listQuery, recordIdSchema } from "./admin";
import { optionalText, requiredText } from "./common";

/** Topic threads, their questions, chat prompts and tags as staff edit them in /admin/content. */
export const CONTENT_MESSAGES = {
  threadSlugTaken: "A thread with this slug exists already: choose another title or slug",
  promptTaken: "This prompt exists already",
  tagSlugTaken: "A tag with this slug exists already: choose another slug",
  noSlug: "Give the thread a slug: its title has no letters or digits to make one from",
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const contentSlugSchema = z
  .string({ error: "Slug must be text" })
  .trim()
  .min(1, "Slug is required")
  .max(60, "The slug must be at most 60 characters")
  .regex(SLUG, "The slug may use lower-case letters, digits and single hyphens");

/** A slug made from a title: "Cost of living & rent" -> "cost-of-living-rent". */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

const visibility = z.enum(["shown", "hidden"], { error: "visibility must be 'shown' or 'hidden'" }).optional();

export const threadListQuery = listQuery(["position", "title", "questions", "updatedAt"], { visibility });
export const promptListQuery = listQuery(["text", "createdAt"], { visibility });
export const tagListQuery = listQuery(["position", "name", "slug"], { visibility });
export const questionListQuery = listQuery(["position", "text"], {
  threadId: z.string({ error: "threadId is required" }).trim().min(1, "threadId is required").max(100),
  visibility,
});

const threadFields = {
  title: requiredText("Title", 120),
  description: optionalText("Description", 500),
};

/** A new thread: its slug is made from the title unless given; it is fixed once created (links and the assistant's topics use it). */
export const threadCreateSchema = z.object({
  ...threadFields,
  slug: z
    .union([z.literal(""), contentSlugSchema])
    .nullish()
    .transform((slug) => slug || null),
});
export const threadUpdateSchema = recordIdSchema.extend(threadFields);

export const setHiddenSchema = recordIdSchema.extend({ hidden: z.boolean({ error: "hidden must be true or false" }) });

/** Moves a record to a place in its list: 1 is the first; a place past the end means the last. */
export const moveSchema = recordIdSchema.extend({
  position: z
    .number({ error: "position must be a number" })
    .int("position must be a whole number")
    .min(1, "position must be 1 or more")
    .max(10_000, "position is too large"),
});

const questionText = requiredText("Question", 300);
export const questionCreateSchema = z.object({ threadId: recordIdSchema.shape.id, text: questionText });
export const questionUpdateSchema = recordIdSchema.extend({ text: questionText });

const promptText = requiredText("Prompt", 300);
export const promptCreateSchema = z.object({ text: promptText });
export const promptUpdateSchema = recordIdSchema.extend({ text: promptText });

const tagFields = {
  slug: contentSlugSchema,
  name: requiredText("Name", 80),
  description: optionalText("Description", 300),
};
export const tagCreateSchema = z.object(tagFields);
export const tagUpdateSchema = recordIdSchema.extend(tagFields);
