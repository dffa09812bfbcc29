import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RoadmapIntake } from "~/lib/schemas/roadmap";
import { ROADMAP_CONDITIONS } from "~/lib/schemas/roadmap-steps";
import { readRoadmapContent } from "~/server/content/roadmap";
import { readToolFacts } from "~/server/content/tools/facts";
import { readShortStayFact } from "~/server/content/tools/visa";
import { intakeConditions, planSteps } from "~/server/services/roadmap/generator";
import { visaFactsFromRecords } from "~/server/services/tools/visa-rules";
import { roadmapIntake } from "../../helpers/roadmap";

const content = readRoadmapContent();
const facts = visaFactsFromRecords([...readToolFacts(), readShortStayFact()]);
// The generator reads rows; the file's steps have the same fields (position = order in the file).
const templates = content.steps.map((step, position) => ({
  ...step,
  position,
  hidden: false,
  fixedDeadlineWinter: step.fixedDeadlineWinter || null,
  fixedDeadlineSummer: step.fixedDeadlineSummer || null,
}));

const plan = (fields: Partial<RoadmapIntake>) => {
  const intake = roadmapIntake({ intakeYear: 2027, ...fields });
  return planSteps(templates, intake, intakeConditions(facts, intake), content.semesterStarts);
};

describe("the shipped roadmap steps (src/content/roadmap/steps.json)", () => {
  it("use only the conditions the generator computes, and each cites its official page with the day it was checked", () => {
    for (const step of content.steps) {
      for (const condition of step.conditions) expect(ROADMAP_CONDITIONS, step.slug).toContain(condition);
      expect(step.officialUrl, step.slug).toMatch(/^https:\/\//);
      expect(step.checkedOn, step.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(content.semesterStarts.sources.length).toBeGreaterThan(0);
  });

  it("give an Indian master's applicant for winter 2027 the steps of the acceptance, all dated before 1 October 2027", () => {
    const steps = plan({});
    const slugs = steps.map((step) => step.template.slug);
    expect(slugs).toEqual(
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
    for (const step of steps) expect(step.targetDate < "2027-10-01", step.template.slug).toBe(true);
    // The deadline stays 15 July; the plan asks for the application earlier so admission, the
    // proofs and the visa (about three months) fit before the semester.
    const application = steps.find((step) => step.template.slug === "university-application");
    expect(application?.deadline).toBe("2027-07-15");
    expect(application!.targetDate <= "2027-07-15").toBe(true);
    const order = steps.map((step) => step.template.slug);
    for (const [before, after] of [
      ["university-application", "admission-and-enrolment-preparation"],
      ["admission-and-enrolment-preparation", "student-accommodation"],
      ["admission-and-enrolment-preparation", "visa-appointment"],
      ["visa-appointment", "travel-and-arrival"],
      ["travel-and-arrival", "address-registration"],
      ["address-registration", "residence-permit"],
    ])
      expect(order.indexOf(before!), `${before} before ${after}`).toBeLessThan(order.indexOf(after!));
  });

  it("give an EU citizen no visa, APS or blocked account step, and a US citizen the visa-free entry", () => {
    const eu = plan({ nationality: "PL" }).map((step) => step.template.slug);
    for (const slug of ["visa-appointment", "visa-free-entry", "aps-certificate", "blocked-account", "residence-permit"])
      expect(eu).not.toContain(slug);
    const us = plan({ nationality: "US" }).map((step) => step.template.slug);
    expect(us).toContain("visa-free-entry");
    expect(us).not.toContain("visa-appointment");
    expect(us).not.toContain("aps-certificate");
  });

  it("date a summer intake across the year end", () => {
    const steps = plan({ intakeTerm: "summer", intakeYear: 2028 });
    const application = steps.find((step) => step.template.slug === "university-application");
    expect(application?.deadline).toBe("2028-01-15");
    expect(application!.targetDate <= "2028-01-15").toBe(true);
    expect(steps[0]!.targetDate < "2028-01-01").toBe(true);
    for (const step of steps) expect(step.targetDate < "2028-04-01", step.template.slug).toBe(true);
  });
});

describe("the content file's dependencies", () => {
  /** The shipped file with one step's dependencies changed, in a scratch directory. */
  const withDependencies = (slug: string, dependsOn: string[]) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "roadmap-content-"));
    const file = JSON.parse(fs.readFileSync(path.join(process.cwd(), "src/content/roadmap/steps.json"), "utf8"));
    file.steps.find((step: { slug: string }) => step.slug === slug).dependsOn = dependsOn;
    fs.writeFileSync(path.join(dir, "steps.json"), JSON.stringify(file));
    return dir;
  };

  it("name only steps of the file, without circles; the seed stops on either with the steps named", () => {
    const slugs = new Set(content.steps.map((step) => step.slug));
    for (const step of content.steps) for (const slug of step.dependsOn) expect(slugs, `${step.slug} -> ${slug}`).toContain(slug);
    expect(() => readRoadmapContent(withDependencies("choose-programmes", ["no-such-step"]))).toThrow(
      "src/content/roadmap/steps.json: The step “choose-programmes” depends on “no-such-step”, which no step has as its slug.",
    );
    expect(() => readRoadmapContent(withDependencies("choose-programmes", ["university-application"]))).toThrow(/in a circle/);
  });
});
