import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as calendarRoute from "~/app/api/roadmap/calendar.ics/route";
import { appUrl } from "~/env";
import { addDays, utcDay } from "~/lib/period";
import type { PlanId } from "~/lib/plans";
import { publicError } from "~/server/api/trpc";
import { SIGN_IN_REQUIRED_MESSAGE } from "~/server/errors";
import { subscribeTo } from "../../helpers/billing";
import { parseIcs } from "../../helpers/ics";
import { callRoute, type RouteHandler } from "../../helpers/rest";
import { nextWinterYear, roadmapIntake } from "../../helpers/roadmap";
import { createRoadmapTestDatabase } from "../../helpers/roadmap-database";
import { callerFor, createUser, sessionCookie } from "../../helpers/session";
import type { TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createRoadmapTestDatabase();
});
afterAll(() => t?.stop());

type User = Awaited<ReturnType<typeof createUser>>;

/** A user on `planId` (a live subscription row as the billing flows write it). */
async function userOn(planId: PlanId) {
  const user = await createUser(t.db);
  if (planId !== "free") await subscribeTo(t.db, user.claims.id, planId);
  return user;
}

/** The plan lapses: cancelled at the end of a period that is over. */
async function downgrade(user: User) {
  await t.db.subscription.updateMany({
    where: { userId: user.claims.id },
    data: { status: "canceled", canceledAt: new Date() },
  });
}

const api = (user: User | null) => callerFor(t.db, user?.claims ?? null);
const today = utcDay(new Date());
const year = Number(today.slice(0, 4));
const nextWinter = nextWinterYear();
const winterStart = `${nextWinter}-10-01`;
const indianMaster = roadmapIntake;

async function rejection(promise: Promise<unknown>): Promise<{ code: TRPCError["code"]; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: publicError(error as TRPCError).message };
}

const slugs = (view: { steps: { slug: string }[] } | null) => view?.steps.map((step) => step.slug) ?? [];
const itemsOf = async (user: User) =>
  t.db.roadmapItem.findMany({ where: { roadmap: { userId: user.claims.id } }, orderBy: { position: "asc" } });

const WHOLE_ROADMAP_NEEDS_PRO =
  "The whole roadmap needs the Pro or Unlimited plan; you are on Free. Upgrade on the pricing page: /pricing?plan=pro";

describe("roadmap: signing in", () => {
  it("every procedure asks for sign-in", async () => {
    const anonymous = api(null).roadmap;
    const calls = [
      anonymous.get(),
      anonymous.defaults(),
      anonymous.save(indianMaster()),
      anonymous.setDone({ id: "x", done: true }),
      anonymous.setNote({ id: "x", note: "n" }),
      anonymous.move({ id: "x", direction: "up" }),
      anonymous.setHidden({ id: "x", hidden: true }),
      anonymous.setDate({ id: "x", date: "2027-01-01" }),
      anonymous.resetDate({ id: "x" }),
      anonymous.addSubtask({ stepId: "x", text: "t" }),
      anonymous.setSubtaskDone({ id: "x", done: true }),
      anonymous.deleteSubtask({ id: "x" }),
      anonymous.delete(),
      anonymous.calendar(),
    ];
    for (const call of calls) expect(await rejection(call)).toEqual({ code: "UNAUTHORIZED", message: SIGN_IN_REQUIRED_MESSAGE });
  });
});

describe("roadmap of a Pro user", () => {
  it("an Indian master's applicant for the next winter semester gets every step of the acceptance, dated before the start, in date order", async () => {
    const user = await userOn("pro");
    expect(await api(user).roadmap.get()).toBeNull();
    const view = await api(user).roadmap.save(indianMaster());
    expect(view).toMatchObject({
      full: true,
      lockedCount: 0,
      semester: { start: winterStart, term: "Winter semester" },
    });
    expect(view.semester.sources.length).toBeGreaterThan(0);
    expect(slugs(view)).toEqual(
      expect.arrayContaining([
        "aps-certificate",
        "university-application",
        "english-language-certificate",
        "blocked-account",
        "health-insurance",
        "visa-appointment",
        "travel-and-arrival",
        "address-registration",
      ]),
    );
    expect(slugs(view)).not.toContain("visa-free-entry");
    expect(slugs(view)).not.toContain("german-language-certificate");
    const dates = view.steps.map((step) => step.targetDate);
    expect(dates).toEqual([...dates].sort());
    for (const step of view.steps) {
      expect(step.targetDate <= winterStart, step.slug).toBe(true);
      expect(step.officialUrl, step.slug).toMatch(/^https:\/\//);
      expect(step.checkedOn, step.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const application = view.steps.find((step) => step.slug === "university-application")!;
    expect(application.deadline).toBe(`${nextWinter}-07-15`);
    expect(application.targetDate <= `${nextWinter}-07-15`).toBe(true);
    expect(view.progress).toEqual({ done: 0, total: view.steps.length });
  });

  it("an EU citizen gets no visa, APS or blocked account step; a US citizen the visa-free route", async () => {
    const eu = await userOn("pro");
    const euSlugs = slugs(await api(eu).roadmap.save(indianMaster({ nationality: "FR" })));
    for (const slug of ["visa-appointment", "visa-free-entry", "aps-certificate", "blocked-account", "residence-permit"])
      expect(euSlugs).not.toContain(slug);
    expect(euSlugs).toContain("address-registration");

    const us = await userOn("unlimited");
    const usSlugs = slugs(await api(us).roadmap.save(indianMaster({ nationality: "US" })));
    expect(usSlugs).toEqual(expect.arrayContaining(["visa-free-entry", "residence-permit", "blocked-account"]));
    expect(usSlugs).not.toContain("visa-appointment");
    expect(usSlugs).not.toContain("aps-certificate");
  });

  it("ticks a step done, writes a note, moves steps and hides an optional one; progress follows", async () => {
    const user = await userOn("pro");
    const view = await api(user).roadmap.save(indianMaster());
    const [first, second] = view.steps;
    const ticked = await api(user).roadmap.setDone({ id: second!.id, done: true });
    expect(ticked.steps.find((step) => step.id === second!.id)).toMatchObject({
      done: true,
      late: false,
      overdue: false,
    });
    expect(ticked.progress.done).toBe(1);
    const noted = await api(user).roadmap.setNote({ id: first!.id, note: "  Ask Priya about her programme list  " });
    expect(noted.steps[0]).toMatchObject({ id: first!.id, note: "Ask Priya about her programme list" });

    const moved = await api(user).roadmap.move({ id: first!.id, direction: "down" });
    expect(moved.steps.slice(0, 2).map((step) => step.id)).toEqual([second!.id, first!.id]);
    const back = await api(user).roadmap.move({ id: first!.id, direction: "up" });
    expect(back.steps.slice(0, 2).map((step) => step.id)).toEqual([first!.id, second!.id]);
    // Already first: nothing moves.
    expect((await api(user).roadmap.move({ id: first!.id, direction: "up" })).steps[0]!.id).toBe(first!.id);

    const optional = view.steps.find((step) => step.optional)!;
    const mandatory = view.steps.find((step) => !step.optional)!;
    const hidden = await api(user).roadmap.setHidden({ id: optional.id, hidden: true });
    expect(hidden.steps.find((step) => step.id === optional.id)?.hidden).toBe(true);
    expect(hidden.progress.total).toBe(view.steps.length - 1);
    expect(await rejection(api(user).roadmap.setHidden({ id: mandatory.id, hidden: true }))).toEqual({
      code: "BAD_REQUEST",
      message: "Only optional steps can be hidden.",
    });
    // Kept after a reload.
    const reloaded = await api(user).roadmap.get();
    expect(reloaded!.steps.find((step) => step.id === second!.id)?.done).toBe(true);
    expect((await itemsOf(user)).find((item) => item.id === second!.id)?.doneAt).toBeInstanceOf(Date);
  });

  it("generating again for a changed intake keeps done marks, notes and hidden flags of the steps that stay", async () => {
    const user = await userOn("pro");
    const view = await api(user).roadmap.save(indianMaster());
    const insurance = view.steps.find((step) => step.slug === "health-insurance")!;
    const aps = view.steps.find((step) => step.slug === "aps-certificate")!;
    const optional = view.steps.find((step) => step.optional)!;
    await api(user).roadmap.setDone({ id: insurance.id, done: true });
    await api(user).roadmap.setNote({ id: insurance.id, note: "TK student tariff" });
    await api(user).roadmap.setDone({ id: aps.id, done: true });
    await api(user).roadmap.setHidden({ id: optional.id, hidden: true });

    const again = await api(user).roadmap.save(indianMaster({ nationality: "US", intakeTerm: "summer", intakeYear: nextWinter + 1 }));
    expect(again.intake).toMatchObject({ nationality: "US", intakeTerm: "summer" });
    expect(again.semester.start).toBe(`${nextWinter + 1}-04-01`);
    expect(slugs(again)).not.toContain("aps-certificate");
    expect(again.steps.find((step) => step.slug === "health-insurance")).toMatchObject({
      id: insurance.id,
      done: true,
      note: "TK student tariff",
    });
    expect(again.steps.find((step) => step.slug === optional.slug)?.hidden).toBe(true);
    expect(again.steps.find((step) => step.slug === "university-application")?.deadline).toBe(`${nextWinter + 1}-01-15`);
    expect(await t.db.roadmap.count({ where: { userId: user.claims.id } })).toBe(1);
  });

  it("deletes the roadmap", async () => {
    const user = await userOn("pro");
    await api(user).roadmap.save(indianMaster());
    expect(await api(user).roadmap.delete()).toEqual({ deleted: true });
    expect(await api(user).roadmap.get()).toBeNull();
    expect(await t.db.roadmapItem.count({ where: { roadmap: { userId: user.claims.id } } })).toBe(0);
    expect(await api(user).roadmap.delete()).toEqual({ deleted: false });
    expect(await rejection(api(user).roadmap.calendar())).toEqual({
      code: "NOT_FOUND",
      message: "You have no roadmap yet: fill in the intake form on /roadmap first.",
    });
  });
});

describe("roadmap of a Free user: a preview of three steps", () => {
  it("no procedure returns a step beyond the preview; changes beyond it need Pro", async () => {
    const user = await userOn("free");
    const view = await api(user).roadmap.save(indianMaster());
    const items = await itemsOf(user);
    expect(items.length).toBeGreaterThan(8);
    const preview = items.slice(0, 3);
    const locked = items.slice(3);
    expect(view).toMatchObject({ full: false, lockedCount: items.length - 3 });
    expect(view.steps.map((step) => step.id)).toEqual(preview.map((item) => item.id));

    /** Nothing of a locked step (id, slug, title, how) is in the answer. */
    const leaksNothing = (answer: unknown) => {
      const text = JSON.stringify(answer);
      for (const item of locked) {
        expect(text).not.toContain(item.id);
        expect(text).not.toContain(`"slug":"${item.slug}"`);
        expect(text).not.toContain(item.title);
      }
    };
    leaksNothing(view);
    leaksNothing(await api(user).roadmap.get());
    leaksNothing(await api(user).roadmap.defaults());
    const calendar = await api(user).roadmap.calendar();
    leaksNothing(calendar);
    expect(parseIcs(calendar.content).events.map((event) => event.summary)).toEqual(preview.map((item) => item.title));

    // The preview's steps may be ticked and noted.
    const ticked = await api(user).roadmap.setDone({ id: preview[0]!.id, done: true });
    leaksNothing(ticked);
    expect(ticked.steps[0]!.done).toBe(true);
    leaksNothing(await api(user).roadmap.setNote({ id: preview[1]!.id, note: "Started" }));

    // Steps beyond it answer with the upgrade message and change nothing; reordering and hiding need Pro.
    const lockedStep = locked.find((item) => item.optional) ?? locked[0]!;
    // Each call starts only when awaited, so no rejection goes unobserved.
    const forbiddenCalls = [
      () => api(user).roadmap.setDone({ id: lockedStep.id, done: true }),
      () => api(user).roadmap.setNote({ id: lockedStep.id, note: "x" }),
      () => api(user).roadmap.move({ id: lockedStep.id, direction: "up" }),
      () => api(user).roadmap.setHidden({ id: lockedStep.id, hidden: true }),
      () => api(user).roadmap.move({ id: preview[2]!.id, direction: "down" }),
      () => api(user).roadmap.setHidden({ id: preview[0]!.id, hidden: true }),
    ];
    for (const call of forbiddenCalls) {
      expect(await rejection(call())).toEqual({ code: "FORBIDDEN", message: WHOLE_ROADMAP_NEEDS_PRO });
    }
    expect((await itemsOf(user)).map((item) => [item.id, item.done, item.note, item.hidden])).toEqual(
      items.map((item, index) => [item.id, index === 0, index === 1 ? "Started" : "", false]),
    );
    // Generating again answers with the preview too.
    leaksNothing(await api(user).roadmap.save(indianMaster({ fundingPlan: "parents" })));
  });

  it("a downgrade keeps the data and hides it again; an upgrade shows it all", async () => {
    const user = await userOn("pro");
    const view = await api(user).roadmap.save(indianMaster());
    const last = view.steps.at(-1)!;
    await api(user).roadmap.setDone({ id: last.id, done: true });
    await api(user).roadmap.setNote({ id: last.id, note: "Booked" });

    await downgrade(user);
    const preview = await api(user).roadmap.get();
    expect(preview).toMatchObject({ full: false, lockedCount: view.steps.length - 3 });
    expect(preview!.steps).toHaveLength(3);
    expect(JSON.stringify(preview)).not.toContain(last.id);
    expect(await t.db.roadmapItem.findUniqueOrThrow({ where: { id: last.id } })).toMatchObject({
      done: true,
      note: "Booked",
    });

    await subscribeTo(t.db, user.claims.id, "unlimited");
    const whole = await api(user).roadmap.get();
    expect(whole).toMatchObject({ full: true, lockedCount: 0 });
    expect(whole!.steps.find((step) => step.id === last.id)).toMatchObject({ done: true, note: "Booked" });
  });
});

describe("roadmap: other users and bad input", () => {
  it("another user's step answers 404 for every change", async () => {
    const owner = await userOn("pro");
    const other = await userOn("pro");
    const step = (await api(owner).roadmap.save(indianMaster())).steps.find((candidate) => candidate.optional)!;
    await api(other).roadmap.save(indianMaster({ nationality: "FR" }));
    const notFound = { code: "NOT_FOUND", message: "That step is not in your roadmap." };
    expect(await rejection(api(other).roadmap.setDone({ id: step.id, done: true }))).toEqual(notFound);
    expect(await rejection(api(other).roadmap.setNote({ id: step.id, note: "mine now" }))).toEqual(notFound);
    expect(await rejection(api(other).roadmap.move({ id: step.id, direction: "down" }))).toEqual(notFound);
    expect(await rejection(api(other).roadmap.setHidden({ id: step.id, hidden: true }))).toEqual(notFound);
    // A Free account or one without a roadmap: the same 404.
    const free = await userOn("free");
    expect(await rejection(api(free).roadmap.setDone({ id: step.id, done: true }))).toEqual(notFound);
    expect(await t.db.roadmapItem.findUniqueOrThrow({ where: { id: step.id } })).toMatchObject({
      done: false,
      note: "",
      hidden: false,
    });
  });

  it("refuses bad input with clear messages", async () => {
    const user = await userOn("pro");
    const refused = async (call: Promise<unknown>, message: string) =>
      expect(await rejection(call)).toEqual({ code: "BAD_REQUEST", message });
    await refused(api(user).roadmap.save(indianMaster({ nationality: "India" })), "Choose a nationality from the list.");
    await refused(api(user).roadmap.save(indianMaster({ nationality: "XX" })), "Choose a nationality from the list.");
    await refused(
      api(user).roadmap.save(indianMaster({ programType: "kindergarten" } as never)),
      "Choose the degree or programme you aim at.",
    );
    await refused(api(user).roadmap.save(indianMaster({ intakeTerm: "autumn" } as never)), "Choose the winter or the summer semester.");
    await refused(api(user).roadmap.save(indianMaster({ intakeYear: "2027" } as never)), "Choose the year your first semester starts.");
    await refused(api(user).roadmap.save(indianMaster({ languageLevel: "B3" } as never)), "Choose your level in the programme's language.");
    await refused(api(user).roadmap.save(indianMaster({ fundingPlan: "lottery" } as never)), "Choose how you will fund your studies.");
    await refused(
      api(user).roadmap.save(indianMaster({ intakeYear: year - 1 })),
      `The winter semester ${year - 1} has already started (${year - 1}-10-01). Choose a later intake.`,
    );
    await refused(
      api(user).roadmap.save(indianMaster({ intakeYear: year + 5 })),
      `Choose an intake up to ${year + 3}: plans further ahead would rest on rules that may change.`,
    );
    expect(await api(user).roadmap.get()).toBeNull();
    const step = (await api(user).roadmap.save(indianMaster())).steps[0]!;
    await refused(api(user).roadmap.setNote({ id: step.id, note: "x".repeat(2001) }), "A note is at most 2,000 characters.");
    await refused(api(user).roadmap.move({ id: step.id, direction: "left" } as never), "Move a step up or down.");
    await refused(api(user).roadmap.setDone({ id: "", done: true }), "Say which step.");
    await refused(api(user).roadmap.setDone({ id: step.id, done: "yes" } as never), "done is true or false.");
  });

  it("pre-fills nationality and degree from the profile and the newest tracked application", async () => {
    const user = await userOn("free");
    expect(await api(user).roadmap.defaults()).toEqual({ nationality: null, programType: null });
    await t.db.student.update({ where: { userId: user.claims.id }, data: { nationality: "India" } });
    await t.db.universityApplication.create({
      data: {
        userId: user.claims.id,
        university: "TU Munich",
        programme: "Informatics",
        programType: "master",
        deadline: new Date(`${nextWinter}-05-31T00:00:00Z`),
      },
    });
    expect(await api(user).roadmap.defaults()).toEqual({ nationality: "IN", programType: "master" });
  });
});

describe("GET /api/roadmap/calendar.ics", () => {
  const get = (cookie?: string) => callRoute(calendarRoute.GET as RouteHandler, "/api/roadmap/calendar.ics", { cookie });

  it("downloads an iCalendar file with an all-day event on each step's target date", async () => {
    const user = await userOn("pro");
    const view = await api(user).roadmap.save(indianMaster());
    const optional = view.steps.find((step) => step.optional)!;
    await api(user).roadmap.setHidden({ id: optional.id, hidden: true });
    const response = await get(await sessionCookie(t.db, user.claims));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="study-roadmap.ics"');
    const { calendar, events } = parseIcs(response.text);
    expect(calendar.VERSION).toBe("2.0");
    const shown = view.steps.filter((step) => step.id !== optional.id);
    expect(events).toHaveLength(shown.length);
    for (const [index, event] of events.entries()) {
      const step = shown[index]!;
      expect(event).toMatchObject({ start: step.targetDate, end: addDays(step.targetDate, 1), summary: step.title });
      expect(event.description).toContain(step.how.slice(0, 40));
      expect(event.description).toContain(`(checked ${step.checkedOn})`);
      expect(event.description).toContain(step.officialUrl!);
      expect(event.url).toBe(`${appUrl()}/roadmap#step-${step.slug}`);
    }
  });

  it("answers 401 signed out and 404 without a roadmap, as JSON", async () => {
    expect(await get()).toMatchObject({ status: 401, json: { success: false, error: SIGN_IN_REQUIRED_MESSAGE } });
    const user = await userOn("pro");
    expect(await get(await sessionCookie(t.db, user.claims))).toMatchObject({
      status: 404,
      json: { success: false, error: "You have no roadmap yet: fill in the intake form on /roadmap first." },
    });
  });
});

describe("account data", () => {
  it("the export holds the roadmap; deleting the account deletes it", async () => {
    const user = await userOn("pro");
    const view = await api(user).roadmap.save(indianMaster());
    await api(user).roadmap.setNote({ id: view.steps[0]!.id, note: "My note" });
    const exported = await api(user).account.export();
    expect(exported.roadmap).toMatchObject({
      nationality: "IN",
      programType: "master",
      intakeTerm: "winter",
      intakeYear: nextWinter,
    });
    expect(exported.roadmap!.items).toHaveLength(view.steps.length);
    expect(exported.roadmap!.items[0]).toMatchObject({ slug: view.steps[0]!.slug, note: "My note", done: false });

    const { id: roadmapId } = await t.db.roadmap.findUniqueOrThrow({ where: { userId: user.claims.id } });
    await api(user).users.deleteAccount({ password: user.password });
    expect(await t.db.roadmap.count({ where: { userId: user.claims.id } })).toBe(0);
    expect(await t.db.roadmapItem.count({ where: { roadmapId } })).toBe(0);
  });
});
