import { authRouter } from "./routers/auth";
import { chatRouter } from "./routers/chat";
import { contentRouter } from "./routers/content";
import { studentsRouter } from "./routers/students";
import { usersRouter } from "./routers/users";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  users: usersRouter,
  students: studentsRouter,
  content: contentRouter,
  chat: chatRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
