import { z } from "zod";
import {
  categorySlugSchema,
  editPostSchema,
  flagSchema,
  idSchema,
  markSolvedSchema,
  mentionSuggestionsSchema,
  newTopicSchema,
  notificationsSchema,
  postIdSchema,
  replySchema,
  searchSchema,
  topicListSchema,
  topicQuerySchema,
  watchSchema,
} from "~/lib/schemas/community";
import { categoryBySlug, listCategories } from "~/server/services/community/categories.service";
import { commonQuestions } from "~/server/services/community/common-questions.service";
import { suggestHandles } from "~/server/services/community/members";
import { flagPost } from "~/server/services/community/moderation.service";
import { listNotifications, markRead, unreadCount } from "~/server/services/community/notifications.service";
import {
  createTopic,
  deleteOwnPost,
  editPost,
  markSolved,
  reply,
  setLike,
  setWatch,
  watchesCategory,
} from "~/server/services/community/posts.service";
import { listTopics, memberProfile, readTopic, searchCommunity } from "~/server/services/community/reads.service";
import { createTRPCRouter, protectedProcedure, publicProcedure, verifiedProcedure } from "../trpc";

/**
 * /community: reading is open to everybody; posting, liking and flagging need a verified email;
 * notifications and watching need an account.
 */
export const communityRouter = createTRPCRouter({
  categories: publicProcedure.query(({ ctx }) => listCategories(ctx.db)),
  topics: publicProcedure.input(topicListSchema).query(({ ctx, input }) => listTopics(ctx.db, input)),
  /** The common questions of a category's topic, linked to the guides and the assistant, for an empty category. */
  commonQuestions: publicProcedure
    .input(z.object({ categorySlug: categorySlugSchema }))
    .query(({ ctx, input }) => commonQuestions(ctx.db, input.categorySlug)),
  /** Members' @handles starting with the letters typed after "@" (signed-in members writing a post). */
  mentionSuggestions: protectedProcedure
    .input(mentionSuggestionsSchema)
    .query(({ ctx, input }) => suggestHandles(ctx.db, ctx.session.id, input.prefix)),
  topic: publicProcedure.input(topicQuerySchema).query(({ ctx, input }) =>
    readTopic(ctx.db, ctx.session, input.topicId, {
      cursor: input.cursor,
      countView: input.countView,
      slug: input.slug,
    }),
  ),
  search: publicProcedure.input(searchSchema).query(({ ctx, input }) => searchCommunity(ctx.db, input)),
  member: publicProcedure
    .input(z.object({ handle: z.string().trim().min(1).max(40) }))
    .query(({ ctx, input }) => memberProfile(ctx.db, input.handle)),

  createTopic: verifiedProcedure.input(newTopicSchema).mutation(({ ctx, input }) => createTopic(ctx.db, ctx.session, input)),
  reply: verifiedProcedure.input(replySchema).mutation(({ ctx, input }) => reply(ctx.db, ctx.session, input)),
  edit: verifiedProcedure.input(editPostSchema).mutation(({ ctx, input }) => editPost(ctx.db, ctx.session, input)),
  delete: protectedProcedure.input(postIdSchema).mutation(({ ctx, input }) => deleteOwnPost(ctx.db, ctx.session, input.postId)),
  markSolved: verifiedProcedure
    .input(markSolvedSchema)
    .mutation(({ ctx, input }) => markSolved(ctx.db, ctx.session, input.topicId, input.postId)),
  like: verifiedProcedure
    .input(postIdSchema.extend({ liked: z.boolean({ error: "liked must be true or false" }) }))
    .mutation(({ ctx, input }) => setLike(ctx.db, ctx.session, input.postId, input.liked)),
  flag: verifiedProcedure.input(flagSchema).mutation(({ ctx, input }) => flagPost(ctx.db, ctx.session, input)),
  watch: protectedProcedure.input(watchSchema).mutation(async ({ ctx, input }) => {
    const target = "topicId" in input ? { topicId: input.topicId } : { categoryId: (await categoryBySlug(ctx.db, input.categorySlug)).id };
    return setWatch(ctx.db, ctx.session, target, input.watching);
  }),
  categoryWatching: protectedProcedure.input(z.object({ categorySlug: categorySlugSchema })).query(async ({ ctx, input }) => ({
    watching: await watchesCategory(ctx.db, ctx.session.id, (await categoryBySlug(ctx.db, input.categorySlug)).id),
  })),

  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.session.id)),
  notifications: protectedProcedure
    .input(notificationsSchema)
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.session.id, input.cursor)),
  markRead: protectedProcedure
    .input(z.object({ ids: z.array(idSchema).max(100).optional() }))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.session.id, input.ids)),
});
