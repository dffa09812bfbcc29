"use client";

import { useUserFormat } from "~/components/ui/user-format";

/**
 * A date as the forum shows it ("4 Mar 2026", "4 Mar 2026, 09:05"), in the reader's zone (their
 * setting, or their browser's), the zone named on hover.
 */
export function ForumTime({ date, withTime = false }: { date: Date | string; withTime?: boolean }) {
  const format = useUserFormat();
  const value = new Date(date);
  return (
    <time dateTime={value.toISOString()} title={format.timeZone}>
      {withTime ? format.dateTime(value) : format.date(value)}
    </time>
  );
}
