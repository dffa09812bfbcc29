import { universitySearchSchema, universitySlugSchema } from "~/lib/schemas/tools/universities";
import { getInstitution, institutionCities, searchInstitutions } from "~/server/services/tools/universities.service";
import { createTRPCRouter, publicProcedure } from "../../trpc";

/** The University Finder: works without an account. */
export const universitiesRouter = createTRPCRouter({
  search: publicProcedure.input(universitySearchSchema).query(({ ctx, input }) => searchInstitutions(ctx.db, input)),
  cities: publicProcedure.query(({ ctx }) => institutionCities(ctx.db)),
  get: publicProcedure.input(universitySlugSchema).query(({ ctx, input }) => getInstitution(ctx.db, input.slug)),
});
