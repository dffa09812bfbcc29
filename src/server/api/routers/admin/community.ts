import { adminSection } from "~/lib/admin-sections";
import {
  categoryArchiveSchema,
  categoryFormSchema,
  categoryMoveSchema,
  categoryUpdateSchema,
  FORUM_CATEGORY_WRITE_ACCESS,
  moderateMemberSchema,
  moderatePostSchema,
  moderateTopicSchema,
  moderationQueueSchema,
} from "~/lib/schemas/community";
import { createCategory, listCategories, moveCategory, updateCategory } from "~/server/services/community/categories.service";
import { moderateMember, moderatePost, moderateTopic, moderationQueue } from "~/server/services/community/moderation.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const moderator = staffProcedure(adminSection("community").access);
const categoryReader = staffProcedure(adminSection("forum-categories").access);
const categoryEditor = staffProcedure(FORUM_CATEGORY_WRITE_ACCESS);

/** /admin/community (support: the review queue, members, topics) and /admin/forum-categories. */
export const communityAdminRouter = createTRPCRouter({
  queue: moderator.input(moderationQueueSchema).query(({ ctx, input }) => moderationQueue(ctx.db, input.cursor)),
  moderatePost: moderator.input(moderatePostSchema).mutation(({ ctx, input }) => moderatePost(ctx.db, ctx.actor, input)),
  moderateMember: moderator.input(moderateMemberSchema).mutation(({ ctx, input }) => moderateMember(ctx.db, ctx.actor, input)),
  moderateTopic: moderator.input(moderateTopicSchema).mutation(({ ctx, input }) => moderateTopic(ctx.db, ctx.actor, input)),

  categories: categoryReader.query(({ ctx }) => listCategories(ctx.db, { includeArchived: true })),
  createCategory: categoryEditor.input(categoryFormSchema).mutation(({ ctx, input }) => createCategory(ctx.db, ctx.actor, input)),
  updateCategory: categoryEditor
    .input(categoryUpdateSchema)
    .mutation(({ ctx, input }) => updateCategory(ctx.db, ctx.actor, input.id, { name: input.name, description: input.description })),
  moveCategory: categoryEditor
    .input(categoryMoveSchema)
    .mutation(({ ctx, input }) => moveCategory(ctx.db, ctx.actor, input.id, input.direction)),
  archiveCategory: categoryEditor
    .input(categoryArchiveSchema)
    .mutation(({ ctx, input }) => updateCategory(ctx.db, ctx.actor, input.id, { archived: input.archived })),
});
