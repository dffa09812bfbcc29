import type { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, utcDay } from "~/lib/period";
import { publicError } from "~/server/api/trpc";
import { JOB_KINDS, registerJobHandlers } from "~/server/background";
import { contentEdited } from "~/server/cache/content-cache";
import { seedScholarships } from "~/server/content/tools/scholarships";
import { SIGN_IN_REQUIRED_MESSAGE } from "~/server/errors";
import { enqueueJob, runDueJobs } from "~/server/jobs/runner";
import { SCHOLARSHIP_NOT_FOUND, sendDeadlineReminders } from "~/server/services/tools/scholarships.service";
import { callerFor, createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedScholarships(t.db);
});
afterAll(() => t?.stop());

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const trpcError = error as TRPCError;
    return { status: getHTTPStatusCodeFromError(trpcError), message: publicError(trpcError).message };
  }
  throw new Error("expected the call to fail");
}

const anonymous = () => callerFor(t.db, null);
const inDays = (days: number, from = new Date()) => addDays(utcDay(from), days);

describe("tools.scholarships.search", () => {
  it("works without an account and lists at least 10 real programmes with links for a Nigerian master's student", async () => {
    const answer = await anonymous().tools.scholarships.search({ level: "master", nationality: "NG" });
    const eligible = answer.results.filter((result) => result.eligibility.status === "eligible");
    expect(eligible.length).toBeGreaterThanOrEqual(10);
    for (const result of answer.results) {
      expect(result.levels).toContain("master");
      expect(result.url).toMatch(/^https?:\/\//);
      expect(result.sources.length).toBeGreaterThan(0);
      expect(result.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(eligible[0]!.eligibility.reason).toMatch(/Nigeria/);
    // Leadership for Africa names this year's East African countries: a Kenyan is named, a Nigerian is told to check the next call.
    expect(answer.results.find((result) => result.slug === "daad-leadership-for-africa")?.eligibility.status).toBe("check");
    // The German Chancellor Fellowship names its countries in full: not offered to a Nigerian.
    expect((await anonymous().tools.scholarships.search({ nationality: "NG" })).results.map((result) => result.slug)).not.toContain(
      "humboldt-german-chancellor-fellowship",
    );
    const kenya = await anonymous().tools.scholarships.search({ level: "master", nationality: "KE" });
    expect(kenya.results.find((result) => result.slug === "daad-leadership-for-africa")?.eligibility.status).toBe("eligible");
  });

  it("filters by subject and open now, and keeps programmes whose list we do not reproduce as 'check'", async () => {
    const music = await anonymous().tools.scholarships.search({ subject: "music-performing-arts" });
    expect(music.results.map((result) => result.slug)).toContain("daad-study-scholarships-music");
    expect(music.results.map((result) => result.slug)).not.toContain("daad-stem-masters-developing-countries");
    const open = await anonymous().tools.scholarships.search({ openNow: true });
    expect(open.results.length).toBeGreaterThan(0);
    for (const result of open.results) expect(result.openNow).toBe(true);
    const stem = await anonymous().tools.scholarships.search({
      nationality: "GH",
      level: "master",
      subject: "engineering",
    });
    expect(stem.results.find((result) => result.slug === "daad-stem-masters-developing-countries")?.eligibility.status).toBe("check");
  });

  it("refuses bad input with a clear message and status 400", async () => {
    expect(await failure(anonymous().tools.scholarships.search({ level: "kindergarten" } as never))).toEqual({
      status: 400,
      message: "Choose a study level from the list.",
    });
    expect(await failure(anonymous().tools.scholarships.search({ nationality: "Nigeria" }))).toEqual({
      status: 400,
      message: "Choose a nationality from the list.",
    });
    expect((await failure(anonymous().tools.scholarships.search({ openNow: "yes" } as never))).status).toBe(400);
    expect((await failure(anonymous().tools.scholarships.search({ subject: 42 } as never))).status).toBe(400);
  });
});

describe("bookmarks", () => {
  it("need an account: 401 with the sign-in message", async () => {
    expect(await failure(anonymous().tools.scholarships.bookmark({ slug: "deutschlandstipendium" }))).toEqual({
      status: 401,
      message: SIGN_IN_REQUIRED_MESSAGE,
    });
    expect((await failure(anonymous().tools.scholarships.bookmarks())).status).toBe(401);
    expect((await failure(anonymous().tools.scholarships.unbookmark({ slug: "deutschlandstipendium" }))).status).toBe(401);
  });

  it("are added once, listed for their owner only, and removed", async () => {
    const lea = await createUser(t.db);
    const omar = await createUser(t.db);
    const asLea = callerFor(t.db, lea.claims);
    await asLea.tools.scholarships.bookmark({ slug: "deutschlandstipendium" });
    await asLea.tools.scholarships.bookmark({ slug: "deutschlandstipendium" });
    await asLea.tools.scholarships.bookmark({ slug: "kas-international-scholarships" });
    const list = await asLea.tools.scholarships.bookmarks();
    expect(list.map((bookmark) => bookmark.scholarship.slug).sort()).toEqual(["deutschlandstipendium", "kas-international-scholarships"]);
    expect(list[0]!.scholarship.sources.length).toBeGreaterThan(0);
    expect(await callerFor(t.db, omar.claims).tools.scholarships.bookmarks()).toEqual([]);
    // Omar removing "his" bookmark of the same programme does not touch Lea's.
    await callerFor(t.db, omar.claims).tools.scholarships.unbookmark({ slug: "deutschlandstipendium" });
    expect(await asLea.tools.scholarships.bookmarks()).toHaveLength(2);
    await asLea.tools.scholarships.unbookmark({ slug: "deutschlandstipendium" });
    expect((await asLea.tools.scholarships.bookmarks()).map((bookmark) => bookmark.scholarship.slug)).toEqual([
      "kas-international-scholarships",
    ]);
  });

  it("answer 404 for an unknown or hidden scholarship, and 400 for a missing one", async () => {
    const user = await createUser(t.db);
    const caller = callerFor(t.db, user.claims);
    expect(await failure(caller.tools.scholarships.bookmark({ slug: "no-such-scholarship" }))).toEqual({
      status: 404,
      message: SCHOLARSHIP_NOT_FOUND,
    });
    expect(await failure(caller.tools.scholarships.unbookmark({ slug: "no-such-scholarship" }))).toEqual({
      status: 404,
      message: SCHOLARSHIP_NOT_FOUND,
    });
    await t.db.scholarship.update({ where: { slug: "bildungskredit" }, data: { hidden: true } });
    contentEdited("tools");
    expect((await failure(caller.tools.scholarships.bookmark({ slug: "bildungskredit" }))).status).toBe(404);
    await t.db.scholarship.update({ where: { slug: "bildungskredit" }, data: { hidden: false } });
    contentEdited("tools");
    expect(await failure(caller.tools.scholarships.bookmark({} as never))).toEqual({
      status: 400,
      message: "Name the scholarship.",
    });
    expect(await failure(caller.tools.scholarships.bookmark({ slug: "" }))).toEqual({
      status: 400,
      message: "Name the scholarship.",
    });
  });
});

describe("the deadline reminder job", () => {
  it("mails a bookmark whose deadline is 14 days away exactly once, even when run twice, and none for a far deadline", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const now = new Date();
    await t.db.scholarship.update({
      where: { slug: "fnf-international-students" },
      data: { nextDeadline: inDays(14, now), annualDeadlines: [] },
    });
    contentEdited("tools");
    await t.db.scholarship.update({
      where: { slug: "kas-international-scholarships" },
      data: { nextDeadline: inDays(200, now), annualDeadlines: [] },
    });
    contentEdited("tools");
    const user = await createUser(t.db);
    const caller = callerFor(t.db, user.claims);
    await caller.tools.scholarships.bookmark({ slug: "fnf-international-students" });
    await caller.tools.scholarships.bookmark({ slug: "kas-international-scholarships" });

    registerJobHandlers();
    await enqueueJob(t.db, JOB_KINDS.scholarshipReminders, {});
    await runDueJobs(t.db);
    await sendDeadlineReminders(t.db, now);

    const mails = await t.db.mailMessage.findMany({ where: { to: user.email, kind: "scholarship-deadline" } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      "Friedrich-Naumann-Stiftung für die Freiheit - study scholarships for foreign students: the deadline is in 14 days",
    );
    expect(mails[0]!.text).toContain("https://www.daad.org.br/");
    const bookmark = await t.db.scholarshipBookmark.findFirstOrThrow({
      where: { userId: user.claims.id, scholarship: { slug: "fnf-international-students" } },
    });
    expect(bookmark.remindedFor).toBe(inDays(14, now));

    // A new deadline is a new reminder; a suspended account gets none.
    await t.db.scholarship.update({
      where: { slug: "fnf-international-students" },
      data: { nextDeadline: inDays(10, now), annualDeadlines: [] },
    });
    contentEdited("tools");
    await t.db.user.update({ where: { id: user.claims.id }, data: { status: "suspended" } });
    expect(await sendDeadlineReminders(t.db, now)).toEqual({ sent: 0 });
    await t.db.user.update({ where: { id: user.claims.id }, data: { status: "active" } });
    expect(await sendDeadlineReminders(t.db, now)).toEqual({ sent: 1 });
    expect(await t.db.mailMessage.count({ where: { to: user.email, kind: "scholarship-deadline" } })).toBe(2);
    log.mockRestore();
  });
});
