"use client";

import { type UserFormat, userFormat } from "~/lib/locale";
import { useUserFormatSettings } from "./user-format-settings";

// One set of formatters per language and zone, shared by every component.
const formats = new Map<string, UserFormat>();

/**
 * The reader's date and number formatting: a signed-in user's language and time zone (Settings), a
 * visitor's browser zone. Until the zone is known (a first visit's page, as written on the server and
 * as it comes alive), times are in the default zone and name it, so none reads as the reader's own.
 */
export function useUserFormat(): UserFormat {
  const { language, timeZone } = useUserFormatSettings();
  const key = `${language ?? ""}|${timeZone ?? ""}`;
  let format = formats.get(key);
  if (!format) {
    format = userFormat({ language, timeZone }, !timeZone);
    formats.set(key, format);
  }
  return format;
}
