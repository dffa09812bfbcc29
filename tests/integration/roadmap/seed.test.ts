import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEMESTER_STARTS_FACT_KEY } from "~/lib/schemas/roadmap-steps";
import { ROADMAP_CONTENT_DIR, ROADMAP_SEED_FINGERPRINT_KEY, readRoadmapContent, seedRoadmap } from "~/server/content/roadmap";
import { createStaff } from "../../helpers/admin";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(() => t?.stop());

const content = readRoadmapContent();

/** A copy of src/content/roadmap with `change` applied to its file. */
function changedContent(change: (file: { steps: { slug: string; title: string }[] }) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "roadmap-content-"));
  const file = JSON.parse(fs.readFileSync(path.join(ROADMAP_CONTENT_DIR, "steps.json"), "utf8"));
  change(file);
  fs.writeFileSync(path.join(dir, "steps.json"), JSON.stringify(file));
  return dir;
}

describe("seeding the roadmap's steps", () => {
  it("inserts every step of the file in its order, and the semester starts as a sourced fact", async () => {
    await seedRoadmap(t.db);
    const rows = await t.db.roadmapStepTemplate.findMany({ orderBy: { position: "asc" } });
    expect(rows.map((row) => row.slug)).toEqual(content.steps.map((step) => step.slug));
    const application = rows.find((row) => row.slug === "university-application")!;
    expect(application).toMatchObject({
      fixedDeadlineWinter: "07-15",
      fixedDeadlineSummer: "01-15",
      customizedAt: null,
    });
    expect(rows.filter((row) => row.linkHref).every((row) => row.linkHref!.startsWith("/") && row.linkLabel)).toBe(true);
    const fact = await t.db.toolFact.findUniqueOrThrow({ where: { key: SEMESTER_STARTS_FACT_KEY } });
    expect(fact).toMatchObject({
      tool: "shared",
      value: { winter: content.semesterStarts.winter, summer: content.semesterStarts.summer },
      sources: content.semesterStarts.sources,
      checkedOn: content.semesterStarts.checkedOn,
    });
    expect(fact.label).toBe(content.semesterStarts.label);
  });

  it("skips unchanged files; a changed file adds missing steps and updates the others, but not the ones staff edited", async () => {
    const designer = await createStaff(t.db, "designer");
    const edited = await t.db.roadmapStepTemplate.findUniqueOrThrow({ where: { slug: "health-insurance" } });
    const {
      id,
      slug: _slug,
      position: _position,
      hidden: _hidden,
      customizedAt: _customizedAt,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      ...fields
    } = edited;
    await designer.caller.admin.flows.update({
      id,
      ...fields,
      appliesTo: fields.appliesTo as never,
      conditions: fields.conditions as never,
      officialUrl: fields.officialUrl ?? "",
      officialTitle: fields.officialTitle ?? "",
      fixedDeadlineWinter: fields.fixedDeadlineWinter ?? "",
      fixedDeadlineSummer: fields.fixedDeadlineSummer ?? "",
      linkHref: fields.linkHref ?? "",
      linkLabel: fields.linkLabel ?? "",
      title: "Health insurance, as our staff word it",
    });
    await designer.caller.admin.flows.setHidden({
      id: (await t.db.roadmapStepTemplate.findUniqueOrThrow({ where: { slug: "enrolment" } })).id,
      hidden: true,
    });
    await t.db.roadmapStepTemplate.delete({ where: { slug: "travel-and-arrival" } });

    // Same files: nothing happens, the deleted step stays deleted.
    await seedRoadmap(t.db);
    expect(await t.db.roadmapStepTemplate.findUnique({ where: { slug: "travel-and-arrival" } })).toBeNull();

    const dir = changedContent((file) => {
      for (const step of file.steps) step.title = `${step.title} (new wording)`;
    });
    await seedRoadmap(t.db, dir);
    const rows = await t.db.roadmapStepTemplate.findMany({ orderBy: { position: "asc" } });
    expect(rows.at(-1)).toMatchObject({ slug: "travel-and-arrival", title: expect.stringMatching(/\(new wording\)$/) });
    expect(rows.find((row) => row.slug === "health-insurance")!.title).toBe("Health insurance, as our staff word it");
    expect(rows.find((row) => row.slug === "enrolment")).toMatchObject({
      hidden: true,
      title: expect.stringMatching(/\(new wording\)$/),
    });
    expect(rows.find((row) => row.slug === "aps-certificate")!.title).toMatch(/\(new wording\)$/);
    expect(rows).toHaveLength(content.steps.length);
    const digest = await t.db.appSetting.findUniqueOrThrow({ where: { key: ROADMAP_SEED_FINGERPRINT_KEY } });
    expect(digest.value).toMatch(/^[0-9a-f]{64}$/);
  });

  it("stops on a file that breaks the format, naming the problem", () => {
    const dir = changedContent((file) => {
      (file.steps[0] as Record<string, unknown>).conditions = ["rich-parents"];
    });
    expect(() => readRoadmapContent(dir)).toThrow(
      /src\/content\/roadmap\/steps.json is not valid:\nsteps.0.conditions.0: Choose conditions from the list/,
    );
    const twice = changedContent((file) => {
      file.steps.push({ ...file.steps[0]! });
    });
    expect(() => readRoadmapContent(twice)).toThrow(
      `The roadmap step "${content.steps[0]!.slug}" of src/content/roadmap/steps.json is defined twice.`,
    );
  });
});
