import type { Db } from "~/server/db/client";
import { queueMail } from "~/server/mail/outbox";
import { loadSession, sessionReaders } from "./bookings.service";

/** How often the reminder job looks for sessions due: the 1-hour reminder goes out at most this late. */
export const REMINDER_INTERVAL_SECONDS = 5 * 60;

const HOUR_MS = 3_600_000;

/**
 * Mails the student and the coach 24 hours and 1 hour before each booked session. A reminder is
 * marked sent in the same transaction as its mails, by an update that only succeeds while it is
 * unmarked: two instances running the job at once send it once. A session already within the hour
 * gets only the 1-hour reminder.
 */
export async function sendCoachingReminders(db: Db, now = new Date()): Promise<number> {
  const due = await db.coachingBooking.findMany({
    where: {
      status: "booked",
      startsAt: { gt: now, lte: new Date(now.getTime() + 24 * HOUR_MS) },
      OR: [{ reminder24SentAt: null }, { reminder1SentAt: null, startsAt: { lte: new Date(now.getTime() + HOUR_MS) } }],
    },
    select: { id: true, startsAt: true, reminder24SentAt: true },
    orderBy: { startsAt: "asc" },
    take: 200,
  });
  let sent = 0;
  for (const booking of due) {
    const withinHour = booking.startsAt.getTime() - now.getTime() <= HOUR_MS;
    const mark = withinHour ? { reminder1SentAt: now, reminder24SentAt: booking.reminder24SentAt ?? now } : { reminder24SentAt: now };
    const unmarked = withinHour ? { reminder1SentAt: null } : { reminder24SentAt: null };
    sent += await db.$transaction(async (tx) => {
      const { count } = await tx.coachingBooking.updateMany({
        where: { id: booking.id, status: "booked", ...unmarked },
        data: mark,
      });
      if (count === 0) return 0;
      const record = await loadSession(tx, booking.id);
      const hoursBefore = withinHour ? 1 : 24;
      for (const reader of sessionReaders(record)) {
        await queueMail(
          tx,
          reader.to,
          {
            kind: "coaching-reminder",
            hoursBefore,
            meetingLink: record.meetingLink,
            name: reader.name,
            otherName: reader.otherName,
            when: reader.when,
            url: reader.url,
          },
          reader.userId,
        );
      }
      return 1;
    });
  }
  return sent;
}
