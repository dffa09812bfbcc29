import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl } from "~/env";
import { addDays, formatDay, utcDay } from "~/lib/period";
import type { PlanId } from "~/lib/plans";
import type { RoadmapIntake } from "~/lib/schemas/roadmap";
import { subscribeTo } from "../../helpers/billing";
import { parseIcs } from "../../helpers/ics";
import { nextWinterYear, roadmapIntake } from "../../helpers/roadmap";
import { createRoadmapTestDatabase } from "../../helpers/roadmap-database";
import { callerFor, createUser } from "../../helpers/session";
import type { TestDatabase } from "../../helpers/test-database";
import { rejection } from "../admin/fixtures";

/*
 * The roadmap's plan rules: step dependencies hold for every generated roadmap, the visa steps cite
 * the German missions for the student's nationality, the student's own dates, sub-tasks, and the
 * calendar's reminders and links.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createRoadmapTestDatabase();
});
afterAll(() => t?.stop());

type User = Awaited<ReturnType<typeof createUser>>;
async function userOn(planId: PlanId) {
  const user = await createUser(t.db);
  if (planId !== "free") await subscribeTo(t.db, user.claims.id, planId);
  return user;
}
const api = (user: User) => callerFor(t.db, user.claims).roadmap;
const nextWinter = nextWinterYear();

type View = Awaited<ReturnType<ReturnType<typeof api>["save"]>>;
const stepOf = (view: View, slug: string) => {
  const step = view.steps.find((candidate) => candidate.slug === slug);
  if (!step) throw new Error(`No step ${slug} in ${view.steps.map((each) => each.slug).join(", ")}`);
  return step;
};

const PROFILES: [string, Partial<RoadmapIntake>][] = [
  ["Indian master's, winter, English, blocked account", {}],
  ["Indian master's, summer", { intakeTerm: "summer", intakeYear: nextWinter + 1 }],
  [
    "Indian bachelor's with Studienkolleg, German-taught, B1",
    { programType: "bachelor", directEntry: "no", programmeLanguage: "german", languageLevel: "B1" },
  ],
  ["Chinese master's, German-taught, no German yet", { nationality: "CN", programmeLanguage: "german", languageLevel: "none" }],
  ["Nigerian PhD, scholarship", { nationality: "NG", programType: "phd", fundingPlan: "scholarship" }],
  [
    "Pakistani bachelor's, summer, formal obligation",
    { nationality: "PK", programType: "bachelor", intakeTerm: "summer", intakeYear: nextWinter + 1, fundingPlan: "commitment" },
  ],
  ["Turkish foundation course, parents", { nationality: "TR", programType: "foundation", directEntry: "no", fundingPlan: "parents" }],
  ["Brazilian exchange semester, certificate held", { nationality: "BR", programType: "exchange", hasLanguageCertificate: true }],
  ["US master's (visa-free entry)", { nationality: "US" }],
  ["French master's (EU)", { nationality: "FR", intakeTerm: "summer", intakeYear: nextWinter + 1 }],
  ["Vietnamese language course", { nationality: "VN", programType: "language_course", languageLevel: "A1", programmeLanguage: "german" }],
  [
    "Ghanaian master's, German-taught C1, other funding",
    { nationality: "GH", programmeLanguage: "german", languageLevel: "C1", fundingPlan: "other" },
  ],
];

describe("step dependencies", () => {
  it.each(PROFILES)("hold for the generated roadmap: %s", async (_label, fields) => {
    const user = await userOn("pro");
    const view = await api(user).save(roadmapIntake(fields));
    const templates = await t.db.roadmapStepTemplate.findMany({ select: { slug: true, dependsOn: true } });
    const dependsOn = new Map(templates.map((template) => [template.slug, template.dependsOn]));
    const index = new Map(view.steps.map((step, position) => [step.slug, position]));
    let checked = 0;
    for (const step of view.steps) {
      for (const slug of dependsOn.get(step.slug) ?? []) {
        const dependency = view.steps.find((candidate) => candidate.slug === slug);
        if (!dependency) continue;
        checked++;
        expect(step.targetDate >= addDays(dependency.targetDate, step.durationDays), `${step.slug} after ${slug} + its duration`).toBe(
          true,
        );
        expect(index.get(step.slug)! > index.get(slug)!, `${step.slug} ordered after ${slug}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(3);
    const dates = view.steps.map((step) => step.targetDate);
    expect(dates).toEqual([...dates].sort());
    for (const step of view.steps) expect(step.targetDate <= view.semester.start, step.slug).toBe(true);
  });

  it("an Indian master's in Munich for the winter: admission and the university application before housing, and the whole chain in order", async () => {
    const view = await api(await userOn("pro")).save(roadmapIntake());
    const order = view.steps.map((step) => step.slug);
    const chain = [
      "university-application",
      "admission-and-enrolment-preparation",
      "student-accommodation",
      "travel-and-arrival",
      "address-registration",
      "residence-permit",
    ];
    expect(chain.map((slug) => order.indexOf(slug))).toEqual([...chain.map((slug) => order.indexOf(slug))].sort((a, b) => a - b));
    for (const proof of ["blocked-account", "health-insurance", "aps-certificate"])
      expect(order.indexOf(proof), proof).toBeLessThan(order.indexOf("visa-appointment"));
    expect(order.indexOf("visa-appointment")).toBeLessThan(order.indexOf("travel-and-arrival"));
    expect(stepOf(view, "student-accommodation").targetDate > stepOf(view, "admission-and-enrolment-preparation").targetDate).toBe(true);
    // The fixed deadline stays the deadline; the plan asks for the application before it.
    expect(stepOf(view, "university-application")).toMatchObject({ deadline: `${nextWinter}-07-15` });
    expect(stepOf(view, "university-application").targetDate <= `${nextWinter}-07-15`).toBe(true);
  });
});

describe("the German missions a roadmap cites", () => {
  const missionsOf = async (nationality: string) => {
    const view = await api(await userOn("pro")).save(roadmapIntake({ nationality }));
    return { view, missions: stepOf(view, "visa-appointment").missions! };
  };

  it("India: the embassy in New Delhi and the consulates general, on the visa and proof steps only", async () => {
    const { view, missions } = await missionsOf("IN");
    expect(missions).toMatchObject({ country: "IN", countryName: "India", covered: true });
    expect(missions.missions.map((mission) => mission.name)).toEqual(
      expect.arrayContaining([
        "German Embassy New Delhi",
        "German Consulate General Mumbai",
        "German Consulate General Chennai",
        "German Consulate General Bengaluru",
      ]),
    );
    for (const mission of missions.missions) expect(mission.url).toMatch(/^https:\/\/india\.diplo\.de\//);
    expect(missions.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(stepOf(view, "blocked-account").missions).toEqual(missions);
    expect(stepOf(view, "health-insurance").missions).toEqual(missions);
    expect(stepOf(view, "student-accommodation").missions).toBeNull();
    expect(stepOf(view, "address-registration").missions).toBeNull();
    // No step cites another country's mission or one city's office as the student's own.
    for (const step of view.steps) {
      expect(step.officialUrl, step.slug).not.toMatch(/griechenland|magdeburg|tu-ilmenau/);
      if (/schwanewede|uni-augsburg|muenchen|sachsen-anhalt|gk-stpe/.test(step.officialUrl ?? ""))
        expect(step.officialTitle, step.slug).toMatch(/^Example: /);
    }
  });

  it.each([
    ["CN", "German Embassy Beijing", /diplo\.de|aps\.org\.cn/],
    ["PK", "German Embassy Islamabad", /pakistan\.diplo\.de/],
    ["NG", "German Consulate General Lagos", /nigeria\.diplo\.de/],
    ["NP", "German Embassy Kathmandu", /kathmandu\.diplo\.de/],
  ])("%s: %s", async (nationality, name, host) => {
    const { missions } = await missionsOf(nationality);
    expect(missions.covered).toBe(true);
    expect(missions.missions.map((mission) => mission.name)).toContain(name);
    for (const mission of missions.missions) expect(mission.url).toMatch(host);
    expect(missions.missions.some((mission) => /india\.diplo\.de/.test(mission.url))).toBe(false);
  });

  it("a country without a row: the honest way to find the mission, from the Federal Foreign Office's list", async () => {
    const { missions } = await missionsOf("CM");
    expect(missions).toMatchObject({ country: "CM", countryName: "Cameroon", covered: false });
    expect(missions.note).toContain("in whose district you usually live");
    expect(missions.missions[0]!.url).toMatch(/auswaertiges-amt\.de/);
    expect(missions.missions[0]!.name).toContain("Federal Foreign Office");
  });
});

describe("the student's own dates", () => {
  it("sets a real date, keeps it when the roadmap is generated again, and resets to the suggested date", async () => {
    const user = await userOn("pro");
    const view = await api(user).save(roadmapIntake());
    const step = stepOf(view, "student-accommodation");
    const own = addDays(step.targetDate, -20);
    const changed = stepOf(await api(user).setDate({ id: step.id, date: own }), "student-accommodation");
    expect(changed).toMatchObject({ targetDate: own, ownDate: true, suggestedDate: step.targetDate, dateNote: null });

    // Generated again for a changed intake: the own date stays, the suggestion follows the new plan.
    const again = await api(user).save(roadmapIntake({ fundingPlan: "scholarship" }));
    expect(stepOf(again, "student-accommodation")).toMatchObject({ targetDate: own, ownDate: true, suggestedDate: step.targetDate });
    expect(stepOf(again, "student-accommodation").id).toBe(step.id);

    const reset = stepOf(await api(user).resetDate({ id: step.id }), "student-accommodation");
    expect(reset).toMatchObject({ targetDate: step.targetDate, ownDate: false, suggestedDate: step.targetDate });
    expect(reset.startDate).toBe(addDays(step.targetDate, -step.durationDays));
  });

  it("flags a step dated before a step it depends on, until the dates are in order again", async () => {
    const user = await userOn("pro");
    const view = await api(user).save(roadmapIntake());
    const visa = stepOf(view, "visa-appointment");
    const travel = stepOf(view, "travel-and-arrival");
    expect(view.steps.every((step) => step.dateNote === null)).toBe(true);
    // The visa appointment moved after the day the plan travels: travelling now comes before it.
    const moved = await api(user).setDate({ id: visa.id, date: addDays(travel.targetDate, 5) });
    expect(stepOf(moved, "travel-and-arrival").dateNote).toBe(
      `This date is before “${visa.title}” (${formatDay(addDays(travel.targetDate, 5))}), which has to come first: change one of the two dates.`,
    );
    expect(stepOf(moved, "visa-appointment").dateNote).toBeNull();
    // Done, the visa step no longer holds travelling back; reset, the dates are in order again.
    expect(stepOf(await api(user).setDone({ id: visa.id, done: true }), "travel-and-arrival").dateNote).toBeNull();
    await api(user).setDone({ id: visa.id, done: false });
    expect(stepOf(await api(user).resetDate({ id: visa.id }), "travel-and-arrival").dateNote).toBeNull();
  });

  it("allows a date after the semester start or in the past, with a clear note; refuses a date that is not a day", async () => {
    const user = await userOn("pro");
    const view = await api(user).save(roadmapIntake());
    const step = stepOf(view, "travel-and-arrival");
    const late = stepOf(await api(user).setDate({ id: step.id, date: addDays(view.semester.start, 10) }), "travel-and-arrival");
    expect(late.dateNote).toMatch(/^Your date is after the semester starts \(1 October \d{4}\)/);
    const past = stepOf(await api(user).setDate({ id: step.id, date: addDays(utcDay(new Date()), -3) }), "travel-and-arrival");
    expect(past.dateNote).toBe("Your date has passed: choose a new one or reset to the suggested date.");
    const bad = { code: "BAD_REQUEST", message: "Write the date as a real day, YYYY-MM-DD, e.g. 2027-05-14." };
    expect(await rejection(api(user).setDate({ id: step.id, date: "2027-02-30" }))).toEqual(bad);
    expect(await rejection(api(user).setDate({ id: step.id, date: "15.05.2027" }))).toEqual(bad);
    expect(await rejection(api(user).setDate({ id: step.id, date: "1999-12-31" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Choose a date between the years 2000 and 2200.",
    });
  });

  it("another user's step answers not found, and nothing changes", async () => {
    const owner = await userOn("pro");
    const step = (await api(owner).save(roadmapIntake())).steps[0]!;
    const other = await userOn("pro");
    await api(other).save(roadmapIntake({ nationality: "FR" }));
    const notFound = { code: "NOT_FOUND", message: "That step is not in your roadmap." };
    expect(await rejection(api(other).setDate({ id: step.id, date: "2027-01-01" }))).toEqual(notFound);
    expect(await rejection(api(other).resetDate({ id: step.id }))).toEqual(notFound);
    expect(await t.db.roadmapItem.findUniqueOrThrow({ where: { id: step.id } })).toMatchObject({
      targetDate: step.targetDate,
      ownDate: false,
    });
  });
});

describe("sub-tasks", () => {
  it("are added, ticked and deleted, in order, and survive generating the roadmap again", async () => {
    const user = await userOn("pro");
    const step = stepOf(await api(user).save(roadmapIntake()), "visa-appointment");
    await api(user).addSubtask({ stepId: step.id, text: "  Print the VIDEX form  " });
    const view = await api(user).addSubtask({ stepId: step.id, text: "Copy the admission letter" });
    const subtasks = stepOf(view, "visa-appointment").subtasks;
    expect(subtasks.map(({ text, done }) => ({ text, done }))).toEqual([
      { text: "Print the VIDEX form", done: false },
      { text: "Copy the admission letter", done: false },
    ]);
    const ticked = await api(user).setSubtaskDone({ id: subtasks[0]!.id, done: true });
    expect(stepOf(ticked, "visa-appointment").subtasks[0]).toMatchObject({ done: true });
    const again = await api(user).save(roadmapIntake({ fundingPlan: "scholarship" }));
    expect(stepOf(again, "visa-appointment").subtasks).toHaveLength(2);
    const deleted = await api(user).deleteSubtask({ id: subtasks[1]!.id });
    expect(stepOf(deleted, "visa-appointment").subtasks.map((subtask) => subtask.text)).toEqual(["Print the VIDEX form"]);
  });

  it("refuses empty and too long texts, and more than 30 on one step", async () => {
    const user = await userOn("pro");
    const step = (await api(user).save(roadmapIntake())).steps[0]!;
    expect(await rejection(api(user).addSubtask({ stepId: step.id, text: "   " }))).toEqual({
      code: "BAD_REQUEST",
      message: "Write the sub-task.",
    });
    expect(await rejection(api(user).addSubtask({ stepId: step.id, text: "x".repeat(201) }))).toEqual({
      code: "BAD_REQUEST",
      message: "A sub-task is at most 200 characters.",
    });
    for (let index = 0; index < 30; index++) await api(user).addSubtask({ stepId: step.id, text: `Task ${index}` });
    expect(await rejection(api(user).addSubtask({ stepId: step.id, text: "One more" }))).toEqual({
      code: "BAD_REQUEST",
      message: "A step has at most 30 sub-tasks: delete one you no longer need.",
    });
  });

  it("another user's step or sub-task answers not found; beyond the Free preview they need Pro", async () => {
    const owner = await userOn("pro");
    const step = (await api(owner).save(roadmapIntake())).steps[0]!;
    const subtask = stepOf(await api(owner).addSubtask({ stepId: step.id, text: "Mine" }), step.slug).subtasks[0]!;
    const other = await userOn("pro");
    await api(other).save(roadmapIntake());
    expect(await rejection(api(other).addSubtask({ stepId: step.id, text: "Theirs" }))).toEqual({
      code: "NOT_FOUND",
      message: "That step is not in your roadmap.",
    });
    const gone = { code: "NOT_FOUND", message: "That sub-task is not in your roadmap." };
    expect(await rejection(api(other).setSubtaskDone({ id: subtask.id, done: true }))).toEqual(gone);
    expect(await rejection(api(other).deleteSubtask({ id: subtask.id }))).toEqual(gone);
    expect(await t.db.roadmapSubtask.findUniqueOrThrow({ where: { id: subtask.id } })).toMatchObject({ text: "Mine", done: false });

    // Free: the preview's steps take sub-tasks like notes; a step beyond it needs Pro.
    const free = await userOn("free");
    const preview = (await api(free).save(roadmapIntake())).steps[0]!;
    expect(stepOf(await api(free).addSubtask({ stepId: preview.id, text: "Shortlist" }), preview.slug).subtasks).toHaveLength(1);
    const locked = (await t.db.roadmapItem.findMany({ where: { roadmap: { userId: free.claims.id } }, orderBy: { position: "asc" } }))[5]!;
    expect(await rejection(api(free).addSubtask({ stepId: locked.id, text: "Locked" }))).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("the calendar file", () => {
  it("gives every open step two display reminders and a link to the step; the official page and the missions stay in the description", async () => {
    const user = await userOn("pro");
    const view = await api(user).save(roadmapIntake());
    const first = view.steps[0]!;
    await api(user).setDone({ id: first.id, done: true });
    const { events } = parseIcs((await api(user).calendar()).content);
    expect(events).toHaveLength(view.steps.length);
    for (const [index, event] of events.entries()) {
      const step = view.steps[index]!;
      expect(event.url).toBe(`${appUrl()}/roadmap#step-${step.slug}`);
      expect(event.description).toContain(`This step in your roadmap: ${appUrl()}/roadmap#step-${step.slug}`);
      if (step.officialUrl) expect(event.description).toContain(step.officialUrl);
      if (step.id === first.id) {
        expect(event.alarms).toEqual([]);
        continue;
      }
      expect(event.alarms).toEqual([
        { action: "DISPLAY", trigger: "-P7D", description: `In 7 days: ${step.title}` },
        { action: "DISPLAY", trigger: "-P1D", description: `Tomorrow: ${step.title}` },
      ]);
    }
    const visa = events[view.steps.findIndex((step) => step.slug === "visa-appointment")]!;
    expect(visa.description).toContain("German missions for India:");
    expect(visa.description).toContain("German Embassy New Delhi https://india.diplo.de/");
  });
});
