/**
 * Feedback triage in /admin/feedback: the answers users disliked (with the question, the answer,
 * the reason and the articles it cited), grouped by article, marked handled with a note; the
 * questions the assistant could not answer; and the figures (likes and dislikes by day, reasons).
 */
import { Prisma } from "~/generated/prisma/client";
import { periodBounds, withinDays } from "~/lib/period";
import { type Paged, type Period, pageWindow } from "~/lib/schemas/admin";
import { type DislikeListQuery, NO_ARTICLE, type TriageState, type UnansweredListQuery } from "~/lib/schemas/admin-feedback";
import { DISLIKE_REASONS } from "~/lib/schemas/chat";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { type AuditActor, recordAudit } from "../audit.service";
import { accountsById } from "../user.service";

export const DISLIKE_NOT_FOUND = "Dislike not found.";
export const ALREADY_HANDLED = "This dislike was already marked handled.";
const QUESTION_NOT_FOUND = "Question not found.";
export const QUESTION_ALREADY_HANDLED = "This question was already marked handled.";

function triageFilter(state: TriageState | undefined) {
  if (state === "handled") return { handledAt: { not: null } };
  if (state === "unhandled") return { handledAt: null };
  return {};
}

export interface DislikeRow {
  id: string;
  createdAt: Date;
  userPrompt: string | null;
  messageContent: string;
  dislikeReason: string | null;
  customFeedback: string | null;
  chatModel: string;
  ragEnabled: boolean;
  confidenceScore: number | null;
  citedArticles: { slug: string; title: string | null }[];
  handledAt: Date | null;
  handledBy: string | null;
  handledNote: string | null;
}

/** The dislikes, newest first unless sorted otherwise, with the filters of the triage table. */
export async function listDislikes(db: Db, query: DislikeListQuery): Promise<Paged<DislikeRow>> {
  const contains = query.q ? { contains: query.q, mode: "insensitive" as const } : undefined;
  const where: Prisma.FeedbackWhereInput = {
    feedbackType: "dislike",
    ...(query.reason ? { dislikeReason: query.reason } : {}),
    ...triageFilter(query.state),
    ...(query.article === NO_ARTICLE
      ? { citedArticles: { isEmpty: true } }
      : query.article
        ? { citedArticles: { has: query.article } }
        : {}),
    ...(withinDays(query) ? { createdAt: withinDays(query) } : {}),
    ...(contains ? { OR: [{ userPrompt: contains }, { messageContent: contains }, { customFeedback: contains }] } : {}),
  };
  const orderBy: Prisma.FeedbackOrderByWithRelationInput[] =
    query.sort === "confidenceScore"
      ? [{ confidenceScore: { sort: query.dir, nulls: "last" } }, { createdAt: "desc" }, { id: "asc" }]
      : [{ createdAt: query.dir }, { id: "asc" }];
  const [rows, total] = await Promise.all([db.feedback.findMany({ where, orderBy, ...pageWindow(query) }), db.feedback.count({ where })]);

  const slugs = [...new Set(rows.flatMap((row) => row.citedArticles))];
  const [articles, handlers] = await Promise.all([
    slugs.length ? db.knowledgeArticle.findMany({ where: { slug: { in: slugs } }, select: { slug: true, title: true } }) : [],
    accountsById(
      db,
      rows.map((row) => row.handledById),
    ),
  ]);
  const titles = new Map(articles.map((article) => [article.slug, article.title]));
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      userPrompt: row.userPrompt,
      messageContent: row.messageContent,
      dislikeReason: row.dislikeReason,
      customFeedback: row.customFeedback,
      chatModel: row.chatModel,
      ragEnabled: row.ragEnabled,
      confidenceScore: row.confidenceScore,
      citedArticles: row.citedArticles.map((slug) => ({ slug, title: titles.get(slug) ?? null })),
      handledAt: row.handledAt,
      handledBy: row.handledById ? (handlers.get(row.handledById)?.email ?? null) : null,
      handledNote: row.handledNote,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export interface ArticleGroup {
  /** null: answers that cited no article. */
  slug: string | null;
  /** null when no article has the slug any more (or for the no-article group). */
  title: string | null;
  dislikes: number;
  unhandled: number;
}

/**
 * Dislikes grouped by the article their answer cited (an answer citing two articles counts for
 * both), answers that cited none as their own group; most unhandled first.
 */
export async function dislikesByArticle(db: Db, filter: { from?: string; to?: string }): Promise<ArticleGroup[]> {
  const conditions = [Prisma.sql`f."feedbackType" = 'dislike'`];
  if (filter.from) conditions.push(Prisma.sql`f."createdAt" >= ${filter.from}::date`);
  if (filter.to) conditions.push(Prisma.sql`f."createdAt" < ${filter.to}::date + 1`);
  const rows = await db.$queryRaw<{ slug: string | null; title: string | null; dislikes: number; unhandled: number }[]>`
    SELECT cited.slug, a.title,
           count(*)::int AS dislikes,
           count(*) FILTER (WHERE f."handledAt" IS NULL)::int AS unhandled
    FROM "Feedback" f
    CROSS JOIN LATERAL unnest(CASE WHEN cardinality(f."citedArticles") = 0 THEN ARRAY[NULL]::text[] ELSE f."citedArticles" END) AS cited(slug)
    LEFT JOIN "KnowledgeArticle" a ON a.slug = cited.slug
    WHERE ${Prisma.join(conditions, " AND ")}
    GROUP BY cited.slug, a.title
    ORDER BY unhandled DESC, dislikes DESC, cited.slug ASC NULLS LAST`;
  return rows;
}

/** Marks a dislike handled with an optional note; audited. Handling it twice answers 409. */
export async function markDislikeHandled(db: Db, actor: AuditActor, input: { id: string; note?: string }) {
  const note = input.note?.trim() || null;
  return db.$transaction(async (tx) => {
    const feedback = await tx.feedback.findUnique({
      where: { id: input.id },
      select: { id: true, feedbackType: true, handledAt: true },
    });
    if (feedback?.feedbackType !== "dislike") throw new AppError("NOT_FOUND", DISLIKE_NOT_FOUND);
    const handledAt = new Date();
    // Conditional on still being unhandled, so two staff members handling it at once cannot both succeed.
    const { count } = await tx.feedback.updateMany({
      where: { id: input.id, handledAt: null },
      data: { handledAt, handledById: actor.id, handledNote: note },
    });
    if (count === 0) throw new AppError("CONFLICT", ALREADY_HANDLED);
    await recordAudit(tx, actor, {
      action: "feedback.dislike_handled",
      targetType: "Feedback",
      targetId: input.id,
      before: { handledAt: null },
      after: { handledAt, note },
    });
    return { id: input.id, handledAt, handledNote: note };
  });
}

export interface UnansweredRow {
  id: string;
  question: string;
  route: string;
  createdAt: Date;
  handledAt: Date | null;
}

/** Questions the assistant answered with "I don't know": what the knowledge base should cover next. */
export async function listUnanswered(db: Db, query: UnansweredListQuery): Promise<Paged<UnansweredRow>> {
  const where: Prisma.UnansweredQuestionWhereInput = {
    ...triageFilter(query.state),
    ...(withinDays(query) ? { createdAt: withinDays(query) } : {}),
    ...(query.q ? { question: { contains: query.q, mode: "insensitive" } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.unansweredQuestion.findMany({ where, orderBy: [{ createdAt: query.dir }, { id: "asc" }], ...pageWindow(query) }),
    db.unansweredQuestion.count({ where }),
  ]);
  return { rows, total, page: query.page, pageSize: query.pageSize };
}

export async function markUnansweredHandled(db: Db, actor: AuditActor, input: { id: string }) {
  return db.$transaction(async (tx) => {
    const question = await tx.unansweredQuestion.findUnique({
      where: { id: input.id },
      select: { id: true, question: true },
    });
    if (!question) throw new AppError("NOT_FOUND", QUESTION_NOT_FOUND);
    const handledAt = new Date();
    const { count } = await tx.unansweredQuestion.updateMany({
      where: { id: input.id, handledAt: null },
      data: { handledAt },
    });
    if (count === 0) throw new AppError("CONFLICT", QUESTION_ALREADY_HANDLED);
    await recordAudit(tx, actor, {
      action: "feedback.question_handled",
      targetType: "UnansweredQuestion",
      targetId: input.id,
      before: { handledAt: null },
      after: { handledAt, question: question.question },
    });
    return { id: input.id, handledAt };
  });
}

interface FeedbackDay {
  day: string;
  likes: number;
  dislikes: number;
  /** likes / (likes + dislikes), or null on a day without any. */
  likeRatio: number | null;
  unanswered: number;
}

/**
 * The figures of a period (UTC days): likes, dislikes and the like ratio per day, the dislike
 * reasons, and how many questions got "I don't know".
 */
export async function feedbackFigures(db: Db, period: Period) {
  const { start, end } = periodBounds(period);
  const days = await db.$queryRaw<{ day: string; likes: number; dislikes: number; unanswered: number }[]>`
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${period.from}::timestamp, ${period.to}::timestamp, interval '1 day') AS d
    ), opinions AS (
      SELECT "createdAt"::date AS day,
             count(*) FILTER (WHERE "feedbackType" = 'like')::int AS likes,
             count(*) FILTER (WHERE "feedbackType" = 'dislike')::int AS dislikes
      FROM "Feedback" WHERE "createdAt" >= ${period.from}::date AND "createdAt" < ${period.to}::date + 1 GROUP BY 1
    ), unanswered AS (
      SELECT "createdAt"::date AS day, count(*)::int AS n
      FROM "UnansweredQuestion" WHERE "createdAt" >= ${period.from}::date AND "createdAt" < ${period.to}::date + 1 GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
           coalesce(opinions.likes, 0) AS likes,
           coalesce(opinions.dislikes, 0) AS dislikes,
           coalesce(unanswered.n, 0) AS unanswered
    FROM days LEFT JOIN opinions USING (day) LEFT JOIN unanswered USING (day)
    ORDER BY days.day`;
  const reasons = await db.feedback.groupBy({
    by: ["dislikeReason"],
    where: { feedbackType: "dislike", createdAt: { gte: start, lt: end } },
    _count: { _all: true },
  });
  const countOf = (reason: string | null) => reasons.find((row) => row.dislikeReason === reason)?._count._all ?? 0;
  const byDay: FeedbackDay[] = days.map((row) => ({
    ...row,
    likeRatio: row.likes + row.dislikes ? row.likes / (row.likes + row.dislikes) : null,
  }));
  const likes = byDay.reduce((sum, row) => sum + row.likes, 0);
  const dislikes = byDay.reduce((sum, row) => sum + row.dislikes, 0);
  return {
    period,
    byDay,
    totals: {
      likes,
      dislikes,
      likeRatio: likes + dislikes ? likes / (likes + dislikes) : null,
      unanswered: byDay.reduce((sum, row) => sum + row.unanswered, 0),
    },
    reasons: [
      ...DISLIKE_REASONS.map((reason) => ({ reason: reason as string, count: countOf(reason) })),
      // Dislikes sent without choosing a reason (an API client may).
      ...(countOf(null) ? [{ reason: "No reason given", count: countOf(null) }] : []),
    ],
  };
}
