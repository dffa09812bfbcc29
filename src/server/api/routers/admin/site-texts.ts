import { adminSection } from "~/lib/admin-sections";
import { siteTextsSchema } from "~/lib/schemas/site-texts";
import { readSiteTexts, updateSiteTexts } from "~/server/services/site-texts.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const siteTextsEditor = staffProcedure(adminSection("site-texts").access);

/** /admin/site-texts: the announcement banner and the support hours (designer:settings, backoffice:settings). */
export const siteTextsRouter = createTRPCRouter({
  get: siteTextsEditor.query(({ ctx }) => readSiteTexts(ctx.db)),
  update: siteTextsEditor.input(siteTextsSchema).mutation(({ ctx, input }) => updateSiteTexts(ctx.db, ctx.actor, input)),
});
