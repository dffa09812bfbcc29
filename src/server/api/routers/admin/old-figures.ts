import { adminSection } from "~/lib/admin-sections";
import { listStaleFigures } from "~/server/services/tools/figure-age.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const reader = staffProcedure(adminSection("old-figures").access);

/** /admin/old-figures: the tools' figures and the guides older than STALE_FIGURE_MONTHS, for staff to update. */
export const oldFiguresRouter = createTRPCRouter({
  list: reader.query(({ ctx }) => listStaleFigures(ctx.db)),
});
