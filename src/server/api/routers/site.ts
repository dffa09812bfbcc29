import { tokenSchema } from "~/lib/schemas/auth";
import { contactSchema, newsletterSchema } from "~/lib/schemas/site";
import { sendContactMessage } from "~/server/services/contact.service";
import { legalDetails } from "~/server/services/legal.service";
import { confirmNewsletter, subscribeToNewsletter } from "~/server/services/newsletter.service";
import { entitlementDeliverability } from "~/server/services/plan-offer.service";
import { publicSiteTexts } from "~/server/services/site-texts.service";
import { createTRPCRouter, publicProcedure } from "../trpc";

export const siteRouter = createTRPCRouter({
  subscribeNewsletter: publicProcedure.input(newsletterSchema).mutation(({ ctx, input }) => subscribeToNewsletter(ctx.db, input, ctx.ip)),
  sendContactMessage: publicProcedure
    .input(contactSchema)
    .mutation(({ ctx, input }) => sendContactMessage(ctx.db, ctx.session, input, ctx.ip)),
  confirmNewsletter: publicProcedure.input(tokenSchema).mutation(({ ctx, input }) => confirmNewsletter(ctx.db, input.token)),
  /** The announcement banner (while it is on) and the support hours, as set in /admin/site-texts. */
  texts: publicProcedure.query(({ ctx }) => publicSiteTexts(ctx.db)),
  /** The operator's details and the services configured on this server (imprint, privacy policy). */
  legal: publicProcedure.query(() => legalDetails()),
  /** Which people-delivered plan entitlements (coaching, document review) someone can deliver now. */
  deliverable: publicProcedure.query(({ ctx }) => entitlementDeliverability(ctx.db)),
});
