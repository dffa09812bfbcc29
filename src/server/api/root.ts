import { accountRouter } from "./routers/account";
import { adminRouter } from "./routers/admin";
import { authRouter } from "./routers/auth";
import { billingRouter } from "./routers/billing";
import { chatRouter } from "./routers/chat";
import { coachingRouter } from "./routers/coaching";
import { communityRouter } from "./routers/community";
import { contentRouter } from "./routers/content";
import { documentsRouter } from "./routers/documents";
import { applicationsRouter, servicesRouter } from "./routers/entitlements";
import { invitesRouter } from "./routers/invites";
import { roadmapRouter } from "./routers/roadmap";
import { siteRouter } from "./routers/site";
import { studentsRouter } from "./routers/students";
import { toolsRouter } from "./routers/tools";
import { usersRouter } from "./routers/users";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  users: usersRouter,
  students: studentsRouter,
  content: contentRouter,
  billing: billingRouter,
  site: siteRouter,
  account: accountRouter,
  chat: chatRouter,
  services: servicesRouter,
  coaching: coachingRouter,
  applications: applicationsRouter,
  invites: invitesRouter,
  admin: adminRouter,
  tools: toolsRouter,
  roadmap: roadmapRouter,
  community: communityRouter,
  documents: documentsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
