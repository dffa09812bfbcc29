import { ANY_STAFF, adminSection } from "~/lib/admin-sections";
import type { AdminProcedureCase } from "./types";

const system = adminSection("system").access;
const outbox = adminSection("outbox").access;

export const cases: AdminProcedureCase[] = [
  { path: "admin.system.health", access: system },
  {
    path: "admin.system.outbox",
    access: outbox,
    input: () => ({ q: "example.com", status: "queued", sort: "to", dir: "asc" }),
    badInput: { status: "lost" },
  },
  { path: "admin.system.outboxKinds", access: outbox },
  { path: "admin.system.troubledJobs", access: outbox },
  { path: "admin.system.undeliverable", access: ANY_STAFF },
  {
    path: "admin.system.retryJob",
    access: outbox,
    // A job that ran out of attempts, made anew for each call.
    input: async ({ db }) => {
      const job = await db.job.create({
        data: {
          kind: "test.failing",
          payload: {},
          status: "dead",
          attempts: 5,
          lastError: "boom",
          finishedAt: new Date(),
        },
      });
      return { id: job.id };
    },
    badInput: { id: "" },
  },
];
