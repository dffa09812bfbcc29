import { createTRPCRouter } from "../../trpc";

export const templatesRouter = createTRPCRouter({});
