import { adminSection } from "~/lib/admin-sections";
import {
  articleDiffInput,
  articleHiddenInput,
  articleInputSchema,
  articleListQuery,
  articleRestoreInput,
  articleSaveSchema,
  articleSlugInput,
} from "~/lib/schemas/knowledge";
import * as knowledge from "~/server/services/admin/knowledge-admin.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

/** The knowledge base (swipe_ai): reading and editing need the same key. */
const staff = staffProcedure(adminSection("knowledge").access);

export const knowledgeRouter = createTRPCRouter({
  list: staff.input(articleListQuery).query(({ ctx, input }) => knowledge.listArticles(ctx.db, input)),
  get: staff.input(articleSlugInput).query(({ ctx, input }) => knowledge.getArticle(ctx.db, input.slug)),
  topics: staff.query(({ ctx }) => knowledge.listTopics(ctx.db)),
  save: staff.input(articleSaveSchema).mutation(({ ctx, input }) => knowledge.saveArticle(ctx.db, ctx.actor, input)),
  create: staff.input(articleInputSchema).mutation(({ ctx, input }) => knowledge.createArticle(ctx.db, ctx.actor, input)),
  setHidden: staff.input(articleHiddenInput).mutation(({ ctx, input }) => knowledge.setArticleHidden(ctx.db, ctx.actor, input)),
  versions: staff.input(articleSlugInput).query(({ ctx, input }) => knowledge.listVersions(ctx.db, input.slug)),
  diff: staff.input(articleDiffInput).query(({ ctx, input }) => knowledge.diffVersions(ctx.db, input)),
  restore: staff.input(articleRestoreInput).mutation(({ ctx, input }) => knowledge.restoreVersion(ctx.db, ctx.actor, input)),
});
