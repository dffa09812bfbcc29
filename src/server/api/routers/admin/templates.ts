import { adminSection } from "~/lib/admin-sections";
import { mailKindSchema, mailTemplateDraftSchema, mailTemplateListQuery, mailTemplateTestSchema } from "~/lib/schemas/mail-templates";
import {
  getMailTemplate,
  listMailTemplates,
  previewMailTemplate,
  resetMailTemplate,
  saveMailTemplate,
  sendTestMailTemplate,
} from "~/server/services/admin/mail-templates.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const designer = staffProcedure(adminSection("templates").access);

/** /admin/templates: the subjects and texts of the product's mails (designer:templates). */
export const templatesRouter = createTRPCRouter({
  list: designer.input(mailTemplateListQuery).query(({ ctx, input }) => listMailTemplates(ctx.db, input)),
  get: designer.input(mailKindSchema).query(({ ctx, input }) => getMailTemplate(ctx.db, input.kind)),
  // A mutation only because a draft of up to 10,000 characters does not fit in a URL; it changes nothing.
  preview: designer.input(mailTemplateDraftSchema).mutation(({ ctx, input }) => previewMailTemplate(ctx.db, input)),
  save: designer.input(mailTemplateDraftSchema).mutation(({ ctx, input }) => saveMailTemplate(ctx.db, ctx.actor, input)),
  reset: designer.input(mailKindSchema).mutation(({ ctx, input }) => resetMailTemplate(ctx.db, ctx.actor, input.kind)),
  sendTest: designer.input(mailTemplateTestSchema).mutation(({ ctx, input }) => sendTestMailTemplate(ctx.db, ctx.actor, input)),
});
