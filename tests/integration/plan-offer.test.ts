import { addDays } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featureOffers, getPlan, notYetDeliverable } from "~/lib/plans";
import { createStaff } from "../helpers/admin";
import { callerFor, createUser } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

/** Plans sell a people-delivered entitlement (coaching, document review) as included only while someone can deliver it. */
describe("what the plans can deliver", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ seed: false });
  });
  afterAll(async () => t?.stop());

  const visitor = () => callerFor(t.db, null);
  const COACHING_NOTE = "1-on-1 coaching: booking opens when a coach publishes hours";

  it("without coaches, coaching is not sold as bookable: Unlimited says when it opens and is still sold for its other features", async () => {
    expect(await visitor().site.deliverable()).toEqual({ coaching: false, documentReview: false });
    const deliverable = await visitor().site.deliverable();
    const unlimited = getPlan("unlimited");
    expect(notYetDeliverable(unlimited, deliverable)).toContain(COACHING_NOTE);
    const offers = featureOffers(unlimited, deliverable);
    expect(offers.find((offer) => offer.label === "1-on-1 coaching")).toMatchObject({ state: "opens", note: COACHING_NOTE });
    // Its other features stay included.
    expect(offers.filter((offer) => offer.state === "included").map((offer) => offer.label)).toEqual(
      expect.arrayContaining(["AI assistant with sourced answers", "Personalized study roadmaps", "Priority support, answered first"]),
    );
    expect(notYetDeliverable(getPlan("pro"), deliverable)).not.toContain(COACHING_NOTE);

    // Staff see the missing coaches on /admin.
    const staff = await createStaff(t.db, "designer");
    const warnings = await staff.caller.admin.system.undeliverable();
    expect(warnings.map((warning) => warning.key)).toEqual(["coaching", "documentReview"]);
    expect(warnings[0]).toMatchObject({ label: "1-on-1 coaching", href: "/admin/coaching" });
    // A student is not staff.
    const student = await createUser(t.db);
    await expect(callerFor(t.db, student.claims).admin.system.undeliverable()).rejects.toThrow();
  });

  it("document review opens once someone can review: support staff, or an active coach", async () => {
    const backoffice = await createStaff(t.db, "backoffice");
    expect((await visitor().site.deliverable()).documentReview).toBe(true);
    expect(notYetDeliverable(getPlan("pro"), await visitor().site.deliverable())).toEqual([]);
    await t.db.user.update({ where: { id: backoffice.claims.id }, data: { status: "suspended" } });
    expect((await visitor().site.deliverable()).documentReview).toBe(false);
    expect(notYetDeliverable(getPlan("pro"), await visitor().site.deliverable())).toEqual([
      "Document review: opens when a reviewer joins the team",
    ]);
    await t.db.user.update({ where: { id: backoffice.claims.id }, data: { status: "active" } });
  });

  it("coaching is sold as bookable once an active coach publishes hours, and only while some lie ahead", async () => {
    const staff = await createStaff(t.db, "designer");
    const coach = await t.db.coach.create({ data: { userId: staff.claims.id, displayName: "Coach Test", timeZone: "UTC" } });
    // A coach without hours, or with dated hours only in the past, cannot be booked.
    expect((await visitor().site.deliverable()).coaching).toBe(false);
    await t.db.coachAvailabilityException.create({
      data: { coachId: coach.id, date: addDays(new Date(), -3), startMinute: 600, endMinute: 720 },
    });
    expect((await visitor().site.deliverable()).coaching).toBe(false);

    // Dated hours ahead open it.
    const ahead = await t.db.coachAvailabilityException.create({
      data: { coachId: coach.id, date: addDays(new Date(), 5), startMinute: 600, endMinute: 720 },
    });
    expect((await visitor().site.deliverable()).coaching).toBe(true);
    await t.db.coachAvailabilityException.delete({ where: { id: ahead.id } });

    // Weekly hours open it; the plan then sells coaching as included, and staff see no warning for it.
    await t.db.coachAvailability.create({ data: { coachId: coach.id, weekday: 2, startMinute: 540, endMinute: 1020 } });
    const deliverable = await visitor().site.deliverable();
    expect(deliverable.coaching).toBe(true);
    expect(notYetDeliverable(getPlan("unlimited"), deliverable)).toEqual([]);
    expect(featureOffers(getPlan("unlimited"), deliverable).find((offer) => offer.label === "1-on-1 coaching")).toEqual({
      label: "1-on-1 coaching",
      href: "/services/consultation",
      state: "included",
    });
    expect((await staff.caller.admin.system.undeliverable()).map((warning) => warning.key)).not.toContain("coaching");

    // A coach set inactive takes no bookings: coaching says when it opens again.
    await t.db.coach.update({ where: { id: coach.id }, data: { active: false } });
    expect((await visitor().site.deliverable()).coaching).toBe(false);
  });
});
