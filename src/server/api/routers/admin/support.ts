import { createTRPCRouter } from "../../trpc";

export const supportRouter = createTRPCRouter({});
