import ical from "ical-generator";
import { appUrl } from "~/env";
import { addDays } from "~/lib/period";
import { SITE } from "~/lib/site";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { SessionClaims } from "../sessions.service";
import { getRoadmap, NO_ROADMAP, type RoadmapStepView } from "./roadmap.service";

const day = (date: string) => new Date(`${date}T00:00:00Z`);

/** What an event says: how to do the step, its rule, its official page with the day it was checked, and where it continues here. */
function eventDescription(step: RoadmapStepView, siteUrl: string): string {
  const parts = [step.how];
  if (step.deadlineRule) parts.push(`Deadline rule: ${step.deadlineRule}`);
  if (step.officialUrl)
    parts.push(`Official page: ${step.officialTitle ?? step.officialUrl} ${step.officialUrl} (checked ${step.checkedOn})`);
  if (step.linkHref) parts.push(`${step.linkLabel ?? "Continue"}: ${siteUrl}${step.linkHref}`);
  if (step.note) parts.push(`Your note: ${step.note}`);
  return parts.join("\n\n");
}

/**
 * The roadmap as an iCalendar file: one all-day event on each step's target date (hidden steps
 * left out). The steps are the ones the user may see, so a preview gives only the preview's events.
 */
function roadmapCalendar(steps: RoadmapStepView[], { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): string {
  const host = new URL(siteUrl).hostname;
  const calendar = ical({
    name: `${SITE.brand} study roadmap`,
    prodId: { company: SITE.brand, product: "Study roadmap", language: "EN" },
  });
  for (const step of steps.filter((candidate) => !candidate.hidden)) {
    calendar.createEvent({
      id: `${step.id}@${host}`,
      allDay: true,
      start: day(step.targetDate),
      end: day(addDays(step.targetDate, 1)),
      stamp: now,
      summary: step.done ? `${step.title} (done)` : step.title,
      description: eventDescription(step, siteUrl),
      url: step.officialUrl ?? `${siteUrl}/roadmap`,
    });
  }
  return calendar.toString();
}

/** The user's roadmap calendar file (GET /api/roadmap/calendar.ics). */
export async function roadmapCalendarFile(db: Db, actor: SessionClaims) {
  const view = await getRoadmap(db, actor);
  if (!view) throw new AppError("NOT_FOUND", NO_ROADMAP);
  return { filename: "study-roadmap.ics", content: roadmapCalendar(view.steps, { siteUrl: appUrl() }) };
}
