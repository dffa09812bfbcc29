/**
 * The site's content as staff edit it in /admin/content: topic threads and their questions, the
 * chat's random prompts, and tags. Every change is audited in its own transaction. A change to a
 * thread or to one of its questions marks the thread customized, so the seed step leaves it as
 * staff made it (src/server/content/seed.ts). The site reads these tables on every request, so a
 * change shows on the next page load.
 */
import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import {
  CONTENT_MESSAGES,
  type moveSchema,
  type promptCreateSchema,
  type promptListQuery,
  type promptUpdateSchema,
  type questionCreateSchema,
  type questionListQuery,
  type questionUpdateSchema,
  type setHiddenSchema,
  slugFromTitle,
  type tagCreateSchema,
  type tagListQuery,
  type tagUpdateSchema,
  type threadCreateSchema,
  type threadListQuery,
  type threadUpdateSchema,
} from "~/lib/schemas/content-admin";
import { THREAD_ORDER_BY_STAFF_KEY } from "~/server/content/seed";
import type { Db, DbOrTx } from "~/server/db/client";
import { conflictIfTaken } from "~/server/db/unique-violation";
import { AppError } from "~/server/errors";
import { type AuditActor, recordAudit } from "../audit.service";
import { clampPlace, reordered, writePositions } from "../positions";

type Input<Schema extends z.ZodType> = z.output<Schema>;

const notFound = (what: string) => new AppError("NOT_FOUND", `This ${what} does not exist (any more).`);

const visibilityWhere = (visibility: "shown" | "hidden" | undefined) => (visibility ? { hidden: visibility === "hidden" } : {});

/**
 * Hides or shows one record in its own transaction, audited as `actions.hidden` or `actions.shown`
 * with the state before and after. `find` answers 404 for a missing record; `save` writes the new
 * state and whatever goes with it.
 */
async function setHidden<Row extends { id: string; hidden: boolean }>(
  db: Db,
  actor: AuditActor,
  input: Input<typeof setHiddenSchema>,
  record: {
    targetType: string;
    actions: { hidden: string; shown: string };
    find: (tx: DbOrTx, id: string) => Promise<Row>;
    save: (tx: DbOrTx, hidden: boolean) => Promise<Row>;
  },
): Promise<Row> {
  return db.$transaction(async (tx) => {
    const before = await record.find(tx, input.id);
    const saved = await record.save(tx, input.hidden);
    await recordAudit(tx, actor, {
      action: input.hidden ? record.actions.hidden : record.actions.shown,
      targetType: record.targetType,
      targetId: saved.id,
      before: { hidden: before.hidden },
      after: { hidden: saved.hidden },
    });
    return saved;
  });
}

// ---- Threads ----

export async function listThreadsForAdmin(db: Db, query: Input<typeof threadListQuery>) {
  const where: Prisma.ThreadWhereInput = {
    ...visibilityWhere(query.visibility),
    ...(query.q
      ? {
          OR: [{ title: { contains: query.q, mode: "insensitive" } }, { slug: { contains: query.q, mode: "insensitive" } }],
        }
      : {}),
  };
  const sort = query.sort ?? "position";
  const dir = query.sort ? query.dir : "asc";
  const orderBy: Prisma.ThreadOrderByWithRelationInput[] =
    sort === "questions"
      ? [{ questions: { _count: dir } }, { position: "asc" }]
      : sort === "position"
        ? [{ position: dir }, { title: "asc" }]
        : [{ [sort]: dir }, { position: "asc" }];
  const [rows, total, all] = await Promise.all([
    db.thread.findMany({
      where,
      orderBy,
      ...pageWindow(query),
      select: {
        id: true,
        slug: true,
        title: true,
        description: true,
        position: true,
        hidden: true,
        customizedAt: true,
        updatedAt: true,
        _count: { select: { questions: true } },
        questions: { where: { hidden: true }, select: { id: true } },
      },
    }),
    db.thread.count({ where }),
    db.thread.count(),
  ]);
  return {
    rows: rows.map(({ _count, questions, ...thread }) => ({
      ...thread,
      questionCount: _count.questions,
      hiddenQuestionCount: questions.length,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    // Every thread, so the table knows which one is last in the site's order.
    count: all,
  };
}

export async function getThreadForAdmin(db: Db, id: string) {
  const thread = await db.thread.findUnique({
    where: { id },
    select: {
      id: true,
      slug: true,
      title: true,
      description: true,
      position: true,
      hidden: true,
      customizedAt: true,
      updatedAt: true,
      _count: { select: { questions: true } },
    },
  });
  if (!thread) throw notFound("thread");
  return { ...thread, questionCount: thread._count.questions };
}

const threadSnapshot = (thread: { slug: string; title: string; description: string | null; position: number; hidden: boolean }) => ({
  slug: thread.slug,
  title: thread.title,
  description: thread.description,
  position: thread.position,
  hidden: thread.hidden,
});

async function findThread(tx: DbOrTx, id: string) {
  const thread = await tx.thread.findUnique({ where: { id } });
  if (!thread) throw notFound("thread");
  return thread;
}

export async function createThread(db: Db, actor: AuditActor, input: Input<typeof threadCreateSchema>) {
  const slug = input.slug ?? slugFromTitle(input.title);
  if (!slug) throw new AppError("BAD_INPUT", CONTENT_MESSAGES.noSlug);
  return conflictIfTaken(CONTENT_MESSAGES.threadSlugTaken, () =>
    db.$transaction(async (tx) => {
      const { _max } = await tx.thread.aggregate({ _max: { position: true } });
      const thread = await tx.thread.create({
        data: {
          slug,
          title: input.title,
          description: input.description,
          position: (_max.position ?? 0) + 1,
          customizedAt: new Date(),
        },
      });
      await recordAudit(tx, actor, {
        action: "content.thread_created",
        targetType: "thread",
        targetId: thread.id,
        after: threadSnapshot(thread),
      });
      return thread;
    }),
  );
}

export async function updateThread(db: Db, actor: AuditActor, input: Input<typeof threadUpdateSchema>) {
  return db.$transaction(async (tx) => {
    const before = await findThread(tx, input.id);
    const thread = await tx.thread.update({
      where: { id: input.id },
      data: { title: input.title, description: input.description, customizedAt: new Date() },
    });
    await recordAudit(tx, actor, {
      action: "content.thread_updated",
      targetType: "thread",
      targetId: thread.id,
      before: threadSnapshot(before),
      after: threadSnapshot(thread),
    });
    return thread;
  });
}

export async function setThreadHidden(db: Db, actor: AuditActor, input: Input<typeof setHiddenSchema>) {
  return setHidden(db, actor, input, {
    targetType: "thread",
    actions: { hidden: "content.thread_hidden", shown: "content.thread_shown" },
    find: findThread,
    save: (tx, hidden) => tx.thread.update({ where: { id: input.id }, data: { hidden, customizedAt: new Date() } }),
  });
}

/**
 * Moves a thread to a place in the site's order; the others close up, positions stay 1..n. The moved
 * thread counts as edited by staff, and the order as a whole becomes staff's: the seed step no longer
 * applies the files' positions to threads that exist.
 */
export async function moveThread(db: Db, actor: AuditActor, input: Input<typeof moveSchema>) {
  return db.$transaction(async (tx) => {
    const thread = await findThread(tx, input.id);
    // Every thread's row is locked: two moves at once are made one after the other.
    await tx.$queryRaw`SELECT id FROM "Thread" ORDER BY id FOR UPDATE`;
    const threads = await tx.thread.findMany({
      orderBy: [{ position: "asc" }, { title: "asc" }],
      select: { id: true, position: true },
    });
    const place = clampPlace(input.position, threads.length);
    await writePositions(
      threads,
      reordered(
        threads.map((t) => t.id),
        thread.id,
        place,
      ),
      (id, position) => tx.thread.update({ where: { id }, data: { position } }),
    );
    await tx.thread.update({ where: { id: thread.id }, data: { customizedAt: new Date() } });
    const orderedAt = new Date().toISOString();
    await tx.appSetting.upsert({
      where: { key: THREAD_ORDER_BY_STAFF_KEY },
      create: { key: THREAD_ORDER_BY_STAFF_KEY, value: orderedAt },
      update: { value: orderedAt },
    });
    await recordAudit(tx, actor, {
      action: "content.thread_moved",
      targetType: "thread",
      targetId: thread.id,
      before: { position: thread.position },
      after: { position: place },
    });
    return { id: thread.id, position: place };
  });
}

// ---- Questions of a thread ----

export async function listQuestionsForAdmin(db: Db, query: Input<typeof questionListQuery>) {
  await getThreadForAdmin(db, query.threadId);
  const where: Prisma.ThreadQuestionWhereInput = {
    threadId: query.threadId,
    ...visibilityWhere(query.visibility),
    ...(query.q ? { text: { contains: query.q, mode: "insensitive" } } : {}),
  };
  const sort = query.sort ?? "position";
  const dir = query.sort ? query.dir : "asc";
  const [rows, total, all] = await Promise.all([
    db.threadQuestion.findMany({
      where,
      orderBy: [{ [sort]: dir }, { position: "asc" }],
      ...pageWindow(query),
      select: { id: true, text: true, position: true, hidden: true },
    }),
    db.threadQuestion.count({ where }),
    db.threadQuestion.count({ where: { threadId: query.threadId } }),
  ]);
  // Shown 1-based, as the place in the thread's list; `count`: every question of the thread.
  return {
    rows: rows.map((row) => ({ ...row, place: row.position + 1 })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    count: all,
  };
}

async function findQuestion(tx: DbOrTx, id: string) {
  const question = await tx.threadQuestion.findUnique({ where: { id } });
  if (!question) throw notFound("question");
  return question;
}

/** A change to a question is a change to its thread: the seed step leaves the thread as staff made it. */
async function markThreadCustomized(tx: DbOrTx, threadId: string) {
  await tx.thread.update({ where: { id: threadId }, data: { customizedAt: new Date() } });
}

/**
 * Positions 0..n-1 of a thread's questions in the given order. Questions are unique by (thread,
 * position), so they first move to negative positions, then to their new ones.
 */
async function renumberQuestions(tx: DbOrTx, threadId: string, order: string[]) {
  await tx.$executeRaw`UPDATE "ThreadQuestion" SET position = -1 - position WHERE "threadId" = ${threadId}`;
  await tx.$executeRaw`
    UPDATE "ThreadQuestion" AS q SET position = v.position
    FROM unnest(${order}::text[], ${order.map((_, index) => index)}::int[]) AS v(id, position)
    WHERE q.id = v.id AND q."threadId" = ${threadId}`;
}

/** Locks a thread's row, so that changes to its questions' places happen one after another. */
async function lockThread(tx: DbOrTx, threadId: string) {
  await tx.$queryRaw`SELECT id FROM "Thread" WHERE id = ${threadId} FOR UPDATE`;
}

async function questionOrder(tx: DbOrTx, threadId: string) {
  return (await tx.threadQuestion.findMany({ where: { threadId }, orderBy: { position: "asc" }, select: { id: true } })).map((q) => q.id);
}

const questionSnapshot = (question: { text: string; position: number; hidden: boolean }) => ({
  text: question.text,
  place: question.position + 1,
  hidden: question.hidden,
});

export async function addQuestion(db: Db, actor: AuditActor, input: Input<typeof questionCreateSchema>) {
  return db.$transaction(async (tx) => {
    await findThread(tx, input.threadId);
    // The thread's row is locked so two questions added at once get different places.
    await lockThread(tx, input.threadId);
    const { _max } = await tx.threadQuestion.aggregate({
      where: { threadId: input.threadId },
      _max: { position: true },
    });
    const question = await tx.threadQuestion.create({
      data: { threadId: input.threadId, text: input.text, position: (_max.position ?? -1) + 1 },
    });
    await markThreadCustomized(tx, input.threadId);
    await recordAudit(tx, actor, {
      action: "content.question_added",
      targetType: "thread_question",
      targetId: question.id,
      after: { threadId: input.threadId, ...questionSnapshot(question) },
    });
    return question;
  });
}

export async function updateQuestion(db: Db, actor: AuditActor, input: Input<typeof questionUpdateSchema>) {
  return db.$transaction(async (tx) => {
    const before = await findQuestion(tx, input.id);
    const question = await tx.threadQuestion.update({ where: { id: input.id }, data: { text: input.text } });
    await markThreadCustomized(tx, question.threadId);
    await recordAudit(tx, actor, {
      action: "content.question_updated",
      targetType: "thread_question",
      targetId: question.id,
      before: questionSnapshot(before),
      after: questionSnapshot(question),
    });
    return question;
  });
}

export async function setQuestionHidden(db: Db, actor: AuditActor, input: Input<typeof setHiddenSchema>) {
  return setHidden(db, actor, input, {
    targetType: "thread_question",
    actions: { hidden: "content.question_hidden", shown: "content.question_shown" },
    find: findQuestion,
    save: async (tx, hidden) => {
      const question = await tx.threadQuestion.update({ where: { id: input.id }, data: { hidden } });
      await markThreadCustomized(tx, question.threadId);
      return question;
    },
  });
}

export async function moveQuestion(db: Db, actor: AuditActor, input: Input<typeof moveSchema>) {
  return db.$transaction(async (tx) => {
    const question = await findQuestion(tx, input.id);
    await lockThread(tx, question.threadId);
    const ids = await questionOrder(tx, question.threadId);
    const place = clampPlace(input.position, ids.length);
    await renumberQuestions(tx, question.threadId, reordered(ids, question.id, place));
    await markThreadCustomized(tx, question.threadId);
    await recordAudit(tx, actor, {
      action: "content.question_moved",
      targetType: "thread_question",
      targetId: question.id,
      before: { place: ids.indexOf(question.id) + 1 },
      after: { place },
    });
    return { id: question.id, position: place };
  });
}

export async function deleteQuestion(db: Db, actor: AuditActor, input: { id: string }) {
  return db.$transaction(async (tx) => {
    const question = await findQuestion(tx, input.id);
    await lockThread(tx, question.threadId);
    await tx.threadQuestion.delete({ where: { id: question.id } });
    await renumberQuestions(tx, question.threadId, await questionOrder(tx, question.threadId));
    await markThreadCustomized(tx, question.threadId);
    await recordAudit(tx, actor, {
      action: "content.question_deleted",
      targetType: "thread_question",
      targetId: question.id,
      before: { threadId: question.threadId, ...questionSnapshot(question) },
    });
    return { id: question.id };
  });
}

// ---- Prompts ----

export async function listPromptsForAdmin(db: Db, query: Input<typeof promptListQuery>) {
  const where: Prisma.PromptWhereInput = {
    ...visibilityWhere(query.visibility),
    ...(query.q ? { text: { contains: query.q, mode: "insensitive" } } : {}),
  };
  const sort = query.sort ?? "createdAt";
  const [rows, total] = await Promise.all([
    db.prompt.findMany({
      where,
      orderBy: [{ [sort]: query.dir }, { id: "asc" }],
      ...pageWindow(query),
      select: { id: true, text: true, hidden: true, createdAt: true },
    }),
    db.prompt.count({ where }),
  ]);
  const result: Paged<(typeof rows)[number]> = { rows, total, page: query.page, pageSize: query.pageSize };
  return result;
}

async function findPrompt(tx: DbOrTx, id: string) {
  const prompt = await tx.prompt.findUnique({ where: { id } });
  if (!prompt) throw notFound("prompt");
  return prompt;
}

export async function createPrompt(db: Db, actor: AuditActor, input: Input<typeof promptCreateSchema>) {
  return conflictIfTaken(CONTENT_MESSAGES.promptTaken, () =>
    db.$transaction(async (tx) => {
      const prompt = await tx.prompt.create({ data: { text: input.text } });
      await recordAudit(tx, actor, {
        action: "content.prompt_created",
        targetType: "prompt",
        targetId: prompt.id,
        after: { text: prompt.text },
      });
      return prompt;
    }),
  );
}

export async function updatePrompt(db: Db, actor: AuditActor, input: Input<typeof promptUpdateSchema>) {
  return conflictIfTaken(CONTENT_MESSAGES.promptTaken, () =>
    db.$transaction(async (tx) => {
      const before = await findPrompt(tx, input.id);
      const prompt = await tx.prompt.update({ where: { id: input.id }, data: { text: input.text } });
      await recordAudit(tx, actor, {
        action: "content.prompt_updated",
        targetType: "prompt",
        targetId: prompt.id,
        before: { text: before.text },
        after: { text: prompt.text },
      });
      return prompt;
    }),
  );
}

export async function setPromptHidden(db: Db, actor: AuditActor, input: Input<typeof setHiddenSchema>) {
  return setHidden(db, actor, input, {
    targetType: "prompt",
    actions: { hidden: "content.prompt_hidden", shown: "content.prompt_shown" },
    find: findPrompt,
    save: (tx, hidden) => tx.prompt.update({ where: { id: input.id }, data: { hidden } }),
  });
}

export async function deletePrompt(db: Db, actor: AuditActor, input: { id: string }) {
  return db.$transaction(async (tx) => {
    const prompt = await findPrompt(tx, input.id);
    await tx.prompt.delete({ where: { id: prompt.id } });
    await recordAudit(tx, actor, {
      action: "content.prompt_deleted",
      targetType: "prompt",
      targetId: prompt.id,
      before: { text: prompt.text, hidden: prompt.hidden },
    });
    return { id: prompt.id };
  });
}

// ---- Tags ----

export async function listTagsForAdmin(db: Db, query: Input<typeof tagListQuery>) {
  const where: Prisma.TagWhereInput = {
    ...visibilityWhere(query.visibility),
    ...(query.q
      ? {
          OR: [
            { name: { contains: query.q, mode: "insensitive" } },
            { slug: { contains: query.q, mode: "insensitive" } },
            { description: { contains: query.q, mode: "insensitive" } },
          ],
        }
      : {}),
  };
  const sort = query.sort ?? "position";
  const dir = query.sort ? query.dir : "asc";
  const [rows, total, all] = await Promise.all([
    db.tag.findMany({
      where,
      orderBy: [{ [sort]: dir }, { name: "asc" }],
      ...pageWindow(query),
      select: { id: true, slug: true, name: true, description: true, position: true, hidden: true, updatedAt: true },
    }),
    db.tag.count({ where }),
    db.tag.count(),
  ]);
  return { rows, total, page: query.page, pageSize: query.pageSize, count: all };
}

async function findTag(tx: DbOrTx, id: string) {
  const tag = await tx.tag.findUnique({ where: { id } });
  if (!tag) throw notFound("tag");
  return tag;
}

const tagSnapshot = (tag: { slug: string; name: string; description: string | null; position: number; hidden: boolean }) => ({
  slug: tag.slug,
  name: tag.name,
  description: tag.description,
  position: tag.position,
  hidden: tag.hidden,
});

export async function createTag(db: Db, actor: AuditActor, input: Input<typeof tagCreateSchema>) {
  return conflictIfTaken(CONTENT_MESSAGES.tagSlugTaken, () =>
    db.$transaction(async (tx) => {
      const { _max } = await tx.tag.aggregate({ _max: { position: true } });
      const tag = await tx.tag.create({
        data: {
          slug: input.slug,
          name: input.name,
          description: input.description,
          position: (_max.position ?? 0) + 1,
        },
      });
      await recordAudit(tx, actor, {
        action: "content.tag_created",
        targetType: "tag",
        targetId: tag.id,
        after: tagSnapshot(tag),
      });
      return tag;
    }),
  );
}

export async function updateTag(db: Db, actor: AuditActor, input: Input<typeof tagUpdateSchema>) {
  return conflictIfTaken(CONTENT_MESSAGES.tagSlugTaken, () =>
    db.$transaction(async (tx) => {
      const before = await findTag(tx, input.id);
      const tag = await tx.tag.update({
        where: { id: input.id },
        data: { slug: input.slug, name: input.name, description: input.description },
      });
      await recordAudit(tx, actor, {
        action: "content.tag_updated",
        targetType: "tag",
        targetId: tag.id,
        before: tagSnapshot(before),
        after: tagSnapshot(tag),
      });
      return tag;
    }),
  );
}

export async function setTagHidden(db: Db, actor: AuditActor, input: Input<typeof setHiddenSchema>) {
  return setHidden(db, actor, input, {
    targetType: "tag",
    actions: { hidden: "content.tag_hidden", shown: "content.tag_shown" },
    find: findTag,
    save: (tx, hidden) => tx.tag.update({ where: { id: input.id }, data: { hidden } }),
  });
}

export async function moveTag(db: Db, actor: AuditActor, input: Input<typeof moveSchema>) {
  return db.$transaction(async (tx) => {
    const tag = await findTag(tx, input.id);
    await tx.$queryRaw`SELECT id FROM "Tag" ORDER BY id FOR UPDATE`;
    const tags = await tx.tag.findMany({
      orderBy: [{ position: "asc" }, { name: "asc" }],
      select: { id: true, position: true },
    });
    const place = clampPlace(input.position, tags.length);
    await writePositions(
      tags,
      reordered(
        tags.map((t) => t.id),
        tag.id,
        place,
      ),
      (id, position) => tx.tag.update({ where: { id }, data: { position } }),
    );
    await recordAudit(tx, actor, {
      action: "content.tag_moved",
      targetType: "tag",
      targetId: tag.id,
      before: { position: tag.position },
      after: { position: place },
    });
    return { id: tag.id, position: place };
  });
}
