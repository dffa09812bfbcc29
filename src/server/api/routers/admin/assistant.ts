import { createTRPCRouter } from "../../trpc";

export const assistantRouter = createTRPCRouter({});
