import { adminSection } from "~/lib/admin-sections";
import { recordIdSchema } from "~/lib/schemas/admin";
import { dislikeListSchema, dislikesByArticleSchema, markHandledSchema, unansweredListSchema } from "~/lib/schemas/admin-feedback";
import { reportPeriodSchema } from "~/lib/schemas/admin-period";
import {
  dislikesByArticle,
  feedbackFigures,
  listDislikes,
  listUnanswered,
  markDislikeHandled,
  markUnansweredHandled,
} from "~/server/services/admin/feedback-triage.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const read = staffProcedure(adminSection("feedback").access);
// Handling is the knowledge base's work: whoever may edit the articles (swipe_ai) closes the loop.
const triage = staffProcedure(["swipe_ai"]);

export const feedbackRouter = createTRPCRouter({
  dislikes: read.input(dislikeListSchema).query(({ ctx, input }) => listDislikes(ctx.db, input)),
  byArticle: read.input(dislikesByArticleSchema).query(({ ctx, input }) => dislikesByArticle(ctx.db, input)),
  markHandled: triage.input(markHandledSchema).mutation(({ ctx, input }) => markDislikeHandled(ctx.db, ctx.actor, input)),
  figures: read.input(reportPeriodSchema).query(({ ctx, input }) => feedbackFigures(ctx.db, input)),
  unanswered: read.input(unansweredListSchema).query(({ ctx, input }) => listUnanswered(ctx.db, input)),
  markUnansweredHandled: triage.input(recordIdSchema).mutation(({ ctx, input }) => markUnansweredHandled(ctx.db, ctx.actor, input)),
});
