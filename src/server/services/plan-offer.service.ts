/**
 * What the plans can deliver now. An entitlement that people deliver (coaching, document review) is
 * sold as included only while someone can deliver it; pages, plan dialogs and the checkout read this,
 * and staff see what is missing on /admin. A new people-delivered entitlement adds its check here and
 * its texts to DELIVERED_ENTITLEMENTS (src/lib/plans.ts).
 */
import { startOfDay } from "date-fns";
import { hasPermission, ROLES } from "~/lib/permissions";
import { DELIVERED_ENTITLEMENTS, type Deliverability, type DeliveredEntitlement } from "~/lib/plans";
import type { Db } from "~/server/db/client";

/** Roles that open the support section, where document reviews are worked on. */
const REVIEWER_ROLES = ROLES.filter((role) => hasPermission(role, "backoffice:services") || hasPermission(role, "support"));

const CHECKS: Record<DeliveredEntitlement, (db: Db, now: Date) => Promise<boolean>> = {
  // An active coach with weekly hours, or dated hours still ahead: students can book a slot.
  coaching: async (db, now) =>
    (await db.coach.count({
      where: {
        active: true,
        user: { status: "active" },
        OR: [{ availability: { some: {} } }, { exceptions: { some: { startMinute: { not: null }, date: { gte: startOfDay(now) } } } }],
      },
    })) > 0,
  // Staff of the support section, or an active coach a review can be assigned to.
  documentReview: async (db) =>
    (await db.user.count({
      where: { status: "active", OR: [{ role: { in: REVIEWER_ROLES } }, { coach: { active: true } }] },
    })) > 0,
};

export async function entitlementDeliverability(db: Db, now = new Date()): Promise<Deliverability> {
  const keys = Object.keys(CHECKS) as DeliveredEntitlement[];
  const results = await Promise.all(keys.map((key) => CHECKS[key](db, now)));
  return Object.fromEntries(keys.map((key, index) => [key, results[index]!])) as Deliverability;
}

const STAFF_WARNINGS: Record<DeliveredEntitlement, { text: string; href: string; action: string }> = {
  coaching: {
    text: "No active coach has published hours: Unlimited's 1-on-1 coaching is shown as not bookable yet.",
    href: "/admin/coaching",
    action: "Publish coaching hours",
  },
  documentReview: {
    text: "Nobody can review documents (no support or backoffice staff, no active coach): document review is shown as not open yet.",
    href: "/admin/staff",
    action: "Invite staff",
  },
};

/** For staff: each entitlement nobody can deliver, with what plans show meanwhile and where to fix it. */
export async function undeliverableEntitlements(db: Db, now = new Date()) {
  const deliverable = await entitlementDeliverability(db, now);
  return (Object.keys(deliverable) as DeliveredEntitlement[])
    .filter((key) => !deliverable[key])
    .map((key) => ({ key, label: DELIVERED_ENTITLEMENTS[key].label, ...STAFF_WARNINGS[key] }));
}
