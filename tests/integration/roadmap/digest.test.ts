import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/period";
import type { PlanId } from "~/lib/plans";
import { JOB_KINDS, periodicJobs, registerJobHandlers } from "~/server/background";
import { enqueueJob, runDueJobs } from "~/server/jobs/runner";
import { sendRoadmapDigests } from "~/server/services/roadmap/digest.service";
import { subscribeTo } from "../../helpers/billing";
import { nextWinterYear, roadmapIntake } from "../../helpers/roadmap";
import { createRoadmapTestDatabase } from "../../helpers/roadmap-database";
import { callerFor, createUser } from "../../helpers/session";
import type { TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createRoadmapTestDatabase();
});
afterAll(() => t?.stop());

const nextWinter = nextWinterYear();

/** A user on `planId` with a roadmap for the next winter semester. */
async function userWithRoadmap(planId: PlanId) {
  const user = await createUser(t.db);
  if (planId !== "free") await subscribeTo(t.db, user.claims.id, planId);
  const view = await callerFor(t.db, user.claims).roadmap.save(roadmapIntake());
  return { user, view };
}

const digestsTo = (email: string) =>
  t.db.mailMessage.findMany({
    where: { to: email.toLowerCase(), kind: "roadmap-digest" },
    orderBy: { createdAt: "asc" },
  });
/** Noon UTC of a day. */
const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe("the weekly roadmap digest", () => {
  it("mails the steps due in the next 14 days (not done, not hidden) with a link to /roadmap, once a week", async () => {
    const { user, view } = await userWithRoadmap("pro");
    const application = view.steps.find((step) => step.slug === "university-application")!;
    // A run 10 days before the uni-assist deadline.
    const runDay = addDays(application.targetDate, -10);
    const due = view.steps.filter((step) => step.targetDate >= runDay && step.targetDate <= addDays(runDay, 14));
    expect(due.length).toBeGreaterThanOrEqual(1);
    const doneOne = due.length > 1 ? due.find((step) => step.id !== application.id)! : null;
    if (doneOne) await callerFor(t.db, user.claims).roadmap.setDone({ id: doneOne.id, done: true });
    const expected = due.filter((step) => step !== doneOne);

    expect(await sendRoadmapDigests(t.db, at(runDay))).toMatchObject({ sent: 1 });
    const [mail] = await digestsTo(user.email);
    expect(mail).toMatchObject({ userId: user.claims.id, status: "queued" });
    expect(mail!.subject).toBe(`Your study roadmap: ${expected.length} step${expected.length === 1 ? "" : "s"} due in the next 14 days`);
    for (const step of expected) expect(mail!.text).toContain(step.title);
    if (doneOne) expect(mail!.text).not.toContain(doneOne.title);
    expect(mail!.text).toMatch(/https?:\/\/[^\s]+\/roadmap\n/);
    expect(mail!.text).toContain("turn off the roadmap digest in the Settings tab");
    expect((await t.db.roadmap.findUniqueOrThrow({ where: { userId: user.claims.id } })).lastDigestAt).toEqual(at(runDay));

    // Not twice in a week, again the week after.
    await sendRoadmapDigests(t.db, at(runDay));
    await sendRoadmapDigests(t.db, at(addDays(runDay, 3)));
    expect(await digestsTo(user.email)).toHaveLength(1);
    await sendRoadmapDigests(t.db, at(addDays(runDay, 7)));
    expect(await digestsTo(user.email)).toHaveLength(2);
  });

  it("sends nothing when the setting is off, when nothing is due, or on a plan without roadmaps", async () => {
    const off = await userWithRoadmap("pro");
    await callerFor(t.db, off.user.claims).students.updateMe({ roadmapDigest: false });
    const free = await userWithRoadmap("free");
    const idle = await userWithRoadmap("unlimited");
    const runDay = addDays(off.view.steps.find((step) => step.slug === "university-application")!.targetDate, -10);
    // All of idle's steps in the window are done.
    for (const step of idle.view.steps.filter(
      (candidate) => candidate.targetDate >= runDay && candidate.targetDate <= addDays(runDay, 14),
    )) {
      await callerFor(t.db, idle.user.claims).roadmap.setDone({ id: step.id, done: true });
    }
    await sendRoadmapDigests(t.db, at(runDay));
    for (const { user } of [off, free, idle]) expect(await digestsTo(user.email), user.email).toHaveLength(0);
    // The day after the semester starts nothing is due for anyone.
    const { user } = await userWithRoadmap("pro");
    await sendRoadmapDigests(t.db, at(`${nextWinter}-10-02`));
    expect(await digestsTo(user.email)).toHaveLength(0);
  });

  it("is a weekly job of the runner", async () => {
    expect(periodicJobs()).toContainEqual({ kind: JOB_KINDS.roadmapDigest, intervalSeconds: 7 * 24 * 3600 });
    registerJobHandlers();
    await enqueueJob(t.db, JOB_KINDS.roadmapDigest, {});
    while ((await runDueJobs(t.db)).done > 0);
    expect(await t.db.job.findMany({ where: { kind: JOB_KINDS.roadmapDigest }, select: { status: true, lastError: true } })).toEqual([
      { status: "done", lastError: null },
    ]);
  });
});
