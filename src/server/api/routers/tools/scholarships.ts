import { scholarshipRefSchema, scholarshipSearchSchema } from "~/lib/schemas/tools/scholarships";
import {
  bookmarkScholarship,
  listBookmarks,
  searchScholarships,
  unbookmarkScholarship,
} from "~/server/services/tools/scholarships.service";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../../trpc";

/** The Scholarship Search: the answer for everyone; bookmarks (and their reminder mails) when signed in. */
export const scholarshipsRouter = createTRPCRouter({
  search: publicProcedure.input(scholarshipSearchSchema).query(({ ctx, input }) => searchScholarships(ctx.db, input)),
  bookmarks: protectedProcedure.query(({ ctx }) => listBookmarks(ctx.db, ctx.session)),
  bookmark: protectedProcedure
    .input(scholarshipRefSchema)
    .mutation(({ ctx, input }) => bookmarkScholarship(ctx.db, ctx.session, input.slug)),
  unbookmark: protectedProcedure
    .input(scholarshipRefSchema)
    .mutation(({ ctx, input }) => unbookmarkScholarship(ctx.db, ctx.session, input.slug)),
});
