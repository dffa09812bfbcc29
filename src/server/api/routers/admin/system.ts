import { createTRPCRouter } from "../../trpc";

export const systemRouter = createTRPCRouter({});
