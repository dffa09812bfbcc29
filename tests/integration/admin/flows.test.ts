import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { latestToday } from "~/lib/schemas/roadmap-steps";
import { readRoadmapContent } from "~/server/content/roadmap";
import { createStaff } from "../../helpers/admin";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { validStep } from "./cases/flows";
import { errorOf } from "./fixtures";

/**
 * /admin/flows: the roadmap step templates. The seed brings those of src/content/roadmap/steps.json
 * (each with its official source); staff add, change, order, hide and delete them, every change audited.
 */
let t: TestDatabase;
let designer: Awaited<ReturnType<typeof createStaff>>;
let seededSteps: number;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  seededSteps = await t.db.roadmapStepTemplate.count();
  designer = await createStaff(t.db, "designer");
});
afterAll(() => t.stop());
beforeEach(async () => {
  await t.db.roadmapStepTemplate.deleteMany();
});

const flows = () => designer.caller.admin.flows;
const auditOf = (targetId: string) =>
  t.db.auditLog.findMany({ where: { targetType: "roadmap_step", targetId }, orderBy: { createdAt: "asc" } });
const slugsInOrder = async () => (await flows().list({ sort: "position", dir: "asc", pageSize: 100 })).rows.map((row) => row.slug);

describe("roadmap steps", () => {
  it("are seeded from the content file; without steps the list is empty", async () => {
    expect(seededSteps).toBe(readRoadmapContent().steps.length);
    expect(await flows().list({})).toEqual({ rows: [], total: 0, page: 1, pageSize: 25 });
  });

  it("are created at the end of the list, and audited", async () => {
    const first = await flows().create({ ...validStep(), slug: "first-step" });
    const second = await flows().create({
      ...validStep(),
      slug: "second-step",
      officialUrl: "",
      officialTitle: "",
      checkedOn: "",
      deadlineRule: "",
    });
    expect(first.position).toBe(0);
    expect(second).toMatchObject({
      position: 1,
      officialUrl: null,
      officialTitle: null,
      checkedOn: "",
      deadlineRule: "",
      hidden: false,
    });
    const fixed = await flows().create({
      ...validStep(),
      slug: "fixed-step",
      conditions: ["aps", "national-visa"],
      optional: true,
      fixedDeadlineWinter: "07-15",
      fixedDeadlineSummer: "",
      linkHref: "",
      linkLabel: "",
    });
    expect(fixed).toMatchObject({
      conditions: ["aps", "national-visa"],
      optional: true,
      fixedDeadlineWinter: "07-15",
      fixedDeadlineSummer: null,
      linkHref: null,
      linkLabel: null,
    });
    const [audit] = await auditOf(first.id);
    expect(audit).toMatchObject({
      action: "roadmap_step.created",
      actorId: designer.claims.id,
      after: { slug: "first-step", title: "Test step", durationDays: 30 },
    });
  });

  it("refuse a slug in use with 409", async () => {
    await flows().create({ ...validStep(), slug: "same-slug" });
    const error = await errorOf(flows().create({ ...validStep(), slug: "same-slug" }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("A step with the slug “same-slug” exists already: choose another slug.");
  });

  it("check each field with a clear message", async () => {
    const refused = async (fields: object, message: string) => {
      const error = await errorOf(flows().create({ ...validStep(), ...fields } as never));
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toContain(message);
    };
    await refused({ officialUrl: "http://www.example.org/" }, "The official page must be an https:// address");
    await refused({ checkedOn: latestToday(new Date(Date.now() + 2 * 86_400_000)) }, "The check date cannot be in the future");
    await refused({ checkedOn: "2025-02-30" }, "The check date must be a day written YYYY-MM-DD");
    await refused({ durationDays: 0 }, "Duration must be at least 1 day");
    await refused({ durationDays: 731 }, "Duration must be at most 730 days");
    await refused({ durationDays: 2.5 }, "Duration must be a whole number of days");
    await refused({ dueDaysBeforeIntake: -1 }, "Due before the intake must be at least 0 days");
    await refused({ dueDaysBeforeIntake: 731 }, "Due before the intake must be at most 730 days");
    await refused({ appliesTo: [] }, "Choose who the step is for");
    await refused({ appliesTo: ["all", "master"] }, "“All programmes” already includes each programme type");
    await refused({ appliesTo: ["nursery"] }, "Choose programme types from the list");
    await refused({ slug: "Not A Slug" }, "The slug is lowercase letters and digits joined by hyphens");
    // A step with a deadline rule needs its official page, whole.
    await refused(
      { officialUrl: "", officialTitle: "", checkedOn: "" },
      "Add the official page's address: a step with a deadline rule needs the official page it comes from",
    );
    await refused({ checkedOn: "" }, "Add the day the official page was checked");
    await refused({ deadlineRule: "", officialTitle: "" }, "Add the official page's title: give the official page whole");
    // Conditions come from the vocabulary; fixed deadlines are days every year has; links stay on the site.
    await refused({ conditions: ["rich"] }, "Choose conditions from the list");
    await refused({ conditions: ["aps", "aps"] }, "Each condition once");
    await refused({ fixedDeadlineWinter: "07-32" }, "The winter deadline is a day written MM-DD that every year has");
    await refused({ fixedDeadlineSummer: "02-29" }, "The summer deadline is a day written MM-DD that every year has");
    await refused({ fixedDeadlineWinter: "2026-07-15" }, "The winter deadline is a day written MM-DD");
    await refused({ linkHref: "https://evil.example/" }, "The product link is a path of this site starting with /");
    await refused({ linkHref: "//evil.example/" }, "The product link is a path of this site starting with /");
    await refused({ linkLabel: "" }, "Add the link's text");
    await refused({ linkHref: "" }, "Add the product link the text leads to, or clear the text");
    await refused({ optional: "yes" }, "Say whether the step is optional");
    // The limits themselves are fine.
    await flows().create({ ...validStep(), durationDays: 730, dueDaysBeforeIntake: 0, checkedOn: latestToday() });
    await flows().create({ ...validStep(), durationDays: 1, dueDaysBeforeIntake: 730 });
    expect((await flows().list({})).total).toBe(2);
  });

  it("name the steps they depend on: unknown slugs, the step itself and circles are refused with the steps named", async () => {
    const refused = async (call: Promise<unknown>, message: string) => {
      const error = await errorOf(call);
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toContain(message);
    };
    const apply = await flows().create({ ...validStep(), slug: "apply" });
    const admission = await flows().create({ ...validStep(), slug: "admission", dependsOn: ["apply"] });
    expect(admission.dependsOn).toEqual(["apply"]);
    await refused(
      flows().create({ ...validStep(), slug: "dorm", dependsOn: ["admission", "nowhere"] }),
      "The step “dorm” depends on “nowhere”, which no step has as its slug.",
    );
    await refused(flows().create({ ...validStep(), slug: "loop", dependsOn: ["loop"] }), "The step “loop” cannot depend on itself");
    const { slug: _slug, ...fields } = validStep();
    await refused(
      flows().update({ ...fields, id: apply.id, dependsOn: ["admission"] }),
      "The steps depend on each other in a circle (“admission” → “apply” → “admission”): remove one of these dependencies.",
    );
    await refused(flows().create({ ...validStep(), slug: "twice", dependsOn: ["apply", "apply"] }), "Name each step it depends on once");
    // A step others depend on is not deleted from under them.
    const error = await errorOf(flows().delete({ id: apply.id }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(
      "Other steps depend on “apply” (“admission”): remove it from their dependencies first, or hide the step instead.",
    );
    expect(await t.db.roadmapStepTemplate.findUniqueOrThrow({ where: { id: apply.id } })).toMatchObject({ dependsOn: [] });
  });

  it("are updated (slug kept) and audited with before and after", async () => {
    const step = await flows().create({ ...validStep(), slug: "to-change" });
    const { slug: _slug, ...fields } = validStep();
    const updated = await flows().update({
      id: step.id,
      ...fields,
      title: "Changed title",
      appliesTo: ["all"],
      durationDays: 45,
      fixedDeadlineSummer: "01-15",
      conditions: [],
    });
    expect(updated).toMatchObject({
      slug: "to-change",
      title: "Changed title",
      appliesTo: ["all"],
      durationDays: 45,
      fixedDeadlineSummer: "01-15",
      conditions: [],
    });
    // Changed by staff: the seed leaves it as they made it.
    expect((await t.db.roadmapStepTemplate.findUniqueOrThrow({ where: { id: step.id } })).customizedAt).toBeInstanceOf(Date);
    const audit = (await auditOf(step.id)).at(-1);
    expect(audit).toMatchObject({
      action: "roadmap_step.updated",
      before: { title: "Test step", durationDays: 30 },
      after: { title: "Changed title", durationDays: 45 },
    });
    const missing = await errorOf(flows().update({ id: "no-such-step", ...fields }));
    expect(missing.code).toBe("NOT_FOUND");
  });

  it("are reordered in the whole list, and the move is audited", async () => {
    const [a, b, c] = [
      await flows().create({ ...validStep(), slug: "step-a" }),
      await flows().create({ ...validStep(), slug: "step-b" }),
      await flows().create({ ...validStep(), slug: "step-c" }),
    ];
    expect(await flows().reorder({ id: c!.id, position: 1 })).toEqual({ id: c!.id, position: 1, moved: true });
    expect(await slugsInOrder()).toEqual(["step-c", "step-a", "step-b"]);
    // A position past the end moves it last.
    await flows().reorder({ id: c!.id, position: 99 });
    expect(await slugsInOrder()).toEqual(["step-a", "step-b", "step-c"]);
    await flows().reorder({ id: a!.id, position: 2 });
    expect(await slugsInOrder()).toEqual(["step-b", "step-a", "step-c"]);
    expect((await t.db.roadmapStepTemplate.findMany({ orderBy: { position: "asc" } })).map((step) => step.position)).toEqual([0, 1, 2]);
    const audit = await auditOf(c!.id);
    expect(audit.filter((row) => row.action === "roadmap_step.moved").map((row) => [row.before, row.after])).toEqual([
      [{ position: 3 }, { position: 1 }],
      [{ position: 1 }, { position: 3 }],
    ]);
    expect(await flows().reorder({ id: b!.id, position: 1 })).toMatchObject({ moved: false });
    expect((await errorOf(flows().reorder({ id: "no-such-step", position: 1 }))).code).toBe("NOT_FOUND");
  });

  it("are hidden and shown again, audited, and filtered by it", async () => {
    const step = await flows().create({ ...validStep(), slug: "hide-me" });
    await flows().create({ ...validStep(), slug: "keep-me" });
    expect(await flows().setHidden({ id: step.id, hidden: true })).toEqual({
      id: step.id,
      hidden: true,
      changed: true,
    });
    expect((await flows().list({ hidden: "yes" })).rows.map((row) => row.slug)).toEqual(["hide-me"]);
    expect((await flows().list({ hidden: "no" })).rows.map((row) => row.slug)).toEqual(["keep-me"]);
    expect(await flows().setHidden({ id: step.id, hidden: true })).toMatchObject({ changed: false });
    await flows().setHidden({ id: step.id, hidden: false });
    expect((await auditOf(step.id)).map((row) => row.action)).toEqual([
      "roadmap_step.created",
      "roadmap_step.hidden",
      "roadmap_step.shown",
    ]);
  });

  it("are deleted with an audit row that keeps what they said", async () => {
    const step = await flows().create({ ...validStep(), slug: "delete-me" });
    expect(await flows().delete({ id: step.id })).toEqual({ id: step.id, deleted: true });
    expect(await t.db.roadmapStepTemplate.count()).toBe(0);
    expect((await auditOf(step.id)).at(-1)).toMatchObject({
      action: "roadmap_step.deleted",
      before: { slug: "delete-me", officialUrl: "https://www.example.org/official" },
    });
    expect((await errorOf(flows().delete({ id: step.id }))).code).toBe("NOT_FOUND");
  });

  it("are listed by programme type (with the steps for all), searched and sorted", async () => {
    await flows().create({ ...validStep(), slug: "for-all", title: "Zeta for everyone", appliesTo: ["all"] });
    await flows().create({
      ...validStep(),
      slug: "for-masters",
      title: "Alpha for masters",
      appliesTo: ["master", "phd"],
    });
    await flows().create({
      ...validStep(),
      slug: "for-bachelors",
      title: "Beta for bachelors",
      appliesTo: ["bachelor"],
    });
    const slugs = async (query: object) => (await flows().list({ sort: "title", dir: "asc", ...query })).rows.map((row) => row.slug);
    expect(await slugs({ appliesTo: "master" })).toEqual(["for-masters", "for-all"]);
    expect(await slugs({ appliesTo: "bachelor" })).toEqual(["for-bachelors", "for-all"]);
    expect(await slugs({ appliesTo: "all" })).toEqual(["for-all"]);
    expect(await slugs({ q: "BETA" })).toEqual(["for-bachelors"]);
    expect(await slugs({ q: "masters" })).toEqual(["for-masters"]);
    expect(await slugs({})).toEqual(["for-masters", "for-bachelors", "for-all"]);
    const paged = await flows().list({ pageSize: 10, page: 2 });
    expect(paged).toMatchObject({ rows: [], total: 3, page: 2 });
  });
});
