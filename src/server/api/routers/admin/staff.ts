import { createTRPCRouter } from "../../trpc";

export const staffRouter = createTRPCRouter({});
