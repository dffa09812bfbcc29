import { createTRPCRouter } from "../../trpc";
import { compareRouter } from "./compare";
import { costsRouter } from "./costs";
import { savedToolResultsRouter } from "./saved";
import { scholarshipsRouter } from "./scholarships";
import { universitiesRouter } from "./universities";
import { visaRouter } from "./visa";

/** The four tools of /tools and the country comparison. Each answer is computed here from the seeded, sourced data. */
export const toolsRouter = createTRPCRouter({
  saved: savedToolResultsRouter,
  visa: visaRouter,
  scholarships: scholarshipsRouter,
  universities: universitiesRouter,
  costs: costsRouter,
  compare: compareRouter,
});
