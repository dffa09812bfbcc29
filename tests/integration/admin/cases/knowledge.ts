import { randomUUID } from "node:crypto";
import { adminSection } from "~/lib/admin-sections";
import type { Db } from "~/server/db/client";
import type { AdminProcedureCase } from "./types";

const access = adminSection("knowledge").access;

/** An article of the seeded knowledge base, as the editor would send it back. */
async function anArticle(db: Db) {
  const article = await db.knowledgeArticle.findFirstOrThrow({ where: { origin: "file" }, orderBy: { slug: "asc" } });
  return {
    slug: article.slug,
    title: article.title,
    topic: article.topic,
    country: article.country,
    lastReviewed: article.lastReviewed,
    sources: article.sources,
    body: article.body,
  };
}

async function aVersion(db: Db) {
  const { slug } = await anArticle(db);
  const version = await db.knowledgeArticleVersion.findFirstOrThrow({
    where: { article: { slug } },
    orderBy: { version: "asc" },
  });
  return { slug, versionId: version.id };
}

const newArticle = () => ({
  slug: `case-${randomUUID().slice(0, 8)}`,
  title: "A case article",
  topic: "arrival",
  country: "DE",
  lastReviewed: "2026-01-15",
  sources: [{ title: "Make it in Germany", url: "https://www.make-it-in-germany.com/en/" }],
  body: "## What it says\n\nA short article written by the permission table.",
});

export const cases: AdminProcedureCase[] = [
  { path: "admin.knowledge.list", access, input: () => ({ review: "due" }), badInput: { review: "soon" } },
  {
    path: "admin.knowledge.get",
    access,
    input: async ({ db }) => ({ slug: (await anArticle(db)).slug }),
    badInput: { slug: "Not a slug" },
  },
  { path: "admin.knowledge.topics", access },
  {
    path: "admin.knowledge.save",
    access,
    input: async ({ db }) => ({ ...(await anArticle(db)), note: "checked" }),
    badInput: { ...newArticle(), sources: [] },
  },
  {
    path: "admin.knowledge.create",
    access,
    input: () => newArticle(),
    badInput: { ...newArticle(), lastReviewed: "2999-01-01" },
  },
  {
    path: "admin.knowledge.setHidden",
    access,
    input: async ({ db }) => ({ slug: (await anArticle(db)).slug, hidden: false }),
    badInput: { slug: "x", hidden: "no" },
  },
  {
    path: "admin.knowledge.versions",
    access,
    input: async ({ db }) => ({ slug: (await anArticle(db)).slug }),
    badInput: { slug: "" },
  },
  {
    path: "admin.knowledge.diff",
    access,
    input: async ({ db }) => {
      const { slug, versionId } = await aVersion(db);
      return { slug, from: versionId };
    },
    badInput: { slug: "x" },
  },
  {
    path: "admin.knowledge.restore",
    access,
    input: async ({ db }) => ({ versionId: (await aVersion(db)).versionId }),
    badInput: { versionId: "" },
  },
];
