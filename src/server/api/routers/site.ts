import { contactSchema, newsletterSchema } from "~/lib/schemas/site";
import { sendContactMessage } from "~/server/services/contact.service";
import { subscribeToNewsletter } from "~/server/services/newsletter.service";
import { createTRPCRouter, publicProcedure } from "../trpc";

export const siteRouter = createTRPCRouter({
  subscribeNewsletter: publicProcedure.input(newsletterSchema).mutation(({ ctx, input }) => subscribeToNewsletter(ctx.db, input)),
  sendContactMessage: publicProcedure.input(contactSchema).mutation(({ ctx, input }) => sendContactMessage(ctx.db, ctx.session, input)),
});
