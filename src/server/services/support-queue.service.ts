import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import type {
  assignRequestSchema,
  contactMessageListSchema,
  contactReplySchema,
  supportRequestListSchema,
} from "~/lib/schemas/admin-support";
import type { idSchema } from "~/lib/schemas/entitlements";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { queueMail } from "~/server/mail/outbox";
import { type AuditActor, recordAudit } from "./audit.service";
import { toRequestDto } from "./service-requests.service";
import { accountsById } from "./user.service";

/** Requests staff still have to act on. */
const OPEN_STATUSES = ["pending", "processing", "approved"] as const;

export const SUPPORT_MESSAGES = {
  requestNotFound: "This request does not exist.",
  messageNotFound: "This message does not exist.",
  alreadyHandled: "This message was already handled.",
  coachNotFound: "That coach does not exist.",
  coachInactive: "This coach is not active: reactivate them under Coaches or choose another coach.",
} as const;

/**
 * The queue's order: priority (SupportPriority is declared standard < high < urgent, so descending
 * puts urgent first), then the oldest first; or by date alone.
 */
function queueOrder(sort: "priority" | "createdAt" | undefined, dir: "asc" | "desc") {
  if (sort === "createdAt") return [{ createdAt: dir }, { id: "asc" as const }];
  return [{ priority: sort ? dir : ("desc" as const) }, { createdAt: "asc" as const }, { id: "asc" as const }];
}

/** What staff see of any request: the queue's row, and the start of a request's page. */
export const STAFF_REQUEST_FIELDS = {
  id: true,
  service: true,
  message: true,
  preferredDate: true,
  preferredTime: true,
  status: true,
  priority: true,
  createdAt: true,
  withdrawnAt: true,
  round: true,
  user: { select: { id: true, name: true, email: true } },
  coach: { select: { id: true, displayName: true, active: true } },
} satisfies Prisma.ServiceRequestSelect;

const REQUEST_FIELDS = {
  ...STAFF_REQUEST_FIELDS,
  // The last message: whether the student wrote and waits for an answer.
  messages: { orderBy: { createdAt: "desc" }, take: 1, select: { fromStaff: true, createdAt: true } },
} satisfies Prisma.ServiceRequestSelect;

/**
 * Service requests of every user: open ones by default (withdrawn ones are not open), filtered by
 * status, service and priority. Each row says when the student wrote last without a staff answer since.
 */
export async function listServiceRequests(db: Db, input: z.output<typeof supportRequestListSchema>) {
  const where: Prisma.ServiceRequestWhereInput = {
    ...(input.status === "open"
      ? { status: { in: [...OPEN_STATUSES] }, withdrawnAt: null }
      : input.status === "all"
        ? {}
        : { status: input.status }),
    ...(input.service ? { service: input.service } : {}),
    ...(input.priority ? { priority: input.priority } : {}),
    ...(input.q
      ? {
          OR: [
            { message: { contains: input.q, mode: "insensitive" } },
            {
              user: {
                OR: [{ name: { contains: input.q, mode: "insensitive" } }, { email: { contains: input.q, mode: "insensitive" } }],
              },
            },
          ],
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db.serviceRequest.findMany({
      where,
      orderBy: queueOrder(input.sort, input.dir),
      ...pageWindow(input),
      select: REQUEST_FIELDS,
    }),
    db.serviceRequest.count({ where }),
  ]);
  return {
    rows: rows.map(({ messages, ...row }) => ({
      ...toRequestDto(row),
      studentMessageAt: messages[0] && !messages[0].fromStaff ? messages[0].createdAt : null,
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Gives a request to an active coach (coachId null takes it back); the change is audited. */
export async function assignServiceRequest(db: Db, actor: AuditActor, { requestId, coachId }: z.output<typeof assignRequestSchema>) {
  return db.$transaction(async (tx) => {
    const request = await tx.serviceRequest.findUnique({ where: { id: requestId }, select: { assignedCoachId: true } });
    if (!request) throw new AppError("NOT_FOUND", SUPPORT_MESSAGES.requestNotFound);
    let coach: { id: string; displayName: string } | null = null;
    if (coachId) {
      const found = await tx.coach.findUnique({
        where: { id: coachId },
        select: { id: true, displayName: true, active: true },
      });
      if (!found) throw new AppError("NOT_FOUND", SUPPORT_MESSAGES.coachNotFound);
      if (!found.active) throw new AppError("CONFLICT", SUPPORT_MESSAGES.coachInactive);
      coach = { id: found.id, displayName: found.displayName };
    }
    if (request.assignedCoachId === coachId) return { coach, changed: false };
    await tx.serviceRequest.update({ where: { id: requestId }, data: { assignedCoachId: coachId } });
    await recordAudit(tx, actor, {
      action: coachId ? "service_request.assigned" : "service_request.unassigned",
      targetType: "service_request",
      targetId: requestId,
      before: { coachId: request.assignedCoachId },
      after: { coachId, coachName: coach?.displayName ?? null },
    });
    return { coach, changed: true };
  });
}

/** The coaches a request can be given to: the active ones, by name. */
export function activeCoachOptions(db: Db) {
  return db.coach.findMany({
    where: { active: true },
    orderBy: { displayName: "asc" },
    select: { id: true, displayName: true, languages: true, subjects: true },
  });
}

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  priority: "standard" | "high" | "urgent";
  origin: string;
  userId: string | null;
  createdAt: Date;
  handledAt: Date | null;
  handledBy: { name: string; email: string } | null;
  /** Replies mailed from the queue: who sent them (audit log) and the mail as sent (outbox). */
  replies: { at: Date; by: string; text: string; status: string }[];
}

/** Contact messages: unhandled by default, or handled, or all; filtered by origin; searched in sender, subject and text. */
export async function listContactMessages(db: Db, input: z.output<typeof contactMessageListSchema>): Promise<Paged<ContactMessageRow>> {
  const where: Prisma.ContactMessageWhereInput = {
    ...(input.handled === "unhandled" ? { handledAt: null } : input.handled === "handled" ? { handledAt: { not: null } } : {}),
    ...(input.origin ? { origin: input.origin } : {}),
    ...(input.q
      ? {
          OR: [
            { name: { contains: input.q, mode: "insensitive" } },
            { email: { contains: input.q, mode: "insensitive" } },
            { subject: { contains: input.q, mode: "insensitive" } },
            { message: { contains: input.q, mode: "insensitive" } },
          ],
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db.contactMessage.findMany({
      where,
      orderBy: queueOrder(input.sort, input.dir),
      ...pageWindow(input),
      select: {
        id: true,
        name: true,
        email: true,
        subject: true,
        message: true,
        priority: true,
        origin: true,
        userId: true,
        createdAt: true,
        handledAt: true,
        handledById: true,
      },
    }),
    db.contactMessage.count({ where }),
  ]);
  const ids = rows.map((row) => row.id);
  const [handlers, replies] = await Promise.all([
    accountsById(
      db,
      rows.map((row) => row.handledById),
    ),
    ids.length
      ? db.auditLog.findMany({
          where: { targetType: "contact_message", action: "contact_message.replied", targetId: { in: ids } },
          orderBy: { createdAt: "asc" },
          select: { targetId: true, actorEmail: true, createdAt: true, after: true },
        })
      : [],
  ]);
  // The audit row names the mail; the mail holds the text (and goes when the sender's account is deleted).
  const mailIds = replies
    .map((entry) => (entry.after as { mailId?: unknown } | null)?.mailId)
    .filter((id): id is string => typeof id === "string");
  const mails = mailIds.length
    ? await db.mailMessage.findMany({ where: { id: { in: mailIds } }, select: { id: true, text: true, status: true } })
    : [];
  const mailById = new Map(mails.map((mail) => [mail.id, mail]));
  return {
    rows: rows.map(({ handledById, ...row }) => ({
      ...row,
      handledBy: handledById ? (handlers.get(handledById) ?? null) : null,
      replies: replies.flatMap((entry) => {
        const mail = entry.targetId === row.id ? mailById.get(String((entry.after as { mailId?: unknown } | null)?.mailId)) : undefined;
        return mail ? [{ at: entry.createdAt, by: entry.actorEmail, text: mail.text, status: mail.status }] : [];
      }),
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Marks a message handled by the staff member (without a reply: answered by phone, or nothing to answer). */
export async function markContactMessageHandled(db: Db, actor: AuditActor, { id }: z.output<typeof idSchema>) {
  return db.$transaction(async (tx) => {
    const message = await tx.contactMessage.findUnique({ where: { id }, select: { handledAt: true } });
    if (!message) throw new AppError("NOT_FOUND", SUPPORT_MESSAGES.messageNotFound);
    if (message.handledAt) throw new AppError("CONFLICT", SUPPORT_MESSAGES.alreadyHandled);
    const handledAt = new Date();
    // The condition makes a second click at the same moment a no-op rather than a second record.
    const { count } = await tx.contactMessage.updateMany({
      where: { id, handledAt: null },
      data: { handledAt, handledById: actor.id },
    });
    if (count === 0) throw new AppError("CONFLICT", SUPPORT_MESSAGES.alreadyHandled);
    await recordAudit(tx, actor, {
      action: "contact_message.handled",
      targetType: "contact_message",
      targetId: id,
      before: { handledAt: null },
      after: { handledAt, handledById: actor.id },
    });
    return { success: true as const };
  });
}

/**
 * Replies to a contact message by mail ("contact-reply", from the outbox) and marks it handled by the
 * staff member; the mail, the mark and the audit row commit together. The audit row names the mail
 * rather than copying the text: the log is never deleted, the sender's mails go with their account.
 * A message already handled can be answered again (a follow-up); it keeps its first handling.
 */
export async function replyToContactMessage(db: Db, actor: AuditActor, { id, reply }: z.output<typeof contactReplySchema>) {
  return db.$transaction(async (tx) => {
    const message = await tx.contactMessage.findUnique({
      where: { id },
      select: { name: true, email: true, subject: true, userId: true, handledAt: true, handledById: true },
    });
    if (!message) throw new AppError("NOT_FOUND", SUPPORT_MESSAGES.messageNotFound);
    const staff = actor.id ? await tx.user.findUnique({ where: { id: actor.id }, select: { name: true } }) : null;
    const mail = await queueMail(
      tx,
      message.email,
      {
        kind: "contact-reply",
        name: message.name,
        subject: message.subject,
        reply,
        staffName: staff?.name ?? actor.email,
      },
      message.userId,
    );
    const handled = message.handledAt
      ? { handledAt: message.handledAt, handledById: message.handledById }
      : { handledAt: new Date(), handledById: actor.id };
    if (!message.handledAt) await tx.contactMessage.update({ where: { id }, data: handled });
    await recordAudit(tx, actor, {
      action: "contact_message.replied",
      targetType: "contact_message",
      targetId: id,
      before: { handledAt: message.handledAt },
      after: { ...handled, mailId: mail.id, replyLength: reply.length },
    });
    return { success: true as const, mailId: mail.id };
  });
}
