import { randomUUID } from "node:crypto";
import { adminSection } from "~/lib/admin-sections";
import type { Db } from "~/server/db/client";
import type { AdminProcedureCase } from "./types";

const read = adminSection("content").access;
const threads = ["settings:threads"] as const;
const questions = ["settings:questions"] as const;
const tags = ["settings:tags"] as const;

const unique = () => randomUUID().slice(0, 8);

async function newThread(db: Db) {
  const { _max } = await db.thread.aggregate({ _max: { position: true } });
  return db.thread.create({
    data: { slug: `case-${unique()}`, title: "Case thread", position: (_max.position ?? 0) + 1 },
  });
}

async function newQuestion(db: Db) {
  const thread = await newThread(db);
  await db.threadQuestion.create({ data: { threadId: thread.id, text: "First case question?", position: 0 } });
  return db.threadQuestion.create({ data: { threadId: thread.id, text: "Second case question?", position: 1 } });
}

const newPrompt = (db: Db) => db.prompt.create({ data: { text: `Case prompt ${unique()}?` } });

async function newTag(db: Db) {
  const { _max } = await db.tag.aggregate({ _max: { position: true } });
  return db.tag.create({ data: { slug: `case-${unique()}`, name: "Case tag", position: (_max.position ?? 0) + 1 } });
}

export const cases: AdminProcedureCase[] = [
  { path: "admin.content.threads.list", access: read, input: () => ({ page: 1, pageSize: 25 }), badInput: { page: 0 } },
  {
    path: "admin.content.threads.get",
    access: read,
    input: async ({ db }) => ({ id: (await newThread(db)).id }),
    badInput: { id: "" },
  },
  {
    path: "admin.content.threads.create",
    access: threads,
    input: () => ({ title: `Case ${unique()}`, description: "A thread made by the permission table" }),
    badInput: { title: "" },
  },
  {
    path: "admin.content.threads.update",
    access: threads,
    input: async ({ db }) => ({ id: (await newThread(db)).id, title: "Renamed", description: null }),
    badInput: { id: "x", title: " " },
  },
  {
    path: "admin.content.threads.setHidden",
    access: threads,
    input: async ({ db }) => ({ id: (await newThread(db)).id, hidden: true }),
    badInput: { id: "x", hidden: "yes" },
  },
  {
    path: "admin.content.threads.move",
    access: threads,
    input: async ({ db }) => ({ id: (await newThread(db)).id, position: 1 }),
    badInput: { id: "x", position: 0 },
  },

  {
    path: "admin.content.questions.list",
    access: read,
    input: async ({ db }) => ({ threadId: (await newQuestion(db)).threadId }),
    badInput: { threadId: "" },
  },
  {
    path: "admin.content.questions.add",
    access: questions,
    input: async ({ db }) => ({ threadId: (await newThread(db)).id, text: "A new question?" }),
    badInput: { threadId: "x", text: "" },
  },
  {
    path: "admin.content.questions.update",
    access: questions,
    input: async ({ db }) => ({ id: (await newQuestion(db)).id, text: "Reworded question?" }),
    badInput: { id: "x", text: "" },
  },
  {
    path: "admin.content.questions.setHidden",
    access: questions,
    input: async ({ db }) => ({ id: (await newQuestion(db)).id, hidden: true }),
    badInput: { id: "x" },
  },
  {
    path: "admin.content.questions.move",
    access: questions,
    input: async ({ db }) => ({ id: (await newQuestion(db)).id, position: 1 }),
    badInput: { id: "x", position: 1.5 },
  },
  {
    path: "admin.content.questions.delete",
    access: questions,
    input: async ({ db }) => ({ id: (await newQuestion(db)).id }),
    badInput: { id: "" },
  },

  { path: "admin.content.prompts.list", access: read, input: () => ({ q: "visa" }), badInput: { pageSize: 7 } },
  {
    path: "admin.content.prompts.create",
    access: questions,
    input: () => ({ text: `Another case prompt ${unique()}?` }),
    badInput: { text: "" },
  },
  {
    path: "admin.content.prompts.update",
    access: questions,
    input: async ({ db }) => ({ id: (await newPrompt(db)).id, text: `Reworded prompt ${unique()}?` }),
    badInput: { id: "x", text: "x".repeat(301) },
  },
  {
    path: "admin.content.prompts.setHidden",
    access: questions,
    input: async ({ db }) => ({ id: (await newPrompt(db)).id, hidden: true }),
    badInput: { id: "x", hidden: null },
  },
  {
    path: "admin.content.prompts.delete",
    access: questions,
    input: async ({ db }) => ({ id: (await newPrompt(db)).id }),
    badInput: {},
  },

  {
    path: "admin.content.tags.list",
    access: read,
    input: () => ({ sort: "name", dir: "asc" }),
    badInput: { sort: "secret" },
  },
  {
    path: "admin.content.tags.create",
    access: tags,
    input: () => ({ slug: `tag-${unique()}`, name: "Visa", description: "Questions about visas" }),
    badInput: { slug: "Not A Slug", name: "x" },
  },
  {
    path: "admin.content.tags.update",
    access: tags,
    input: async ({ db }) => ({
      id: (await newTag(db)).id,
      slug: `tag-${unique()}`,
      name: "Renamed tag",
      description: null,
    }),
    badInput: { id: "x", slug: "ok", name: "" },
  },
  {
    path: "admin.content.tags.setHidden",
    access: tags,
    input: async ({ db }) => ({ id: (await newTag(db)).id, hidden: true }),
    badInput: { id: "x", hidden: 1 },
  },
  {
    path: "admin.content.tags.move",
    access: tags,
    input: async ({ db }) => ({ id: (await newTag(db)).id, position: 1 }),
    badInput: { id: "x", position: -1 },
  },
];
