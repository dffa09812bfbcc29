import { createTRPCRouter } from "../../trpc";

export const feedbackRouter = createTRPCRouter({});
