import { createTRPCRouter } from "../../trpc";

export const siteTextsRouter = createTRPCRouter({});
