import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { exportDocuments } from "./documents/documents.service";
import { getEffectivePlan } from "./entitlements.service";
import type { SessionClaims } from "./sessions.service";
import { toStudentDto } from "./student.service";

async function findUser(db: Db, actor: SessionClaims) {
  const user = await db.user.findUnique({ where: { id: actor.id }, include: { student: true } });
  if (!user) throw new AppError("UNAUTHENTICATED", "Your account no longer exists.");
  return user;
}

/** The Account tab: dates, completion, plan and counts of what is stored for the user. */
export async function accountOverview(db: Db, actor: SessionClaims) {
  const user = await findUser(db, actor);
  const [contactMessages, successfulLogins, newsletter, chatSessions, effective, consultations, documents] = await Promise.all([
    db.contactMessage.count({ where: { userId: user.id } }),
    db.loginAttempt.count({ where: { email: user.email, succeeded: true } }),
    db.newsletterSubscriber.findUnique({ where: { email: user.email }, select: { createdAt: true } }),
    db.conversation.count({ where: { userId: user.id } }),
    getEffectivePlan(db, user.id),
    db.serviceRequest.count({ where: { userId: user.id, service: "consultation", withdrawnAt: null } }),
    db.document.count({ where: { userId: user.id } }),
  ]);
  return {
    registeredAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    status: user.status,
    profileCompletion: user.student?.profileCompletion ?? 0,
    plan: effective.plan.id,
    activity: {
      consultations,
      documents,
      chatSessions,
      contactMessages,
      successfulLogins,
      newsletterSubscribed: Boolean(newsletter),
    },
  };
}

/** Everything stored about the user (GDPR Art. 15 and 20), as one JSON document; no secrets. */
export async function exportAccountData(db: Db, actor: SessionClaims) {
  const user = await db.user.findUnique({
    where: { id: actor.id },
    include: {
      student: true,
      accounts: { select: { provider: true, createdAt: true } },
      contactMessages: {
        orderBy: { createdAt: "asc" },
        select: { subject: true, name: true, email: true, message: true, createdAt: true },
      },
      conversations: {
        orderBy: { createdAt: "asc" },
        select: {
          id: true,
          title: true,
          createdAt: true,
          messages: { orderBy: { position: "asc" }, select: { role: true, content: true, createdAt: true } },
        },
      },
      feedback: {
        orderBy: { createdAt: "asc" },
        select: { messageId: true, feedbackType: true, dislikeReason: true, customFeedback: true, createdAt: true },
      },
      subscriptions: {
        orderBy: { createdAt: "asc" },
        select: {
          planId: true,
          status: true,
          currentPeriodStart: true,
          currentPeriodEnd: true,
          canceledAt: true,
          createdAt: true,
        },
      },
      billingAddresses: { orderBy: { createdAt: "asc" }, omit: { id: true, userId: true } },
      billingTransactions: {
        orderBy: { createdAt: "asc" },
        select: {
          description: true,
          amountCents: true,
          currency: true,
          status: true,
          refunded: true,
          paidAt: true,
          createdAt: true,
        },
      },
      serviceRequests: {
        orderBy: { createdAt: "asc" },
        select: {
          service: true,
          message: true,
          preferredDate: true,
          preferredTime: true,
          status: true,
          priority: true,
          purpose: true,
          verdict: true,
          missingItems: true,
          withdrawnAt: true,
          completedAt: true,
          createdAt: true,
        },
      },
      applications: {
        orderBy: { createdAt: "asc" },
        select: {
          university: true,
          programme: true,
          programType: true,
          deadline: true,
          status: true,
          notes: true,
          createdAt: true,
        },
      },
      savedToolResults: {
        orderBy: { createdAt: "asc" },
        select: { tool: true, title: true, input: true, result: true, createdAt: true },
      },
      roadmap: {
        omit: { id: true, userId: true },
        include: {
          items: {
            orderBy: { position: "asc" },
            select: {
              slug: true,
              title: true,
              targetDate: true,
              ownDate: true,
              position: true,
              done: true,
              doneAt: true,
              note: true,
              hidden: true,
              subtasks: { orderBy: { position: "asc" }, select: { text: true, done: true, createdAt: true } },
            },
          },
        },
      },
      scholarshipBookmarks: {
        orderBy: { createdAt: "asc" },
        select: { createdAt: true, remindedFor: true, scholarship: { select: { name: true, url: true } } },
      },
      forumPosts: {
        orderBy: { createdAt: "asc" },
        select: {
          body: true,
          status: true,
          createdAt: true,
          editedAt: true,
          topic: { select: { title: true } },
          edits: { select: { title: true, body: true, editedAt: true } },
        },
      },
      forumLikes: {
        orderBy: { createdAt: "asc" },
        select: { createdAt: true, post: { select: { topic: { select: { title: true } } } } },
      },
      forumFlags: { orderBy: { createdAt: "asc" }, select: { reason: true, note: true, createdAt: true } },
    },
  });
  if (!user) throw new AppError("UNAUTHENTICATED", "Your account no longer exists.");
  // Only the person's own data: sign-ins are their sessions, not the attempts anyone made with their email.
  const [newsletter, sessions, mails, tokenUsage, documents] = await Promise.all([
    db.newsletterSubscriber.findUnique({
      where: { email: user.email },
      select: { email: true, confirmedAt: true, createdAt: true },
    }),
    db.authSession.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: "asc" },
      select: { device: true, ip: true, createdAt: true, lastSeenAt: true, revokedAt: true },
    }),
    db.mailMessage.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: "asc" },
      select: { kind: true, subject: true, status: true, createdAt: true },
    }),
    db.tokenUsage.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: "asc" },
      select: { route: true, model: true, inputTokens: true, outputTokens: true, charged: true, createdAt: true },
    }),
    exportDocuments(db, user.id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      email: user.email,
      name: user.name,
      role: user.role,
      status: user.status,
      hasPassword: Boolean(user.passwordHash),
      emailVerifiedAt: user.emailVerifiedAt,
      twoFactorEnabledAt: user.totpEnabledAt,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
      linkedSignIns: user.accounts,
    },
    profile: user.student ? toStudentDto(user.student) : null,
    newsletter,
    contactMessages: user.contactMessages,
    conversations: user.conversations,
    feedback: user.feedback,
    billing: {
      subscriptions: user.subscriptions,
      addresses: user.billingAddresses,
      transactions: user.billingTransactions,
    },
    serviceRequests: user.serviceRequests,
    documents,
    universityApplications: user.applications,
    savedToolResults: user.savedToolResults,
    roadmap: user.roadmap,
    community: {
      handle: user.forumHandle,
      suspendedUntil: user.forumSuspendedUntil,
      posts: user.forumPosts.map(({ topic, ...post }) => ({ topic: topic.title, ...post })),
      likes: user.forumLikes.map((like) => ({ topic: like.post.topic.title, createdAt: like.createdAt })),
      flags: user.forumFlags,
    },
    scholarshipBookmarks: user.scholarshipBookmarks.map(({ scholarship, ...bookmark }) => ({
      scholarship: scholarship.name,
      url: scholarship.url,
      ...bookmark,
    })),
    tokenUsage,
    sessions,
    mails,
  };
}
