import { adminSection } from "~/lib/admin-sections";
import { partnerListSchema } from "~/lib/schemas/admin-clients";
import { listPartners } from "~/server/services/admin/clients.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

/** Partners (institutes and businesses from the partner forms): backoffice:clients. */
export const clientsRouter = createTRPCRouter({
  list: staffProcedure(adminSection("clients").access)
    .input(partnerListSchema)
    .query(({ ctx, input }) => listPartners(ctx.db, input)),
});
