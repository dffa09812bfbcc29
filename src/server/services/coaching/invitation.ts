import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { appUrl, env } from "~/env";
import { SITE } from "~/lib/site";

/** The calendar part a mail carries (MailMessage.calendarEvent), as nodemailer's icalEvent takes it. */
export interface CalendarEvent {
  method: "REQUEST" | "CANCEL";
  content: string;
}

export interface InvitationBooking {
  id: string;
  startsAt: Date;
  endsAt: Date;
  topic: string;
  sequence: number;
  meetingLink: string | null;
  coach: { name: string; email: string };
  student: { name: string; email: string };
}

/** "SwipeAbroad <no-reply@swipeabroad.de>" as a name and an address. */
function organizer(): { name: string; email: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(env.MAIL_FROM);
  return match ? { name: match[1] || SITE.brand, email: match[2]! } : { name: SITE.brand, email: env.MAIL_FROM.trim() };
}

/**
 * A session's invitation: one event whose UID stays the same for the booking's life, with its
 * SEQUENCE raised on each change, so calendar apps update (or, with METHOD CANCEL, remove) the one
 * entry they made. Times are written in UTC; each app shows them in its reader's zone.
 */
export function sessionInvitation(booking: InvitationBooking, method: CalendarEvent["method"], now = new Date()): CalendarEvent {
  const site = appUrl();
  const calendar = ical({
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    prodId: { company: SITE.brand, product: "Coaching", language: "EN" },
  });
  const description = [
    `Topic: ${booking.topic}`,
    booking.meetingLink ? `Meeting link: ${booking.meetingLink}` : "The coach adds the meeting link before the session.",
    `Your sessions: ${site}/services/consultation`,
  ];
  calendar.createEvent({
    id: `coaching-${booking.id}@${new URL(site).hostname}`,
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: now,
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: `${SITE.brand} coaching: ${booking.student.name} with ${booking.coach.name}`,
    description: description.join("\n"),
    location: booking.meetingLink ?? undefined,
    url: booking.meetingLink ?? undefined,
    organizer: organizer(),
    attendees: [booking.coach, booking.student].map((person) => ({
      name: person.name,
      email: person.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.ACCEPTED,
    })),
  });
  return { method, content: calendar.toString() };
}
