import { z } from "zod";
import { listQuery, recordIdSchema } from "./admin";
import { fromNotAfterTo, periodFilters } from "./admin-period";
import { DISLIKE_REASONS } from "./chat";

/** Triage state of a dislike or an unanswered question. */
const TRIAGE_STATES = ["unhandled", "handled"] as const;
export type TriageState = (typeof TRIAGE_STATES)[number];

/** The `article` filter's value for dislikes of answers that cited no article. */
export const NO_ARTICLE = "none";

const triageState = z.enum(TRIAGE_STATES, { error: "state must be 'unhandled' or 'handled'" }).optional();

export const dislikeListSchema = fromNotAfterTo(
  listQuery(["createdAt", "confidenceScore"], {
    reason: z.enum(DISLIKE_REASONS, { error: "reason must be one of the dislike reasons" }).optional(),
    state: triageState,
    article: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,200}$/, "article must be an article's slug or 'none'")
      .optional(),
    ...periodFilters,
  }),
);
export type DislikeListQuery = z.infer<typeof dislikeListSchema>;

export const dislikesByArticleSchema = fromNotAfterTo(z.object({ ...periodFilters }));

export const markHandledSchema = z.object({
  id: recordIdSchema.shape.id,
  note: z.string({ error: "The note must be text" }).trim().max(1000, "The note must be at most 1000 characters").optional(),
});

export const unansweredListSchema = fromNotAfterTo(listQuery(["createdAt"], { state: triageState, ...periodFilters }));
export type UnansweredListQuery = z.infer<typeof unansweredListSchema>;
