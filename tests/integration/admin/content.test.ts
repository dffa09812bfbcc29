/**
 * /admin/content: threads, their questions, prompts and tags as staff edit them; what the site shows
 * afterwards (at once, hidden things left out); audit rows; and the seed step leaving staff edits alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_MESSAGES } from "~/lib/schemas/content-admin";
import { readPromptsFile, readThreadFiles } from "~/server/content/files";
import { seedPrompts, seedThreads, seedThreadsAndPrompts } from "~/server/content/seed";
import { createStaff } from "../../helpers/admin";
import { callerFor } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { rejection } from "./fixtures";

let t: TestDatabase;
let designer: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedThreadsAndPrompts(t.db);
  designer = await createStaff(t.db, "designer");
});
afterAll(() => t.stop());

const admin = () => designer.caller.admin.content;
const site = () => callerFor(t.db, null).content;
const threadBySlug = (slug: string) => t.db.thread.findUniqueOrThrow({ where: { slug } });

async function lastAudit(action: string) {
  return t.db.auditLog.findFirstOrThrow({ where: { action }, orderBy: { createdAt: "desc" } });
}

describe("threads", () => {
  it("edits a thread: the site shows the new title at once, the edit is audited and the thread marked customized", async () => {
    const visa = await threadBySlug("visa");
    await admin().threads.update({
      id: visa.id,
      title: "Student visa and residence permit",
      description: "Visas, permits and the appointment at the mission.",
    });
    const shown = (await site().threads()).find((thread) => thread.slug === "visa");
    expect(shown).toMatchObject({
      title: "Student visa and residence permit",
      description: "Visas, permits and the appointment at the mission.",
    });
    expect((await threadBySlug("visa")).customizedAt).not.toBeNull();
    const audit = await lastAudit("content.thread_updated");
    expect(audit).toMatchObject({ actorId: designer.claims.id, targetType: "thread", targetId: visa.id });
    expect(audit.before).toMatchObject({ title: visa.title });
    expect(audit.after).toMatchObject({ title: "Student visa and residence permit" });
  });

  it("creates a thread with a slug made from its title, refuses a taken slug with 409 and an impossible one with 400", async () => {
    const created = await admin().threads.create({ title: "Family & partners", description: null });
    expect(created.slug).toBe("family-partners");
    const count = await t.db.thread.count();
    expect(created.position).toBe(count);
    const taken = await rejection(admin().threads.create({ title: "Family & partners" }));
    expect(taken.code).toBe("CONFLICT");
    expect(taken.message).toBe(CONTENT_MESSAGES.threadSlugTaken);
    expect((await rejection(admin().threads.create({ title: "Something", slug: "Not a slug" }))).code).toBe("BAD_REQUEST");
    expect((await rejection(admin().threads.create({ title: "???" }))).message).toBe(CONTENT_MESSAGES.noSlug);
    expect((await lastAudit("content.thread_created")).after).toMatchObject({
      slug: "family-partners",
      title: "Family & partners",
    });
    expect((await site().threads()).map((thread) => thread.slug)).toContain("family-partners");
  });

  it("hides a thread from the site and shows it again, with an audit row each time", async () => {
    const work = await threadBySlug("work");
    await admin().threads.setHidden({ id: work.id, hidden: true });
    expect((await site().threads()).map((thread) => thread.slug)).not.toContain("work");
    // Staff still see it, marked hidden.
    const listed = await admin().threads.list({ q: "work", visibility: "hidden" });
    expect(listed.rows.map((row) => row.slug)).toEqual(["work"]);
    expect((await lastAudit("content.thread_hidden")).after).toEqual({ hidden: true });
    await admin().threads.setHidden({ id: work.id, hidden: false });
    expect((await site().threads()).map((thread) => thread.slug)).toContain("work");
    expect((await lastAudit("content.thread_shown")).before).toEqual({ hidden: true });
  });

  it("reorders threads: positions stay 1..n, the site follows the new order", async () => {
    const before = await admin().threads.list({ pageSize: 100 });
    const last = before.rows.at(-1)!;
    await admin().threads.move({ id: last.id, position: 1 });
    const after = await admin().threads.list({ pageSize: 100 });
    expect(after.rows.map((row) => row.position)).toEqual(after.rows.map((_, index) => index + 1));
    expect(after.rows[0]!.id).toBe(last.id);
    expect(after.rows.slice(1).map((row) => row.id)).toEqual(before.rows.slice(0, -1).map((row) => row.id));
    expect((await site().threads())[0]!.id).toBe(last.id);
    // Down one place, then past the end: the last place.
    await admin().threads.move({ id: last.id, position: 2 });
    expect((await admin().threads.list({ pageSize: 100 })).rows[1]!.id).toBe(last.id);
    await admin().threads.move({ id: last.id, position: 999 });
    const end = await admin().threads.list({ pageSize: 100 });
    expect(end.rows.at(-1)!.id).toBe(last.id);
    expect(new Set(end.rows.map((row) => row.position)).size).toBe(end.count);
    expect(await lastAudit("content.thread_moved")).toMatchObject({
      targetId: last.id,
      before: { position: 2 },
      after: { position: end.count },
    });
  });

  it("answers 404 for a thread that does not exist", async () => {
    expect((await rejection(admin().threads.update({ id: "missing", title: "x" }))).code).toBe("NOT_FOUND");
    expect((await rejection(admin().threads.get({ id: "missing" }))).code).toBe("NOT_FOUND");
  });
});

describe("questions of a thread", () => {
  it("adds, rewords, hides, reorders and deletes questions; the site shows the visible ones in order", async () => {
    const thread = await threadBySlug("language");
    const questionsOnSite = async () => (await site().threads()).find((t) => t.slug === "language")!.questions.map((q) => q.text);
    const initial = await questionsOnSite();

    const added = await admin().questions.add({
      threadId: thread.id,
      text: "Which German level do I need for a Master's in English?",
    });
    expect((await questionsOnSite()).at(-1)).toBe("Which German level do I need for a Master's in English?");

    await admin().questions.update({ id: added.id, text: "Do I need German for an English-taught Master's?" });
    await admin().questions.move({ id: added.id, position: 1 });
    expect(await questionsOnSite()).toEqual(["Do I need German for an English-taught Master's?", ...initial]);

    const listed = await admin().questions.list({ threadId: thread.id, pageSize: 100 });
    expect(listed.rows.map((row) => row.place)).toEqual(listed.rows.map((_, index) => index + 1));
    const second = listed.rows[1]!;
    await admin().questions.setHidden({ id: second.id, hidden: true });
    expect(await questionsOnSite()).not.toContain(second.text);
    expect((await admin().questions.list({ threadId: thread.id, visibility: "hidden" })).rows.map((row) => row.id)).toEqual([second.id]);

    await admin().questions.delete({ id: added.id });
    const remaining = await t.db.threadQuestion.findMany({
      where: { threadId: thread.id },
      orderBy: { position: "asc" },
    });
    expect(remaining.map((q) => q.position)).toEqual(remaining.map((_, index) => index));
    expect(remaining.map((q) => q.text)).toEqual(initial);

    for (const action of [
      "content.question_added",
      "content.question_updated",
      "content.question_moved",
      "content.question_hidden",
      "content.question_deleted",
    ]) {
      expect(await t.db.auditLog.count({ where: { action, actorId: designer.claims.id } }), action).toBeGreaterThan(0);
    }
    expect((await lastAudit("content.question_updated")).before).toMatchObject({
      text: "Which German level do I need for a Master's in English?",
    });
    expect((await threadBySlug("language")).customizedAt).not.toBeNull();
  });

  it("refuses a blank question and a thread that does not exist", async () => {
    const thread = await threadBySlug("admission");
    expect((await rejection(admin().questions.add({ threadId: thread.id, text: "   " }))).code).toBe("BAD_REQUEST");
    expect((await rejection(admin().questions.add({ threadId: "missing", text: "A question?" }))).code).toBe("NOT_FOUND");
  });
});

describe("prompts", () => {
  it("hidden prompts never reach the chat's random prompts; duplicates answer 409; deleting is audited", async () => {
    const all = await t.db.prompt.findMany();
    const hidden = await t.db.prompt.findMany({ where: { text: { in: readPromptsFile().slice(0, 3) } } });
    expect(hidden).toHaveLength(3);
    for (const prompt of hidden) await admin().prompts.setHidden({ id: prompt.id, hidden: true });
    for (let i = 0; i < 3; i++) {
      const texts = (await site().randomPrompts({ count: 50 })).map((p) => p.text);
      expect(texts).toHaveLength(all.length - 3);
      for (const prompt of hidden) expect(texts).not.toContain(prompt.text);
    }
    const created = await admin().prompts.create({ text: "How do I open a German bank account?" });
    const duplicate = await rejection(admin().prompts.create({ text: "How do I open a German bank account?" }));
    expect(duplicate.code).toBe("CONFLICT");
    expect(duplicate.message).toBe(CONTENT_MESSAGES.promptTaken);
    expect((await rejection(admin().prompts.update({ id: created.id, text: all[5]!.text }))).code).toBe("CONFLICT");
    await admin().prompts.update({ id: created.id, text: "How do I open a bank account in Germany?" });
    expect((await lastAudit("content.prompt_updated")).after).toEqual({
      text: "How do I open a bank account in Germany?",
    });
    await admin().prompts.delete({ id: created.id });
    expect(await t.db.prompt.findUnique({ where: { id: created.id } })).toBeNull();
    expect((await lastAudit("content.prompt_deleted")).before).toMatchObject({
      text: "How do I open a bank account in Germany?",
    });
    expect((await admin().prompts.list({ visibility: "hidden" })).total).toBe(3);
  });
});

describe("tags", () => {
  it("creates, edits, reorders and hides tags; a taken slug answers 409", async () => {
    const visa = await admin().tags.create({ slug: "visa", name: "Visa", description: "Visas and permits" });
    const money = await admin().tags.create({ slug: "money", name: "Money", description: null });
    expect([visa.position, money.position]).toEqual([1, 2]);
    const taken = await rejection(admin().tags.create({ slug: "visa", name: "Another" }));
    expect(taken.code).toBe("CONFLICT");
    expect(taken.message).toBe(CONTENT_MESSAGES.tagSlugTaken);
    await admin().tags.update({ id: money.id, slug: "finances", name: "Finances", description: "Money matters" });
    await admin().tags.move({ id: money.id, position: 1 });
    const listed = await admin().tags.list({});
    expect(listed.rows.map((row) => [row.slug, row.position])).toEqual([
      ["finances", 1],
      ["visa", 2],
    ]);
    await admin().tags.setHidden({ id: visa.id, hidden: true });
    expect((await admin().tags.list({ visibility: "hidden" })).rows.map((row) => row.slug)).toEqual(["visa"]);
    expect((await lastAudit("content.tag_updated")).before).toMatchObject({ slug: "money", name: "Money" });
  });
});

describe("the seed step", () => {
  it("leaves threads edited in /admin as staff made them, keeps untouched threads on their files and adds new files", async () => {
    const files = readThreadFiles();
    // "visa" was edited above; "finances" gets a hidden question now; "accommodation" drifts without staff.
    const finances = await threadBySlug("finances");
    const question = await t.db.threadQuestion.findFirstOrThrow({
      where: { threadId: finances.id },
      orderBy: { position: "asc" },
    });
    await admin().questions.setHidden({ id: question.id, hidden: true });
    await t.db.thread.update({ where: { slug: "accommodation" }, data: { title: "Changed by hand" } });
    const newFile = { ...files[0]!, slug: "health-in-winter", title: "Health in winter", position: 99 };
    const orderBefore = (await t.db.thread.findMany({ orderBy: { position: "asc" } })).map((thread) => thread.slug);

    await seedThreads(t.db, [...files, newFile]);

    expect((await threadBySlug("visa")).title).toBe("Student visa and residence permit");
    expect((await t.db.threadQuestion.findUniqueOrThrow({ where: { id: question.id } })).hidden).toBe(true);
    const accommodation = files.find((file) => file.slug === "accommodation")!;
    expect((await threadBySlug("accommodation")).title).toBe(accommodation.title);
    expect((await threadBySlug("health-in-winter")).title).toBe("Health in winter");
    // Staff reordered the threads above: the order stays theirs, the new thread comes last (its file says 99).
    const after = await t.db.thread.findMany({ orderBy: { position: "asc" } });
    expect(after.map((thread) => thread.slug)).toEqual([...orderBefore, "health-in-winter"]);
    expect(after.map((thread) => thread.position)).toEqual(after.map((_, index) => index + 1));
  });

  it("adds new prompt lines, while prompts staff hid, reworded or deleted stay that way", async () => {
    const lines = readPromptsFile();
    const hidden = await t.db.prompt.findUniqueOrThrow({ where: { text: lines[0]! } });
    expect(hidden.hidden).toBe(true); // hidden above
    const reworded = await t.db.prompt.findUniqueOrThrow({ where: { text: lines[10]! } });
    await admin().prompts.update({ id: reworded.id, text: "A prompt reworded by staff?" });
    const deleted = await t.db.prompt.findUniqueOrThrow({ where: { text: lines[11]! } });
    await admin().prompts.delete({ id: deleted.id });

    await seedPrompts(t.db, [...lines, "A line new to the file?"]);

    expect((await t.db.prompt.findUniqueOrThrow({ where: { text: lines[0]! } })).hidden).toBe(true);
    expect(await t.db.prompt.findUnique({ where: { text: lines[10]! } })).toBeNull();
    expect(await t.db.prompt.findUnique({ where: { text: lines[11]! } })).toBeNull();
    expect(await t.db.prompt.findUnique({ where: { text: "A line new to the file?" } })).not.toBeNull();
  });
});
