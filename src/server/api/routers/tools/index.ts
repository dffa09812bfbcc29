import { createTRPCRouter } from "../../trpc";
import { costsRouter } from "./costs";
import { savedToolResultsRouter } from "./saved";

/** The four tools of /tools. Each answer is computed here from the seeded, sourced data. */
export const toolsRouter = createTRPCRouter({
  saved: savedToolResultsRouter,
  costs: costsRouter,
});
