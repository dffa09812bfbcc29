import { adminSection } from "~/lib/admin-sections";
import { assistantSettingsSchema } from "~/lib/schemas/assistant-settings";
import { getAssistantSettingsView, updateAssistantSettings } from "~/server/services/assistant-settings";
import { createTRPCRouter, staffProcedure } from "../../trpc";

export const assistantRouter = createTRPCRouter({
  get: staffProcedure(adminSection("assistant").access).query(({ ctx }) => getAssistantSettingsView(ctx.db)),
  update: staffProcedure(["settings:ai_adjustment"])
    .input(assistantSettingsSchema)
    .mutation(({ ctx, input }) => updateAssistantSettings(ctx.db, ctx.actor, input)),
});
