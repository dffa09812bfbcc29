import { appUrl } from "~/env";
import { addDays, utcDay } from "~/lib/period";
import { ROADMAP_PATH } from "~/lib/schemas/roadmap";
import type { Db } from "~/server/db/client";
import { queueMail } from "~/server/mail/outbox";
import { hasFullRoadmap } from "./roadmap.service";

/** The digest lists the steps due within this many days. */
const DIGEST_DAYS_AHEAD = 14;
/**
 * A roadmap gets no second digest within this many days. Six, not seven: the weekly run may start a
 * little earlier in the week than the last one finished, and should still send.
 */
const DIGEST_MIN_GAP_DAYS = 6;

/**
 * The weekly digest job: one mail per roadmap with steps due in the next 14 days (not done, not
 * hidden), to active users on a plan with roadmaps who left the digest on in Settings. The roadmap is
 * marked (lastDigestAt) in the same transaction as the mail is queued, and only if no digest went out
 * in the last days, so a second run (or a second instance) sends nothing more.
 */
export async function sendRoadmapDigests(db: Db, now = new Date()) {
  const today = utcDay(now);
  const lastDay = addDays(today, DIGEST_DAYS_AHEAD);
  const notSince = new Date(now.getTime() - DIGEST_MIN_GAP_DAYS * 86_400_000);
  const dueItems = { done: false, hidden: false, targetDate: { gte: today, lte: lastDay } };
  const recent = { OR: [{ lastDigestAt: null }, { lastDigestAt: { lt: notSince } }] };
  const roadmaps = await db.roadmap.findMany({
    where: { ...recent, user: { status: "active", student: { roadmapDigest: true } }, items: { some: dueItems } },
    include: {
      user: { select: { id: true, email: true, name: true } },
      items: { where: dueItems, orderBy: [{ targetDate: "asc" }, { position: "asc" }] },
    },
  });
  let sent = 0;
  for (const roadmap of roadmaps) {
    // A plan without roadmaps shows only a preview: no digest of the steps it hides.
    if (!(await hasFullRoadmap(db, roadmap.userId))) continue;
    const queued = await db.$transaction(async (tx) => {
      const claimed = await tx.roadmap.updateMany({
        where: { id: roadmap.id, ...recent },
        data: { lastDigestAt: now },
      });
      if (claimed.count === 0) return false;
      await queueMail(
        tx,
        roadmap.user.email,
        {
          kind: "roadmap-digest",
          name: roadmap.user.name.split(" ")[0] ?? "",
          steps: roadmap.items.map((item) => ({ title: item.title, targetDate: item.targetDate })),
          url: `${appUrl()}${ROADMAP_PATH}`,
        },
        roadmap.user.id,
      );
      return true;
    });
    if (queued) sent += 1;
  }
  return { sent };
}
