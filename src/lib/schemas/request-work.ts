/**
 * The work on a service request, shared by its forms, routers and tests: the student's thread and
 * re-check, and the staff side (status with a note, reply, comments per document version, verdict).
 */
import { z } from "zod";
import { requestStatusUpdateSchema } from "./entitlements";
import { REVIEW_CHECKLIST } from "./service-work";

export const REQUEST_WORK_MESSAGES = {
  notFound: "This request does not exist.",
  withdrawn: "This request was withdrawn.",
  notReview: "Only a document review has documents to comment on.",
  versionNotShared: "This document version is not part of the review.",
  alreadyCompleted: "This review is already completed.",
  recheckUsed: "You have already used the one re-check of this review.",
  recheckNotReady: "A re-check can be asked for once the review is completed.",
  messageRequired: "Write a message",
  verdictRequired: "Write the overall verdict",
  commentRequired: "Write a comment",
} as const;

export const THREAD_MESSAGE_MAX = 2000;
export const COMMENT_MAX = 4000;

const idText = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(100, `${name} is not valid`);
const text = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `Please keep it under ${max.toLocaleString("en-US")} characters`);

export const requestIdSchema = z.object({ requestId: idText("requestId") });

/** A message on the request's thread (the student's, or a staff reply). */
export const requestMessageSchema = requestIdSchema.extend({
  body: text(REQUEST_WORK_MESSAGES.messageRequired, THREAD_MESSAGE_MAX),
});

/** The student asks for the one re-check, optionally saying what changed. */
export const recheckSchema = requestIdSchema.extend({
  note: z
    .string({ error: "The note must be text" })
    .trim()
    .max(THREAD_MESSAGE_MAX, `Please keep it under ${THREAD_MESSAGE_MAX} characters`)
    .optional()
    .default(""),
});

/** Staff move a request; the note (optional) is what the student reads with the new status. */
export const staffStatusSchema = requestStatusUpdateSchema.extend({
  note: z
    .string({ error: "The note must be text" })
    .trim()
    .max(THREAD_MESSAGE_MAX, `Please keep the note under ${THREAD_MESSAGE_MAX} characters`)
    .optional()
    .default(""),
});

/** A reviewer's comment on one version of a document of the review. */
export const reviewCommentSchema = requestIdSchema.extend({
  documentVersionId: idText("documentVersionId"),
  body: text(REQUEST_WORK_MESSAGES.commentRequired, COMMENT_MAX),
});

/** Completes a review: the overall verdict and the checklist items found missing. */
export const completeReviewSchema = requestIdSchema.extend({
  verdict: text(REQUEST_WORK_MESSAGES.verdictRequired, COMMENT_MAX),
  missingItems: z
    .array(z.enum(REVIEW_CHECKLIST, { error: "Choose items of the checklist" }))
    .max(REVIEW_CHECKLIST.length)
    .default([]),
});
