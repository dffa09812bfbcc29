import { createTRPCRouter } from "../../trpc";

export const clientsRouter = createTRPCRouter({});
