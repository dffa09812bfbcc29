import { adminSection } from "~/lib/admin-sections";
import type { Db } from "~/server/db/client";
import type { AdminProcedureCase } from "./types";

let counter = 0;

/** A category, and a topic by `authorId` with its opening post, written straight to the tables. */
async function topicWithPost(db: Db, authorId: string) {
  counter += 1;
  const category = await db.forumCategory.create({
    data: { slug: `case-${counter}-${Date.now()}`, name: `Case ${counter}`, description: "For the permission table" },
  });
  const topic = await db.forumTopic.create({
    data: {
      categoryId: category.id,
      authorId,
      title: "Which health insurance do I need?",
      slug: "which-health-insurance",
    },
  });
  const post = await db.forumPost.create({
    data: {
      topicId: topic.id,
      authorId,
      position: 0,
      body: "Asking for a friend",
      status: "held",
      statusNote: "Held by the filter: test",
    },
  });
  return { category, topic, post };
}

const moderation = adminSection("community").access;

export const cases: AdminProcedureCase[] = [
  { path: "admin.community.queue", access: moderation, input: () => ({}), badInput: { cursor: -1 } },
  {
    path: "admin.community.moderatePost",
    access: moderation,
    input: async ({ db, student }) => ({ postId: (await topicWithPost(db, student.id)).post.id, action: "approve" }),
    badInput: { postId: "x", action: "publish" },
  },
  {
    path: "admin.community.moderateMember",
    access: moderation,
    input: ({ student }) => ({ action: "warn", userId: student.id, message: "Please stay on topic." }),
    badInput: { action: "suspend", userId: "x", message: "Go", days: 0 },
  },
  {
    path: "admin.community.moderateTopic",
    access: moderation,
    input: async ({ db, student }) => ({
      action: "lock",
      topicId: (await topicWithPost(db, student.id)).topic.id,
      value: true,
    }),
    badInput: { action: "lock", topicId: "x" },
  },
  { path: "admin.community.categories", access: adminSection("forum-categories").access },
  {
    path: "admin.community.createCategory",
    access: ["settings:threads"],
    input: () => ({
      slug: `new-${++counter}-${Date.now()}`,
      name: "Exchange semesters",
      description: "Erasmus and other exchanges",
    }),
    badInput: { slug: "Not A Slug", name: "", description: "" },
  },
  {
    path: "admin.community.updateCategory",
    access: ["settings:threads"],
    input: async ({ db, student }) => ({
      id: (await topicWithPost(db, student.id)).category.id,
      name: "Renamed",
      description: "A new description",
    }),
    badInput: { id: "x", name: "" },
  },
  {
    path: "admin.community.moveCategory",
    access: ["settings:threads"],
    input: async ({ db, student }) => ({ id: (await topicWithPost(db, student.id)).category.id, direction: "up" }),
    badInput: { id: "x", direction: "left" },
  },
  {
    path: "admin.community.archiveCategory",
    access: ["settings:threads"],
    input: async ({ db, student }) => ({ id: (await topicWithPost(db, student.id)).category.id, archived: true }),
    badInput: { id: "x", archived: "yes" },
  },
];
