/**
 * /admin/coaches: a staff account becomes a coach (never a student account), its fields change with
 * an audit row holding before and after, and a deactivated coach keeps their requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COACH_MESSAGES } from "~/server/services/admin/coaches.service";
import { createStaff } from "../../helpers/admin";
import { createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { createServiceRequest, createStaffAccount, rejection } from "./fixtures";

let t: TestDatabase;
let backoffice: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestDatabase();
  backoffice = await createStaff(t.db, "backoffice");
});
afterAll(() => t?.stop());

const coaches = () => backoffice.caller.admin.coaches;

describe("making a staff account a coach", () => {
  it("creates the coach with languages and subjects (trimmed, each once), audited", async () => {
    const staff = await createStaffAccount(t.db, "designer");
    const coach = await coaches().create({
      email: `  ${staff.email.toUpperCase()} `,
      languages: ["de", "en", "de"],
      subjects: [" uni-assist ", "Visa", "visa", "", "CV"],
      bio: "Studied in Munich.",
    });
    expect(coach).toMatchObject({
      userId: staff.claims.id,
      email: staff.email,
      displayName: staff.claims.name,
      languages: ["de", "en"],
      subjects: ["uni-assist", "Visa", "CV"],
      bio: "Studied in Munich.",
      active: true,
      requests: 0,
    });
    const [audit] = await t.db.auditLog.findMany({ where: { action: "coach.created", targetId: coach.id } });
    expect(audit).toMatchObject({
      actorId: backoffice.claims.id,
      targetType: "coach",
      after: { userId: staff.claims.id, email: staff.email, languages: ["de", "en"], active: true },
    });
  });

  it("refuses a student account (invite them as staff first), an unknown address and a second coach record", async () => {
    const student = await createUser(t.db);
    const refused = await rejection(coaches().create({ email: student.email }));
    expect(refused).toEqual({ code: "CONFLICT", message: COACH_MESSAGES.student });
    expect(refused.message).toMatch(/invite them as staff first/);
    expect(await rejection(coaches().create({ email: "nobody@example.com" }))).toEqual({
      code: "NOT_FOUND",
      message: COACH_MESSAGES.noAccount,
    });

    const staff = await createStaffAccount(t.db);
    await coaches().create({ email: staff.email, displayName: "Sam" });
    expect(await rejection(coaches().create({ email: staff.email }))).toEqual({
      code: "CONFLICT",
      message: COACH_MESSAGES.already,
    });
    expect(await t.db.coach.count({ where: { userId: staff.claims.id } })).toBe(1);
    expect(await t.db.coach.count({ where: { userId: student.claims.id } })).toBe(0);
  });

  it("refuses languages not in the list and over-long subjects", async () => {
    const staff = await createStaffAccount(t.db);
    expect(await rejection(coaches().create({ email: staff.email, languages: ["klingon"] }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Choose languages from the list",
    });
    expect(await rejection(coaches().create({ email: staff.email, subjects: ["x".repeat(41)] }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Each subject must be at most 40 characters",
    });
  });
});

describe("editing coaches", () => {
  it("changes only what is sent, audits before and after, and a deactivated coach keeps their requests", async () => {
    const staff = await createStaffAccount(t.db);
    const coach = await coaches().create({
      email: staff.email,
      displayName: "Amira Haddad",
      languages: ["ar"],
      subjects: ["visa"],
    });
    const student = await createUser(t.db);
    const request = await createServiceRequest(t.db, student.claims.id);
    await t.db.serviceRequest.update({ where: { id: request.id }, data: { assignedCoachId: coach.id } });

    const edited = await coaches().update({ id: coach.id, displayName: "Amira H.", languages: ["ar", "de"] });
    expect(edited).toMatchObject({
      changed: true,
      coach: { displayName: "Amira H.", languages: ["ar", "de"], subjects: ["visa"], active: true, requests: 1 },
    });
    expect(await t.db.auditLog.findMany({ where: { action: "coach.updated", targetId: coach.id } })).toMatchObject([
      {
        before: { displayName: "Amira Haddad", languages: ["ar"] },
        after: { displayName: "Amira H.", languages: ["ar", "de"] },
      },
    ]);

    // Saving the same values is no change and no audit row.
    expect(await coaches().update({ id: coach.id, displayName: "Amira H." })).toMatchObject({ changed: false });
    expect(await t.db.auditLog.count({ where: { targetId: coach.id } })).toBe(2);

    expect(await coaches().update({ id: coach.id, active: false })).toMatchObject({
      coach: { active: false, requests: 1 },
    });
    expect((await t.db.serviceRequest.findUniqueOrThrow({ where: { id: request.id } })).assignedCoachId).toBe(coach.id);
    expect(await t.db.auditLog.findMany({ where: { action: "coach.deactivated", targetId: coach.id } })).toMatchObject([
      { before: { active: true }, after: { active: false } },
    ]);

    expect(await coaches().update({ id: coach.id, bio: "" })).toMatchObject({ changed: false });
    expect(await coaches().update({ id: coach.id, bio: "Moved to Leipzig in 2019.", active: true })).toMatchObject({
      coach: { bio: "Moved to Leipzig in 2019.", active: true },
    });
    expect(await t.db.auditLog.count({ where: { action: "coach.reactivated", targetId: coach.id } })).toBe(1);

    expect(await rejection(coaches().update({ id: "missing", active: false }))).toEqual({
      code: "NOT_FOUND",
      message: COACH_MESSAGES.notFound,
    });
  });

  it("lists coaches: search by name or email, active filter, sort", async () => {
    const tag = `coach${Date.now()}`;
    const a = await createStaffAccount(t.db);
    const b = await createStaffAccount(t.db);
    await coaches().create({ email: a.email, displayName: `Bea ${tag}` });
    const inactive = await coaches().create({ email: b.email, displayName: `Carl ${tag}` });
    await coaches().update({ id: inactive.id, active: false });

    expect((await coaches().list({ q: tag.toUpperCase() })).rows.map((row) => row.displayName)).toEqual([`Bea ${tag}`, `Carl ${tag}`]);
    expect((await coaches().list({ q: tag, sort: "displayName", dir: "desc" })).rows.map((row) => row.displayName)).toEqual([
      `Carl ${tag}`,
      `Bea ${tag}`,
    ]);
    expect((await coaches().list({ q: b.email })).rows.map((row) => row.id)).toEqual([inactive.id]);
    expect((await coaches().list({ q: tag, active: "no" })).rows.map((row) => row.id)).toEqual([inactive.id]);
    expect((await coaches().list({ q: tag, active: "yes" })).total).toBe(1);
  });
});
