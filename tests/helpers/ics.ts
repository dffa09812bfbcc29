/** An iCalendar file's events as a calendar app reads them: folded lines joined, escapes undone. */
export interface ParsedEvent {
  uid: string;
  /** YYYY-MM-DD of an all-day event's DTSTART;VALUE=DATE. */
  start: string;
  end: string | null;
  summary: string;
  description: string;
  url: string | null;
  /** The event's VALARM reminders. */
  alarms: { action: string; trigger: string; description: string }[];
}

const unescapeIcsText = (value: string) => value.replace(/\\n/gi, "\n").replace(/\\([,;\\])/g, "$1");
const asDay = (value: string) => `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;

export function parseIcs(text: string): { calendar: Record<string, string>; events: ParsedEvent[] } {
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split(/\r\n/)
    .filter(Boolean);
  if (lines[0] !== "BEGIN:VCALENDAR" || lines.at(-1) !== "END:VCALENDAR") throw new Error("Not an iCalendar file");
  const calendar: Record<string, string> = {};
  const events: ParsedEvent[] = [];
  let current: Record<string, string> | null = null;
  let alarms: ParsedEvent["alarms"] = [];
  let alarm: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VALARM") alarm = {};
    else if (line === "END:VALARM") {
      alarms.push({
        action: alarm?.ACTION ?? "",
        trigger: alarm?.TRIGGER ?? "",
        description: unescapeIcsText(alarm?.DESCRIPTION ?? ""),
      });
      alarm = null;
    } else if (alarm) {
      const colon = line.indexOf(":");
      alarm[line.slice(0, colon)] = line.slice(colon + 1);
    } else if (line === "BEGIN:VEVENT") {
      current = {};
      alarms = [];
    } else if (line === "END:VEVENT") {
      const event = current!;
      if (!event["DTSTART;VALUE=DATE"]) throw new Error(`An event without an all-day DTSTART: ${JSON.stringify(event)}`);
      events.push({
        uid: event.UID ?? "",
        start: asDay(event["DTSTART;VALUE=DATE"]),
        end: event["DTEND;VALUE=DATE"] ? asDay(event["DTEND;VALUE=DATE"]) : null,
        summary: unescapeIcsText(event.SUMMARY ?? ""),
        description: unescapeIcsText(event.DESCRIPTION ?? ""),
        url: event.URL ?? event["URL;VALUE=URI"] ?? null,
        alarms,
      });
      current = null;
    } else {
      const colon = line.indexOf(":");
      (current ?? calendar)[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return { calendar, events };
}
