import { createTRPCRouter } from "../../trpc";

export const flowsRouter = createTRPCRouter({});
