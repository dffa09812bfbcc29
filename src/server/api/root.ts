import { authRouter } from "./routers/auth";
import { billingRouter } from "./routers/billing";
import { contentRouter } from "./routers/content";
import { studentsRouter } from "./routers/students";
import { usersRouter } from "./routers/users";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  users: usersRouter,
  students: studentsRouter,
  content: contentRouter,
  billing: billingRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
