import { createTRPCRouter } from "../../trpc";

export const customersRouter = createTRPCRouter({});
