import { adminSection } from "~/lib/admin-sections";
import { ROADMAP_STEP_WRITE_ACCESS, type RoadmapAudience, type RoadmapCondition } from "~/lib/schemas/roadmap-steps";
import type { Db } from "~/server/db/client";
import type { AdminProcedureCase } from "./types";

let counter = 0;
const nextSlug = () => `permission-case-step-${++counter}-${Date.now()}`;

/** Step fields that pass every check (test data, not product content). */
export const validStep = () => ({
  slug: nextSlug(),
  appliesTo: ["master"] as RoadmapAudience[],
  title: "Test step",
  why: "Why the test step matters.",
  how: "How to do the test step.",
  officialUrl: "https://www.example.org/official",
  officialTitle: "Example official page",
  durationDays: 30,
  dueDaysBeforeIntake: 90,
  deadlineRule: "Test rule: 90 days before the intake",
  checkedOn: "2025-01-15",
  conditions: ["non-eu"] as RoadmapCondition[],
  optional: false,
  fixedDeadlineWinter: "",
  fixedDeadlineSummer: "",
  linkHref: "/tools/visa-checker",
  linkLabel: "Check your visa in the Visa Checker",
  dependsOn: [] as string[],
});

async function createStep(db: Db) {
  const { slug, ...fields } = validStep();
  return db.roadmapStepTemplate.create({ data: { slug, ...fields } });
}

const write = ROADMAP_STEP_WRITE_ACCESS;

export const cases: AdminProcedureCase[] = [
  {
    path: "admin.flows.list",
    access: adminSection("flows").access,
    input: () => ({ appliesTo: "master" }),
    badInput: { appliesTo: "kindergarten" },
  },
  {
    path: "admin.flows.create",
    access: write,
    input: () => validStep(),
    // A deadline rule without its official page.
    badInput: { ...validStep(), officialUrl: "", officialTitle: "", checkedOn: "" },
  },
  {
    path: "admin.flows.update",
    access: write,
    input: async ({ db }) => {
      const { slug: _slug, ...fields } = validStep();
      return { id: (await createStep(db)).id, ...fields, title: "Test step, changed" };
    },
    badInput: { id: "x", ...validStep(), slug: undefined, durationDays: 0 },
  },
  {
    path: "admin.flows.reorder",
    access: write,
    input: async ({ db }) => ({ id: (await createStep(db)).id, position: 1 }),
    badInput: { id: "x", position: 0 },
  },
  {
    path: "admin.flows.setHidden",
    access: write,
    input: async ({ db }) => ({ id: (await createStep(db)).id, hidden: true }),
    badInput: { id: "x", hidden: "yes" },
  },
  {
    path: "admin.flows.delete",
    access: write,
    input: async ({ db }) => ({ id: (await createStep(db)).id }),
    badInput: { id: "" },
  },
];
