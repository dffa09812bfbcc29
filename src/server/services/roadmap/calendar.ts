import ical, { ICalAlarmType } from "ical-generator";
import { appUrl } from "~/env";
import { addDays } from "~/lib/period";
import { ROADMAP_PATH, roadmapStepAnchor } from "~/lib/schemas/roadmap";
import { SITE } from "~/lib/site";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { SessionClaims } from "../sessions.service";
import { getRoadmap, NO_ROADMAP, type RoadmapStepView } from "./roadmap.service";

const day = (date: string) => new Date(`${date}T00:00:00Z`);

/** Reminders before each target date: a week ahead to start the last part, and the day before. */
const REMINDER_DAYS_BEFORE = [7, 1] as const;

/** Where the step is on /roadmap. */
const stepLink = (siteUrl: string, slug: string) => `${siteUrl}${ROADMAP_PATH}#${roadmapStepAnchor(slug)}`;

/** What an event says: how to do the step, its rule, its official page with the day it was checked, and where it continues here. */
function eventDescription(step: RoadmapStepView, siteUrl: string): string {
  const parts = [step.how];
  if (step.deadlineRule) parts.push(`Deadline rule: ${step.deadlineRule}`);
  if (step.officialUrl)
    parts.push(`Official page: ${step.officialTitle ?? step.officialUrl} ${step.officialUrl} (checked ${step.checkedOn})`);
  if (step.missions)
    parts.push(
      [
        step.missions.covered ? `German missions for ${step.missions.countryName}:` : "Finding your German mission:",
        ...step.missions.missions.map((mission) => `${mission.name} ${mission.url}`),
        step.missions.note,
      ].join("\n"),
    );
  parts.push(`This step in your roadmap: ${stepLink(siteUrl, step.slug)}`);
  if (step.linkHref) parts.push(`${step.linkLabel ?? "Continue"}: ${siteUrl}${step.linkHref}`);
  if (step.note) parts.push(`Your note: ${step.note}`);
  return parts.join("\n\n");
}

/**
 * The roadmap as an iCalendar file: one all-day event on each step's target date (hidden steps
 * left out), with display reminders a week and a day before, linking the step on /roadmap. The
 * steps are the ones the user may see, so a preview gives only the preview's events.
 */
function roadmapCalendar(steps: RoadmapStepView[], { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): string {
  const host = new URL(siteUrl).hostname;
  const calendar = ical({
    name: `${SITE.brand} study roadmap`,
    prodId: { company: SITE.brand, product: "Study roadmap", language: "EN" },
  });
  for (const step of steps.filter((candidate) => !candidate.hidden)) {
    const summary = step.done ? `${step.title} (done)` : step.title;
    const event = calendar.createEvent({
      id: `${step.id}@${host}`,
      allDay: true,
      start: day(step.targetDate),
      end: day(addDays(step.targetDate, 1)),
      stamp: now,
      summary,
      description: eventDescription(step, siteUrl),
      url: stepLink(siteUrl, step.slug),
    });
    // A done step needs no reminder.
    if (!step.done)
      for (const days of REMINDER_DAYS_BEFORE)
        event.createAlarm({
          type: ICalAlarmType.display,
          triggerBefore: days * 86_400,
          description: `${days === 1 ? "Tomorrow" : `In ${days} days`}: ${step.title}`,
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
