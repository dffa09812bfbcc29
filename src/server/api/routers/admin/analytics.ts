import { createTRPCRouter } from "../../trpc";

export const analyticsRouter = createTRPCRouter({});
