import { createTRPCRouter } from "../../trpc";

export const contentRouter = createTRPCRouter({});
