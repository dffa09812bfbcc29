import { createTRPCRouter } from "../../trpc";

export const knowledgeRouter = createTRPCRouter({});
