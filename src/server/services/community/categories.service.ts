/**
 * The forum's categories: seeded once from the topic threads plus "Introductions" and "Off topic",
 * then managed by staff in /admin (create, rename, order, archive).
 */
import type { CategoryForm } from "~/lib/schemas/community";
import { categoryFormSchema } from "~/lib/schemas/community";
import { readThreadFiles } from "~/server/content/files";
import type { Db } from "~/server/db/client";
import { conflictIfTaken } from "~/server/db/unique-violation";
import { AppError } from "~/server/errors";
import { type AuditActor, recordAudit } from "~/server/services/audit.service";
import { clampPlace, reordered, writePositions } from "../positions";

const CATEGORY_NOT_FOUND = "This category does not exist.";
export const CATEGORY_ARCHIVED = "This category is archived and takes no new topics. Please choose another one.";

const EXTRA_CATEGORIES = [
  {
    slug: "introductions",
    name: "Introductions",
    description: "Say hello: where you come from, what and where you want to study, and when you plan to move.",
  },
  {
    slug: "off-topic",
    name: "Off topic",
    description: "Everything else about life as an international student that fits no other category.",
  },
];

/**
 * Adds the categories that do not exist yet: one per topic thread (in the threads' order), then
 * Introductions and Off topic. Existing categories are staff's to change and are left alone
 * (categories are archived, never deleted, so none comes back unasked).
 */
export async function seedForumCategories(db: Db) {
  const threads = readThreadFiles().sort((a, b) => a.position - b.position);
  const rows = [
    ...threads.map((thread) => ({ slug: thread.slug, name: thread.title, description: thread.description })),
    ...EXTRA_CATEGORIES,
  ];
  await db.forumCategory.createMany({
    data: rows.map((row, index) => ({ ...row, position: index + 1 })),
    skipDuplicates: true,
  });
}

/** Categories for the site, in order, with how many visible topics each holds. */
export async function listCategories(db: Db, { includeArchived = false } = {}) {
  const categories = await db.forumCategory.findMany({
    where: includeArchived ? {} : { archived: false },
    orderBy: [{ position: "asc" }, { name: "asc" }],
    include: { _count: { select: { topics: { where: { status: "visible" } } } } },
  });
  return categories.map(({ _count, ...category }) => ({ ...category, topicCount: _count.topics }));
}

export async function categoryBySlug(db: Db, slug: string) {
  const category = await db.forumCategory.findUnique({ where: { slug } });
  if (!category) throw new AppError("NOT_FOUND", CATEGORY_NOT_FOUND);
  return category;
}

export async function createCategory(db: Db, actor: AuditActor, input: CategoryForm) {
  const data = categoryFormSchema.parse(input);
  return db.$transaction(async (tx) => {
    const last = await tx.forumCategory.aggregate({ _max: { position: true } });
    const category = await conflictIfTaken(`A category with the address “${data.slug}” exists already.`, () =>
      tx.forumCategory.create({ data: { ...data, position: (last._max.position ?? 0) + 1, customizedAt: new Date() } }),
    );
    await recordAudit(tx, actor, {
      action: "community.category_created",
      targetType: "ForumCategory",
      targetId: category.id,
      after: data,
    });
    return category;
  });
}

export async function updateCategory(
  db: Db,
  actor: AuditActor,
  id: string,
  change: { name?: string; description?: string; archived?: boolean },
) {
  return db.$transaction(async (tx) => {
    const before = await tx.forumCategory.findUnique({ where: { id } });
    if (!before) throw new AppError("NOT_FOUND", CATEGORY_NOT_FOUND);
    const after = await tx.forumCategory.update({ where: { id }, data: { ...change, customizedAt: new Date() } });
    await recordAudit(tx, actor, {
      action:
        change.archived === undefined
          ? "community.category_updated"
          : change.archived
            ? "community.category_archived"
            : "community.category_restored",
      targetType: "ForumCategory",
      targetId: id,
      before: { name: before.name, description: before.description, archived: before.archived },
      after: { name: after.name, description: after.description, archived: after.archived },
    });
    return after;
  });
}

/** Swaps a category with its neighbour above or below; positions stay 1..n. */
export async function moveCategory(db: Db, actor: AuditActor, id: string, direction: "up" | "down") {
  return db.$transaction(async (tx) => {
    // Every category's row is locked: two moves at once are made one after the other.
    await tx.$queryRaw`SELECT id FROM "ForumCategory" ORDER BY id FOR UPDATE`;
    const categories = await tx.forumCategory.findMany({
      orderBy: [{ position: "asc" }, { name: "asc" }],
      select: { id: true, slug: true, position: true },
    });
    const index = categories.findIndex((category) => category.id === id);
    if (index < 0) throw new AppError("NOT_FOUND", CATEGORY_NOT_FOUND);
    const place = clampPlace(index + 1 + (direction === "up" ? -1 : 1), categories.length);
    if (place === index + 1) return { moved: false };
    const order = reordered(
      categories.map((category) => category.id),
      id,
      place,
    );
    await writePositions(categories, order, (categoryId, position) =>
      tx.forumCategory.update({ where: { id: categoryId }, data: { position } }),
    );
    const slugs = new Map(categories.map((category) => [category.id, category.slug]));
    await recordAudit(tx, actor, {
      action: "community.category_moved",
      targetType: "ForumCategory",
      targetId: id,
      after: { order: order.map((categoryId) => slugs.get(categoryId)) },
    });
    return { moved: true };
  });
}
