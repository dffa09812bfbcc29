"use client";

import { type UserFormat, userFormat } from "~/lib/locale";
import { useUserFormatSettings } from "./user-format-settings";

// One set of formatters per language and zone, shared by every component.
const formats = new Map<string, UserFormat>();

/**
 * The signed-in user's date and number formatting: their language and time zone (Settings); the
 * defaults (English (United Kingdom), Europe/Berlin) for visitors.
 */
export function useUserFormat(): UserFormat {
  const { language, timeZone } = useUserFormatSettings();
  const key = `${language ?? ""}|${timeZone ?? ""}`;
  let format = formats.get(key);
  if (!format) {
    format = userFormat({ language, timeZone });
    formats.set(key, format);
  }
  return format;
}
