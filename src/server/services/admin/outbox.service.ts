import type { Prisma } from "~/generated/prisma/client";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import type { OutboxListQuery } from "~/lib/schemas/system";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { calendarMethod, MAIL_JOB } from "~/server/mail/outbox";
import { type AuditActor, recordAudit } from "../audit.service";

const mailColumns = {
  id: true,
  to: true,
  kind: true,
  subject: true,
  text: true,
  status: true,
  transport: true,
  error: true,
  createdAt: true,
  sentAt: true,
  calendarEvent: true,
} as const;
type MailRecord = Prisma.MailMessageGetPayload<{ select: typeof mailColumns }>;
/** A mail as the outbox lists it: `invitation` is the METHOD of the calendar invitation it carries (REQUEST, CANCEL), if any. */
export type OutboxMail = Omit<MailRecord, "calendarEvent"> & { invitation: string | null };

const toOutboxMail = ({ calendarEvent, ...mail }: MailRecord): OutboxMail => ({
  ...mail,
  invitation: calendarEvent ? calendarMethod(calendarEvent) : null,
});

/** /admin/outbox: every mail the product sent (or, without SMTP, delivered here), searched by recipient. */
export async function listOutbox(db: Db, query: OutboxListQuery): Promise<Paged<OutboxMail>> {
  const where: Prisma.MailMessageWhereInput = {
    ...(query.q ? { to: { contains: query.q, mode: "insensitive" } } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  const sort = query.sort ?? "createdAt";
  const [rows, total] = await Promise.all([
    db.mailMessage.findMany({
      where,
      orderBy:
        sort === "createdAt"
          ? [{ createdAt: query.dir }, { id: query.dir }]
          : [{ [sort]: query.dir }, { createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(query),
      select: mailColumns,
    }),
    db.mailMessage.count({ where }),
  ]);
  return { rows: rows.map(toOutboxMail), total, page: query.page, pageSize: query.pageSize };
}

/** The kinds of mail in the outbox, for the kind filter. */
export async function outboxKinds(db: Db) {
  const kinds = await db.mailMessage.findMany({ distinct: ["kind"], select: { kind: true }, orderBy: { kind: "asc" } });
  return kinds.map((row) => row.kind);
}

const TROUBLED_JOBS_SHOWN = 50;
const troubledWhere: Prisma.JobWhereInput = {
  OR: [{ status: "dead" }, { status: "queued", lastError: { not: null } }],
};

/** Jobs that need a person: dead ones (out of attempts) and ones waiting to retry after a failure, newest first. */
export async function listTroubledJobs(db: Db) {
  const [jobs, total] = await Promise.all([
    db.job.findMany({
      where: troubledWhere,
      orderBy: { createdAt: "desc" },
      take: TROUBLED_JOBS_SHOWN,
      select: {
        id: true,
        kind: true,
        status: true,
        attempts: true,
        maxAttempts: true,
        lastError: true,
        runAt: true,
        createdAt: true,
        finishedAt: true,
      },
    }),
    db.job.count({ where: troubledWhere }),
  ]);
  return { jobs, total };
}

/**
 * Gives a dead job its attempts back and runs it at the next poll; a mail that had been given up on
 * is queued again with it. Recorded in the audit log with the change.
 */
export async function retryJob(db: Db, actor: AuditActor, id: string) {
  return db.$transaction(async (tx) => {
    const job = await tx.job.findUnique({
      where: { id },
      select: { kind: true, payload: true, attempts: true, lastError: true },
    });
    const { count } = await tx.job.updateMany({
      where: { id, status: "dead" },
      data: { status: "queued", attempts: 0, runAt: new Date(), finishedAt: null },
    });
    if (!job || count === 0) throw new AppError("NOT_FOUND", "That job is not waiting for a retry.");
    const mailId = job.kind === MAIL_JOB ? (job.payload as { mailId?: string }).mailId : undefined;
    if (mailId) await tx.mailMessage.updateMany({ where: { id: mailId, status: "failed" }, data: { status: "queued" } });
    await recordAudit(tx, actor, {
      action: "job.retried",
      targetType: "job",
      targetId: id,
      before: { kind: job.kind, status: "dead", attempts: job.attempts, lastError: job.lastError },
      after: { status: "queued", attempts: 0 },
    });
    return { id };
  });
}
