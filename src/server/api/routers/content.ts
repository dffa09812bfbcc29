import { z } from "zod";
import { guideAddressInput, guideSearchInput, guideTopicInput } from "~/lib/schemas/knowledge";
import { listCities, listCountries, listThreads, RANDOM_PROMPTS_DEFAULT, randomPrompts } from "~/server/services/content.service";
import { getGuide, listTopicGuides, searchGuides } from "~/server/services/guides.service";
import { sitemapEntries } from "~/server/services/sitemap.service";
import { createTRPCRouter, publicProcedure } from "../trpc";

export const contentRouter = createTRPCRouter({
  threads: publicProcedure.query(({ ctx }) => listThreads(ctx.db)),
  randomPrompts: publicProcedure
    .input(
      z
        .object({ count: z.coerce.number().int().min(1).max(50).default(RANDOM_PROMPTS_DEFAULT) })
        .default({ count: RANDOM_PROMPTS_DEFAULT }),
    )
    .query(({ ctx, input }) => randomPrompts(ctx.db, input.count)),
  cities: publicProcedure
    .input(z.object({ country: z.string().trim().min(2).max(60).optional() }).default({}))
    .query(({ ctx, input }) => listCities(ctx.db, input.country)),
  countries: publicProcedure.query(({ ctx }) => listCountries(ctx.db)),
  /** A topic's guides (null for an unknown topic), and one guide (null when it is not shown). */
  topicGuides: publicProcedure.input(guideTopicInput).query(({ ctx, input }) => listTopicGuides(ctx.db, input.topic)),
  guide: publicProcedure.input(guideAddressInput).query(({ ctx, input }) => getGuide(ctx.db, input.topic, input.slug)),
  searchGuides: publicProcedure.input(guideSearchInput).query(({ ctx, input }) => searchGuides(ctx.db, input.q)),
  sitemap: publicProcedure.query(({ ctx }) => sitemapEntries(ctx.db)),
});
