import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";

const PAGE = 50;

/** /admin/outbox: the newest mails (what the product sent, or would send without SMTP), optionally to one address. */
export async function listOutbox(db: Db, input: { to?: string }) {
  const to = input.to?.trim().toLowerCase();
  return db.mailMessage.findMany({
    where: to ? { to: { contains: to } } : {},
    orderBy: { createdAt: "desc" },
    take: PAGE,
    select: { id: true, to: true, kind: true, subject: true, text: true, status: true, transport: true, error: true, createdAt: true, sentAt: true },
  });
}

/** Jobs that need a person: dead ones (out of attempts) and ones waiting to retry after a failure. */
export async function listTroubledJobs(db: Db) {
  return db.job.findMany({
    where: { OR: [{ status: "dead" }, { status: "queued", lastError: { not: null } }] },
    orderBy: { createdAt: "desc" },
    take: PAGE,
    select: { id: true, kind: true, status: true, attempts: true, maxAttempts: true, lastError: true, runAt: true, createdAt: true, finishedAt: true },
  });
}

/** Gives a dead job its attempts back and runs it at the next poll. */
export async function retryJob(db: Db, id: string) {
  const { count } = await db.job.updateMany({
    where: { id, status: "dead" },
    data: { status: "queued", attempts: 0, runAt: new Date(), finishedAt: null },
  });
  if (count === 0) throw new AppError("NOT_FOUND", "That job is not waiting for a retry.");
  const job = await db.job.findUniqueOrThrow({ where: { id }, select: { kind: true, payload: true } });
  // A mail that had been given up on is queued again with it.
  const mailId = job.kind === "mail.send" ? (job.payload as { mailId?: string }).mailId : undefined;
  if (mailId) await db.mailMessage.updateMany({ where: { id: mailId, status: "failed" }, data: { status: "queued" } });
}
