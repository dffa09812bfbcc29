import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MENTION_SUGGESTIONS_MAX } from "~/lib/schemas/community";
import { readThreadFiles } from "~/server/content/files";
import { seedForumCategories } from "~/server/services/community/categories.service";
import { createStaff } from "../../helpers/admin";
import { callerFor, createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  await seedForumCategories(t.db);
});
afterAll(() => t?.stop());

async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return (error as TRPCError).code;
}

async function memberWithHandle(handle: string, data: Record<string, unknown> = {}) {
  const member = await createUser(t.db);
  await t.db.user.update({ where: { id: member.claims.id }, data: { forumHandle: handle, ...data } });
  return member;
}

describe("@ suggestions", () => {
  it("offer the handles of members starting with the typed letters, without suspended members or people without a handle", async () => {
    const writer = await memberWithHandle("writer_one");
    await memberWithHandle("mira_k");
    await memberWithHandle("mira_schmidt");
    await memberWithHandle("miro_banned", { status: "suspended" });
    await memberWithHandle("mira_quiet", { forumSuspendedUntil: new Date(Date.now() + 86_400_000) });
    await createUser(t.db, { firstName: "Mira", lastName: "Nohandle" });
    const api = callerFor(t.db, writer.claims);
    expect(await api.community.mentionSuggestions({ prefix: "mir" })).toEqual(["mira_k", "mira_schmidt"]);
    expect(await api.community.mentionSuggestions({ prefix: "MIRA_S" })).toEqual(["mira_schmidt"]);
    expect(await api.community.mentionSuggestions({ prefix: "nobody" })).toEqual([]);
    expect(await codeOf(api.community.mentionSuggestions({ prefix: "mi ra" }))).toBe("BAD_REQUEST");
  });

  it("give at most a few handles, and only to signed-in members", async () => {
    for (let n = 0; n < MENTION_SUGGESTIONS_MAX + 3; n++) await memberWithHandle(`many${n}`);
    const member = await memberWithHandle("asker_many");
    expect(await callerFor(t.db, member.claims).community.mentionSuggestions({ prefix: "many" })).toHaveLength(MENTION_SUGGESTIONS_MAX);
    expect(await codeOf(callerFor(t.db, null).community.mentionSuggestions({ prefix: "many" }))).toBe("UNAUTHORIZED");
  });
});

describe("an empty category", () => {
  it("starts from its topic's common questions, from the content files, each with the assistant and a guide", async () => {
    const thread = readThreadFiles().find((file) => file.slug === "accommodation")!;
    const common = await callerFor(t.db, null).community.commonQuestions({ categorySlug: "accommodation" });
    expect(common!.topic).toEqual({ slug: "accommodation", title: thread.title });
    expect(common!.guidesHref).toBe("/students/accommodation");
    expect(common!.questions.map((question) => question.text)).toEqual(thread.questions.slice(0, 6));
    for (const question of common!.questions) {
      expect(question.askHref).toBe(`/swipe-ai?${new URLSearchParams({ message: question.text })}`);
    }
    const guides = common!.questions.flatMap((question) => (question.guide ? [question.guide] : []));
    expect(guides.length).toBeGreaterThan(0);
    for (const guide of guides) expect(guide.href).toMatch(/^\/students\/accommodation\/[a-z0-9-]+(#[a-z0-9-]+)?$/);
  });

  it("has no common questions when the category is no topic of the guides", async () => {
    expect(await callerFor(t.db, null).community.commonQuestions({ categorySlug: "off-topic" })).toBeNull();
  });
});

describe("staff posts", () => {
  it("are labelled as staff, and a pinned topic comes first in the latest list", async () => {
    const staff = await createStaff(t.db, "admin");
    await t.db.user.update({ where: { id: staff.claims.id }, data: { forumHandle: "team_swipe" } });
    const category = await t.db.forumCategory.findUniqueOrThrow({ where: { slug: "visa" } });
    const student = await memberWithHandle("student_visa");
    const pinned = await t.db.forumTopic.create({
      data: {
        categoryId: category.id,
        authorId: staff.claims.id,
        title: "Read this first: visa appointments",
        slug: "read-first",
        pinned: true,
        lastActivityAt: new Date(Date.now() - 86_400_000),
      },
    });
    await t.db.forumPost.create({ data: { topicId: pinned.id, authorId: staff.claims.id, position: 0, body: "How appointments work." } });
    const other = await t.db.forumTopic.create({
      data: { categoryId: category.id, authorId: student.claims.id, title: "My appointment in Delhi", slug: "delhi" },
    });
    await t.db.forumPost.create({ data: { topicId: other.id, authorId: student.claims.id, position: 0, body: "When?" } });

    const { items } = await callerFor(t.db, null).community.topics({ list: "latest", categorySlug: "visa" });
    expect(items.map((item) => item.title)).toEqual(["Read this first: visa appointments", "My appointment in Delhi"]);
    expect(items[0]).toMatchObject({ pinned: true, author: { handle: "team_swipe", staff: true } });
    expect(items[1]!.author.staff).toBe(false);
    const page = await callerFor(t.db, null).community.topic({ topicId: pinned.id });
    expect(page.posts[0]!.author.staff).toBe(true);
  });
});
