import { createTRPCRouter } from "../../trpc";

export const auditRouter = createTRPCRouter({});
