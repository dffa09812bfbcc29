import { createTRPCRouter } from "../../trpc";

export const coachesRouter = createTRPCRouter({});
