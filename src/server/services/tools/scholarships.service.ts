import { countries, type TCountryCode } from "countries-list";
import { differenceInCalendarDays } from "date-fns";
import { z } from "zod";
import { joinWithAnd } from "~/lib/join-with-and";
import { countryName } from "~/lib/options";
import { addDays, utcDay } from "~/lib/period";
import { sourceRefSchema } from "~/lib/schemas/tools/common";
import {
  CONTINENT_NAMES,
  deadlineKindOf,
  type NationalityRule,
  nationalityRuleSchema,
  nextDeadlineOn,
  type ScholarshipLevel,
  type ScholarshipSearchInput,
  type ScholarshipSubject,
} from "~/lib/schemas/tools/scholarships";
import { cachedContent } from "~/server/cache/content-cache";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { queueMail } from "~/server/mail/outbox";
import type { SessionClaims } from "~/server/services/sessions.service";

export const SCHOLARSHIP_NOT_FOUND = "This scholarship does not exist.";
/** A reminder goes out when a bookmarked programme's next deadline is this many days away or fewer. */
const REMINDER_DAYS_BEFORE = 14;
/** The most scholarships one user bookmarks. */
const MAX_BOOKMARKS = 200;

/** Whole days from `today` to `deadline` (both YYYY-MM-DD): 0 on the day, negative once passed. */
export function daysUntil(deadline: string, today: string): number {
  return differenceInCalendarDays(new Date(`${deadline}T00:00:00Z`), new Date(`${today}T00:00:00Z`));
}

/** The nationality rule in a sentence, for a result without a nationality filter. */
function describeRule(rule: NationalityRule): string {
  if (rule.kind === "any") return "Open to all nationalities.";
  const named = [...rule.continents.map((continent) => `all of ${CONTINENT_NAMES[continent]}`), ...rule.countries.map(countryName)];
  if (rule.kind === "except") return `Open to all nationalities except ${joinWithAnd(rule.countries.map(countryName))}.`;
  if (named.length === 0) return "Open only to the nationalities on the provider's list.";
  if (named.length > 8)
    return `Open to nationals of ${named.length} named countries${rule.listComplete ? "" : " and others on the provider's list"}.`;
  return `Open to nationals of ${joinWithAnd(named)}${rule.listComplete ? "" : " and others on the provider's list"}.`;
}

export type EligibilityStatus = "eligible" | "check" | "not-eligible";

/**
 * Whether a nationality may apply under a rule, with the reason in a sentence:
 * "eligible" when the official page names the nationality (or is open to all), "check" when the
 * page refers to a list we do not reproduce, "not-eligible" when the page rules it out.
 */
export function eligibilityFor(rule: NationalityRule, nationality: string | undefined): { status: EligibilityStatus; reason: string } {
  if (!nationality) return { status: "eligible", reason: describeRule(rule) };
  const name = countryName(nationality);
  const continent = countries[nationality as TCountryCode]?.continent;
  if (rule.exceptCountries.includes(nationality)) return { status: "not-eligible", reason: `Not open to nationals of ${name}.` };
  if (rule.kind === "any") return { status: "eligible", reason: `Open to all nationalities, including ${name}.` };
  if (rule.kind === "except") {
    return rule.countries.includes(nationality)
      ? { status: "not-eligible", reason: `Not open to nationals of ${name}.` }
      : {
          status: "eligible",
          reason: `Open to nationals of ${name} (all nationalities except ${joinWithAnd(rule.countries.map(countryName))}).`,
        };
  }
  if (rule.countries.includes(nationality))
    return { status: "eligible", reason: `Open to nationals of ${name}: the official page names it.` };
  if (continent && rule.continents.includes(continent as (typeof rule.continents)[number])) {
    return {
      status: "eligible",
      reason: `Open to nationals of ${name}: the official page names ${CONTINENT_NAMES[continent as keyof typeof CONTINENT_NAMES]}.`,
    };
  }
  if (!rule.listComplete) return { status: "check", reason: `Check whether ${name} qualifies: ${rule.note}` };
  return { status: "not-eligible", reason: `Not open to nationals of ${name}.` };
}

/** "Open now", honestly: a dated deadline that has not passed, or applications at any time. A deadline that varies is not counted. */
export function isOpenNow(row: { deadlineText: string; nextDeadline: string | null; annualDeadlines: string[] }, today: string): boolean {
  if (deadlineKindOf(row.deadlineText) === "rolling") return true;
  return upcomingDeadline(row, today) !== null;
}

/** The programme's next deadline on or after `today`, from its yearly days or its one-off date. */
function upcomingDeadline(row: { nextDeadline: string | null; annualDeadlines: string[] }, today: string): string | null {
  return nextDeadlineOn({ annual: row.annualDeadlines, next: row.nextDeadline }, today);
}

export function matchesLevel(levels: string[], level: ScholarshipLevel | undefined): boolean {
  return !level || levels.includes(level);
}

export function matchesSubject(subjects: string[], subject: ScholarshipSubject | undefined): boolean {
  return !subject || subjects.includes("all") || subjects.includes(subject);
}

/** What the nationality Json column holds: the rule, plus the programme's other eligibility conditions. */
const storedNationalitySchema = nationalityRuleSchema.and(
  z.object({ eligibility: z.string().default(""), subjectsNote: z.string().optional() }),
);

type ScholarshipRow = Awaited<ReturnType<Db["scholarship"]["findMany"]>>[number];

/** A programme as the tool shows it. */
function presentScholarship(row: ScholarshipRow, today: string) {
  const stored = storedNationalitySchema.parse(row.nationality);
  const { eligibility, subjectsNote, ...rule } = stored;
  const kind = deadlineKindOf(row.deadlineText);
  return {
    slug: row.slug,
    name: row.name,
    provider: row.provider,
    levels: row.levels as ScholarshipLevel[],
    subjects: row.subjects,
    subjectsNote: subjectsNote ?? null,
    nationality: rule,
    conditions: eligibility,
    amount: row.amount,
    duration: row.duration,
    deadline: {
      kind,
      text: kind === "dated" ? row.deadlineText : row.deadlineText.replace(/^\w+: /, ""),
      next: upcomingDeadline(row, today),
    },
    openNow: isOpenNow(row, today),
    howToApply: row.howToApply,
    url: row.url,
    sources: sourceRefSchema.array().parse(row.sources),
    checkedOn: row.checkedOn,
  };
}

const STATUS_ORDER: Record<EligibilityStatus, number> = { eligible: 0, check: 1, "not-eligible": 2 };

/**
 * The Scholarship Search: every visible programme that matches the level, subject and "open now"
 * filters and is not closed to the nationality, with the reason for each. Programmes the page names
 * the nationality for come first, then those to check, each by nearest deadline then name.
 */
export async function searchScholarships(db: Db, input: ScholarshipSearchInput, now = new Date()) {
  const today = utcDay(now);
  const rows = await cachedContent(db, "tools", "scholarships", () =>
    db.scholarship.findMany({ where: { hidden: false }, orderBy: { name: "asc" } }),
  );
  const results = rows
    .filter((row) => matchesLevel(row.levels, input.level) && matchesSubject(row.subjects, input.subject))
    .filter((row) => !input.openNow || isOpenNow(row, today))
    .map((row) => {
      const scholarship = presentScholarship(row, today);
      return { ...scholarship, eligibility: eligibilityFor(scholarship.nationality, input.nationality) };
    })
    .filter((result) => result.eligibility.status !== "not-eligible")
    .sort((a, b) => {
      const byStatus = STATUS_ORDER[a.eligibility.status] - STATUS_ORDER[b.eligibility.status];
      if (byStatus !== 0) return byStatus;
      const aNext = a.openNow ? (a.deadline.next ?? "") : "9999";
      const bNext = b.openNow ? (b.deadline.next ?? "") : "9999";
      return aNext.localeCompare(bNext) || a.name.localeCompare(b.name);
    });
  return {
    today,
    total: rows.length,
    counts: {
      eligible: results.filter((r) => r.eligibility.status === "eligible").length,
      check: results.filter((r) => r.eligibility.status === "check").length,
    },
    results,
  };
}

async function visibleScholarship(db: Db, slug: string) {
  const row = await db.scholarship.findFirst({ where: { slug, hidden: false }, select: { id: true } });
  if (!row) throw new AppError("NOT_FOUND", SCHOLARSHIP_NOT_FOUND);
  return row;
}

/** Bookmarks a programme for the user (again is fine: it stays bookmarked once). */
export async function bookmarkScholarship(db: Db, actor: SessionClaims, slug: string) {
  const { id } = await visibleScholarship(db, slug);
  const existing = await db.scholarshipBookmark.findUnique({
    where: { userId_scholarshipId: { userId: actor.id, scholarshipId: id } },
    select: { createdAt: true },
  });
  if (existing) return { slug, bookmarked: true };
  if ((await db.scholarshipBookmark.count({ where: { userId: actor.id } })) >= MAX_BOOKMARKS) {
    throw new AppError("CONFLICT", `You have ${MAX_BOOKMARKS} bookmarks. Remove one to add another.`);
  }
  await db.scholarshipBookmark.createMany({ data: [{ userId: actor.id, scholarshipId: id }], skipDuplicates: true });
  return { slug, bookmarked: true };
}

/** Removes the user's bookmark of a programme (none there is fine). */
export async function unbookmarkScholarship(db: Db, actor: SessionClaims, slug: string) {
  const { id } = await visibleScholarship(db, slug);
  await db.scholarshipBookmark.deleteMany({ where: { userId: actor.id, scholarshipId: id } });
  return { slug, bookmarked: false };
}

/** The user's bookmarked programmes, newest bookmark first, with their deadlines. */
export async function listBookmarks(db: Db, actor: SessionClaims, now = new Date()) {
  const today = utcDay(now);
  const rows = await db.scholarshipBookmark.findMany({
    where: { userId: actor.id, scholarship: { hidden: false } },
    orderBy: { createdAt: "desc" },
    include: { scholarship: true },
  });
  return rows.map((row) => ({
    bookmarkedAt: row.createdAt,
    remindedFor: row.remindedFor,
    scholarship: presentScholarship(row.scholarship, today),
  }));
}

/**
 * The reminder job: for every bookmark of an active user whose programme's next deadline is between
 * today and REMINDER_DAYS_BEFORE days ahead, one mail per deadline. The bookmark is marked with the
 * deadline in the same transaction as the mail is queued, and only if it was not marked yet, so a
 * second run (or a second instance) sends nothing more.
 */
export async function sendDeadlineReminders(db: Db, now = new Date()) {
  const today = utcDay(now);
  const last = addDays(today, REMINDER_DAYS_BEFORE);
  const due = await db.scholarshipBookmark.findMany({
    where: {
      user: { status: "active" },
      scholarship: {
        hidden: false,
        OR: [{ nextDeadline: { gte: today, lte: last } }, { annualDeadlines: { isEmpty: false } }],
      },
    },
    include: { user: { select: { id: true, email: true, name: true } }, scholarship: true },
  });
  let sent = 0;
  for (const bookmark of due) {
    const deadline = upcomingDeadline(bookmark.scholarship, today);
    if (!deadline || deadline > last || bookmark.remindedFor === deadline) continue;
    const queued = await db.$transaction(async (tx) => {
      const claimed = await tx.scholarshipBookmark.updateMany({
        where: {
          userId: bookmark.userId,
          scholarshipId: bookmark.scholarshipId,
          OR: [{ remindedFor: null }, { remindedFor: { not: deadline } }],
        },
        data: { remindedFor: deadline },
      });
      if (claimed.count === 0) return false;
      await queueMail(
        tx,
        bookmark.user.email,
        {
          kind: "scholarship-deadline",
          name: bookmark.user.name.split(" ")[0] ?? "",
          scholarshipName: bookmark.scholarship.name,
          provider: bookmark.scholarship.provider,
          deadline,
          daysLeft: daysUntil(deadline, today),
          url: bookmark.scholarship.url,
        },
        bookmark.user.id,
      );
      return true;
    });
    if (queued) sent += 1;
  }
  return { sent };
}
