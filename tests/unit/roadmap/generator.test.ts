import { describe, expect, it } from "vitest";
import type { RoadmapIntake } from "~/lib/schemas/roadmap";
import { readToolFacts } from "~/server/content/tools/facts";
import { readShortStayFact } from "~/server/content/tools/visa";
import {
  dependencyProblem,
  fixedDeadlineBefore,
  intakeConditions,
  intakeProblem,
  planSteps,
  type StepTemplateRule,
  semesterStart,
  stepTiming,
  targetDateOf,
} from "~/server/services/roadmap/generator";
import { visaFactsFromRecords } from "~/server/services/tools/visa-rules";
import { roadmapIntake } from "../../helpers/roadmap";

const facts = visaFactsFromRecords([...readToolFacts(), readShortStayFact()]);
const STARTS = { winter: "10-01", summer: "04-01" };

const intake = (fields: Partial<RoadmapIntake> = {}) => roadmapIntake({ intakeYear: 2027, ...fields });

let position = 0;
/** A step template as the generator reads it (test data, not product content). */
const template = (slug: string, fields: Partial<StepTemplateRule> = {}): StepTemplateRule => ({
  slug,
  position: position++,
  appliesTo: ["all"],
  conditions: [],
  hidden: false,
  durationDays: 30,
  dueDaysBeforeIntake: 60,
  fixedDeadlineWinter: null,
  fixedDeadlineSummer: null,
  dependsOn: [],
  ...fields,
});

const TEMPLATES: StepTemplateRule[] = [
  template("choose-programmes", { dueDaysBeforeIntake: 270 }),
  template("check-university-entrance", { appliesTo: ["bachelor", "foundation"], dueDaysBeforeIntake: 240 }),
  template("language-course", {
    appliesTo: ["bachelor", "master", "phd"],
    conditions: ["language-course"],
    durationDays: 240,
    dueDaysBeforeIntake: 210,
  }),
  template("english-certificate", {
    conditions: ["language-certificate", "english-programme"],
    dueDaysBeforeIntake: 140,
  }),
  template("german-certificate", {
    conditions: ["language-certificate", "german-programme"],
    dueDaysBeforeIntake: 140,
  }),
  template("aps-certificate", { conditions: ["aps"], durationDays: 90, dueDaysBeforeIntake: 140 }),
  template("studienkolleg-application", {
    appliesTo: ["bachelor", "foundation"],
    conditions: ["studienkolleg"],
    dueDaysBeforeIntake: 170,
  }),
  template("university-application", {
    appliesTo: ["bachelor", "master"],
    durationDays: 56,
    dueDaysBeforeIntake: 78,
    fixedDeadlineWinter: "07-15",
    fixedDeadlineSummer: "01-15",
  }),
  template("blocked-account", { conditions: ["blocked-account"], dueDaysBeforeIntake: 120 }),
  template("formal-obligation", { conditions: ["commitment"], dueDaysBeforeIntake: 120 }),
  template("health-insurance", { durationDays: 14, dueDaysBeforeIntake: 120 }),
  template("visa-appointment", { conditions: ["national-visa"], durationDays: 90, dueDaysBeforeIntake: 30 }),
  template("visa-free-entry", { conditions: ["visa-free-entry"], dueDaysBeforeIntake: 30 }),
  template("travel-and-arrival", { durationDays: 14, dueDaysBeforeIntake: 21 }),
  template("address-registration", { durationDays: 14, dueDaysBeforeIntake: 7 }),
  template("residence-permit", { conditions: ["non-eu"], dueDaysBeforeIntake: 1 }),
  template("retired-step", { hidden: true }),
];

const slugsFor = (fields: Partial<RoadmapIntake>) => {
  const input = intake(fields);
  return planSteps(TEMPLATES, input, intakeConditions(facts, input), STARTS).map((step) => step.template.slug);
};

describe("roadmap conditions from the intake and the Visa Checker's rules", () => {
  it.each([
    ["India, master", {}, ["non-eu", "national-visa", "aps", "english-programme", "language-certificate", "blocked-account"]],
    [
      "China, PhD with a scholarship",
      { nationality: "CN", programType: "phd", fundingPlan: "scholarship" },
      ["non-eu", "national-visa", "aps", "english-programme", "language-certificate", "scholarship"],
    ],
    [
      "Vietnam, bachelor without direct entrance, German-taught from B1",
      {
        nationality: "VN",
        programType: "bachelor",
        directEntry: "no",
        programmeLanguage: "german",
        languageLevel: "B1",
      },
      ["non-eu", "national-visa", "aps", "studienkolleg", "german-programme", "language-course", "language-certificate", "blocked-account"],
    ],
    ["France, master", { nationality: "FR" }, ["english-programme", "language-certificate"]],
    [
      "Norway, master with parents' support",
      { nationality: "NO", fundingPlan: "parents", hasLanguageCertificate: true },
      ["english-programme", "parents"],
    ],
    ["USA, master", { nationality: "US" }, ["non-eu", "visa-free-entry", "english-programme", "language-certificate", "blocked-account"]],
    [
      "Brazil (section 41(2): study without a visa), formal obligation",
      { nationality: "BR", fundingPlan: "commitment" },
      ["non-eu", "visa-free-entry", "english-programme", "language-certificate", "commitment"],
    ],
    [
      "Nigeria, German-taught at C1 with a certificate",
      { nationality: "NG", programmeLanguage: "german", languageLevel: "C1", hasLanguageCertificate: true },
      ["non-eu", "national-visa", "german-programme", "blocked-account"],
    ],
    ["Germany", { nationality: "DE", fundingPlan: "other" }, ["english-programme", "language-certificate"]],
    [
      "India, language course (APS not for language courses)",
      { programType: "language_course" },
      ["non-eu", "national-visa", "english-programme", "language-certificate", "blocked-account"],
    ],
    [
      "English-taught with no English yet",
      { nationality: "FR", languageLevel: "none" },
      ["english-programme", "language-course", "language-certificate"],
    ],
  ] as const)("%s", (_name, fields, expected) => {
    expect([...intakeConditions(facts, intake(fields))].sort()).toEqual([...expected].sort());
  });
});

describe("template selection by programme type and conditions", () => {
  it("India, master, winter: APS, uni-assist, language test, blocked account, insurance, visa appointment, travel, registration", () => {
    expect(slugsFor({})).toEqual([
      "choose-programmes",
      "english-certificate",
      "aps-certificate",
      "blocked-account",
      "health-insurance",
      "university-application",
      "visa-appointment",
      "travel-and-arrival",
      "address-registration",
      "residence-permit",
    ]);
  });

  it("an EU citizen gets no visa, APS, blocked account or residence permit step", () => {
    const slugs = slugsFor({ nationality: "IT" });
    expect(slugs).toEqual([
      "choose-programmes",
      "english-certificate",
      "health-insurance",
      "university-application",
      "travel-and-arrival",
      "address-registration",
    ]);
  });

  it("a US citizen gets the visa-free entry route and no national visa or APS", () => {
    const slugs = slugsFor({ nationality: "US" });
    expect(slugs).toContain("visa-free-entry");
    expect(slugs).toContain("residence-permit");
    expect(slugs).not.toContain("visa-appointment");
    expect(slugs).not.toContain("aps-certificate");
  });

  it("a bachelor without direct entrance gets the entrance check and the Studienkolleg, German-taught below C1 a course", () => {
    const slugs = slugsFor({
      nationality: "VN",
      programType: "bachelor",
      directEntry: "no",
      programmeLanguage: "german",
      languageLevel: "B1",
    });
    expect(slugs).toEqual(
      expect.arrayContaining([
        "check-university-entrance",
        "studienkolleg-application",
        "language-course",
        "german-certificate",
        "aps-certificate",
      ]),
    );
    expect(slugs).not.toContain("english-certificate");
  });

  it("uses a step for the programme type or for all, never a hidden one, and a PhD has no uni-assist step here", () => {
    const slugs = slugsFor({ programType: "phd", hasLanguageCertificate: true, fundingPlan: "commitment" });
    expect(slugs).not.toContain("university-application");
    expect(slugs).not.toContain("check-university-entrance");
    expect(slugs).not.toContain("retired-step");
    expect(slugs).toContain("formal-obligation");
    expect(slugs).not.toContain("english-certificate");
  });
});

describe("target dates counted back from the semester start", () => {
  it("starts the winter semester on 1 October and the summer semester on 1 April of the intake year", () => {
    expect(semesterStart(STARTS, "winter", 2027)).toBe("2027-10-01");
    expect(semesterStart(STARTS, "summer", 2028)).toBe("2028-04-01");
  });

  it("counts days back, across the year end for a summer intake and through February in leap and other years", () => {
    const step = template("x", { dueDaysBeforeIntake: 150 });
    expect(targetDateOf(step, "winter", "2027-10-01")).toBe("2027-05-04");
    expect(targetDateOf(step, "summer", "2028-04-01")).toBe("2027-11-03");
    expect(targetDateOf(template("y", { dueDaysBeforeIntake: 60 }), "summer", "2028-04-01")).toBe("2028-02-01");
    expect(targetDateOf(template("y", { dueDaysBeforeIntake: 60 }), "summer", "2027-04-01")).toBe("2027-01-31");
    expect(targetDateOf(template("z", { dueDaysBeforeIntake: 0 }), "winter", "2027-10-01")).toBe("2027-10-01");
  });

  it("uses the fixed deadline of the intake's term in the intake's cycle", () => {
    const step = template("apply", {
      fixedDeadlineWinter: "07-15",
      fixedDeadlineSummer: "01-15",
      dueDaysBeforeIntake: 10,
    });
    expect(targetDateOf(step, "winter", "2027-10-01")).toBe("2027-07-15");
    expect(targetDateOf(step, "summer", "2028-04-01")).toBe("2028-01-15");
    // Only one term fixed: the other counts back.
    expect(targetDateOf(template("w", { fixedDeadlineWinter: "07-15", dueDaysBeforeIntake: 10 }), "summer", "2028-04-01")).toBe(
      "2028-03-22",
    );
  });

  it("puts a fixed day after the start's day in the year before (10-15 for a summer intake), the start's own day in its year", () => {
    expect(fixedDeadlineBefore("10-15", "2028-04-01")).toBe("2027-10-15");
    expect(fixedDeadlineBefore("12-31", "2028-04-01")).toBe("2027-12-31");
    expect(fixedDeadlineBefore("01-15", "2028-04-01")).toBe("2028-01-15");
    expect(fixedDeadlineBefore("10-01", "2027-10-01")).toBe("2027-10-01");
    expect(fixedDeadlineBefore("10-02", "2027-10-01")).toBe("2026-10-02");
  });

  it("orders by target date, then by the templates' order; every date is on or before the start", () => {
    const input = intake({ intakeTerm: "summer", intakeYear: 2028 });
    const steps = planSteps(TEMPLATES, input, intakeConditions(facts, input), STARTS);
    const dates = steps.map((step) => step.targetDate);
    expect(dates).toEqual([...dates].sort());
    for (const date of dates) expect(date <= "2028-04-01").toBe(true);
    // aps-certificate and english-certificate share 140 days: template order decides.
    const same = steps.filter((step) => step.targetDate === "2027-11-13").map((step) => step.template.slug);
    expect(same).toEqual(["english-certificate", "aps-certificate"]);
    expect(steps.find((step) => step.template.slug === "university-application")?.targetDate).toBe("2028-01-15");
    expect(steps[0]).toMatchObject({ template: { slug: "choose-programmes" }, targetDate: "2027-07-06" });
  });
});

describe("late and overdue steps", () => {
  const step = { targetDate: "2027-07-15", durationDays: 56, done: false };
  it("is neither while there is time to start", () => {
    expect(stepTiming(step, "2027-05-20")).toEqual({ startDate: "2027-05-20", late: false, overdue: false });
  });
  it("is late when its start day has passed, overdue when its target has passed", () => {
    expect(stepTiming(step, "2027-05-21")).toEqual({ startDate: "2027-05-20", late: true, overdue: false });
    expect(stepTiming(step, "2027-07-15")).toMatchObject({ late: true, overdue: false });
    expect(stepTiming(step, "2027-07-16")).toMatchObject({ late: true, overdue: true });
  });
  it("a done step is never late or overdue", () => {
    expect(stepTiming({ ...step, done: true }, "2027-08-01")).toMatchObject({ late: false, overdue: false });
  });
  it("counts the start back across a year end", () => {
    expect(stepTiming({ targetDate: "2028-01-15", durationDays: 56, done: false }, "2027-11-01").startDate).toBe("2027-11-20");
  });
});

describe("intakes that cannot be planned", () => {
  it("refuses a semester that has started, and one too far ahead", () => {
    expect(intakeProblem("2026-10-01", "2026-11-23", 3, "winter semester")).toBe(
      "The winter semester 2026 has already started (2026-10-01). Choose a later intake.",
    );
    expect(intakeProblem("2026-11-23", "2026-11-23", 3, "winter semester")).toMatch(/already started/);
    expect(intakeProblem("2027-04-01", "2026-11-23", 3, "summer semester")).toBeNull();
    expect(intakeProblem("2029-10-01", "2026-11-23", 3, "winter semester")).toBeNull();
    expect(intakeProblem("2030-04-01", "2026-11-23", 3, "summer semester")).toBe(
      "Choose an intake up to 2029: plans further ahead would rest on rules that may change.",
    );
  });
});

describe("step dependencies", () => {
  const dated = (templates: StepTemplateRule[], fields: Partial<RoadmapIntake> = {}) =>
    Object.fromEntries(
      planSteps(templates, intake(fields), intakeConditions(facts, intake(fields)), STARTS).map((step) => [
        step.template.slug,
        step.targetDate,
      ]),
    );

  it("date a step at least its own duration after each step it depends on, and order it after them", () => {
    const steps = [
      template("apply", { dueDaysBeforeIntake: 60 }),
      template("admission", { dueDaysBeforeIntake: 40, durationDays: 21, dependsOn: ["apply"] }),
      // Its own date (150 days before) would put the dorm before the application.
      template("dorm", { dueDaysBeforeIntake: 150, durationDays: 30, dependsOn: ["admission"] }),
    ];
    const dates = dated(steps);
    // As late as possible: the dorm keeps its own date, and what it depends on moves earlier.
    expect(dates.dorm).toBe("2027-05-04");
    expect(dates.admission).toBe("2027-04-04");
    expect(dates.apply).toBe("2027-03-14");
    const order = planSteps(steps, intake(), intakeConditions(facts, intake()), STARTS).map((step) => step.template.slug);
    expect(order).toEqual(["apply", "admission", "dorm"]);
  });

  it("keep a fixed deadline as the deadline, and plan a dependency that would come after it before it", () => {
    const steps = [
      // On its own the certificate would be due 40 days before the start, after the 15 July deadline.
      template("certificate", { dueDaysBeforeIntake: 40 }),
      template("apply", { fixedDeadlineWinter: "07-15", durationDays: 56, dependsOn: ["certificate"] }),
    ];
    const plan = planSteps(steps, intake(), intakeConditions(facts, intake()), STARTS);
    expect(plan.find((step) => step.template.slug === "apply")).toMatchObject({ targetDate: "2027-07-15", deadline: "2027-07-15" });
    expect(plan.find((step) => step.template.slug === "certificate")?.targetDate).toBe("2027-05-20");
  });

  it("plan a fixed-deadline step earlier than its deadline when the steps after it need the time, never later", () => {
    const steps = [
      template("apply", { fixedDeadlineWinter: "07-15", durationDays: 56 }),
      template("visa", { dueDaysBeforeIntake: 30, durationDays: 90, dependsOn: ["apply"] }),
    ];
    const plan = planSteps(steps, intake(), intakeConditions(facts, intake()), STARTS);
    expect(plan.find((step) => step.template.slug === "apply")).toMatchObject({ targetDate: "2027-06-03", deadline: "2027-07-15" });
  });

  it("leave out dependencies on steps that are not in the roadmap", () => {
    const steps = [
      template("aps", { conditions: ["aps"], dueDaysBeforeIntake: 100 }),
      template("apply", { dueDaysBeforeIntake: 60, dependsOn: ["aps"] }),
    ];
    expect(dated(steps, { nationality: "PL" })).toEqual({ apply: "2027-08-02" });
  });

  it("are checked: an unknown slug and a circle are named", () => {
    expect(
      dependencyProblem([
        { slug: "a", dependsOn: [] },
        { slug: "b", dependsOn: ["a"] },
      ]),
    ).toBeNull();
    expect(dependencyProblem([{ slug: "a", dependsOn: ["nowhere"] }])).toBe(
      "The step “a” depends on “nowhere”, which no step has as its slug.",
    );
    expect(
      dependencyProblem([
        { slug: "a", dependsOn: ["c"] },
        { slug: "b", dependsOn: ["a"] },
        { slug: "c", dependsOn: ["b"] },
      ]),
    ).toBe("The steps depend on each other in a circle (“a” → “c” → “b” → “a”): remove one of these dependencies.");
  });
});
