import { createTRPCRouter } from "../../trpc";

export const financeRouter = createTRPCRouter({});
