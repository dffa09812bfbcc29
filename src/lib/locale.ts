import { TZDate } from "@date-fns/tz";
import type { Option } from "./options";

/**
 * The user's language and time zone: how dates and numbers are written for them, which zone their
 * times are shown in, and which language a hosted assistant model answers in. The site's own texts
 * are English in every language.
 */

/**
 * The languages the product serves: dates and numbers are written in each of them (Intl), and a
 * hosted model answers in them. They are the languages of the chat's welcome line.
 */
export const USER_LANGUAGES = [
  { value: "en-GB", label: "English (United Kingdom)", name: "English" },
  { value: "en-US", label: "English (United States)", name: "English" },
  { value: "de-DE", label: "Deutsch (German)", name: "German" },
  { value: "es-ES", label: "Español (Spanish)", name: "Spanish" },
  { value: "fr-FR", label: "Français (French)", name: "French" },
  { value: "it-IT", label: "Italiano (Italian)", name: "Italian" },
  { value: "pt-BR", label: "Português (Portuguese)", name: "Portuguese" },
  { value: "tr-TR", label: "Türkçe (Turkish)", name: "Turkish" },
  { value: "ru-RU", label: "Русский (Russian)", name: "Russian" },
  { value: "ar", label: "العربية (Arabic)", name: "Arabic" },
  { value: "hi-IN", label: "हिन्दी (Hindi)", name: "Hindi" },
  { value: "vi-VN", label: "Tiếng Việt (Vietnamese)", name: "Vietnamese" },
  { value: "zh-CN", label: "中文 (Chinese)", name: "Chinese" },
  { value: "ko-KR", label: "한국어 (Korean)", name: "Korean" },
  { value: "ja-JP", label: "日本語 (Japanese)", name: "Japanese" },
] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number]["value"];

/** Dates as the site wrote them before the setting existed ("23 Nov 2026"). */
const DEFAULT_LANGUAGE: UserLanguage = "en-GB";
/**
 * New profiles: the zone of the product's services (coaching hours, support hours), where most of
 * its users are heading. Existing profiles kept their offsets, turned into zones by the migration.
 */
const DEFAULT_TIME_ZONE = "Europe/Berlin";

export const LANGUAGE_CHOICES: Option[] = USER_LANGUAGES.map(({ value, label }) => ({ value, label }));

/** Whether `code` is one of the languages the product serves. */
function isUserLanguage(code: unknown): code is UserLanguage {
  return USER_LANGUAGES.some((language) => language.value === code);
}

/** "German" for "de-DE"; null for a language the product does not serve. */
export function languageName(code: string | null | undefined): string | null {
  return USER_LANGUAGES.find((language) => language.value === code)?.name ?? null;
}

const OFFSET_ZONE = /^(?:UTC|GMT)?([+-])(\d{2}):?(\d{2})$/;

/** Whether `zone` is an IANA name this runtime knows (Europe/Berlin, UTC, Etc/GMT-1), not a bare offset. */
export function isIanaZone(zone: string): boolean {
  return !OFFSET_ZONE.test(zone) && !Number.isNaN(new TZDate(2000, 0, 1, zone).getTime());
}

/** "UTC+01:00" (or "UTC+05:30", "UTC-03:00", "UTC+00:00"): the zone's offset at `at`, daylight saving included. */
export function utcOffset(zone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const offset = part?.replace(/^GMT/, "") ?? "";
  return `UTC${offset || "+00:00"}`;
}

/** "Europe/Berlin (UTC+01:00)": a zone with its current offset. */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  return `${zone} (${utcOffset(zone, at)})`;
}

/**
 * Every zone this browser or server knows (plus UTC, which the list leaves out, and the chosen
 * one if the runtime lists it under another name), each labelled with its current offset.
 */
export function timeZoneChoices(current?: string | null, at: Date = new Date()): Option[] {
  const zones = new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]);
  if (current && isIanaZone(current)) zones.add(current);
  return [...zones].sort().map((zone) => ({ value: zone, label: zoneLabel(zone, at) }));
}

/** The zone this browser (or server) runs in, as the runtime names it; null when it names none. */
export function runtimeTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isIanaZone(zone) ? zone : null;
}

/**
 * The cookie in which the browser keeps the reader's zone (theirs from Settings when signed in, else
 * the browser's), so that the server writes dates in it and the page does not change as it comes alive.
 */
export const READER_ZONE_COOKIE = "reader-zone";

/** The reader's zone from its cookie's value, when it is a zone this runtime knows. */
export function readerZoneFromCookie(value: string | null | undefined): string | null {
  return value && value.length <= 64 && isIanaZone(value) ? value : null;
}

/**
 * Run inline before the page's scripts: on a browser's first visit the cookie is set at once, so the
 * next page is already written in the browser's zone, in browsers without the Cookie Store API too.
 * An existing cookie (a signed-in user's chosen zone) is left to user-format-settings.tsx.
 */
export const READER_ZONE_EARLY_SCRIPT = `(function(){try{if(/(?:^|; )${READER_ZONE_COOKIE}=/.test(document.cookie))return;var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(/^[A-Za-z0-9_+/-]{1,64}$/.test(z||""))document.cookie="${READER_ZONE_COOKIE}="+z+"; path=/; max-age=31536000; samesite=lax"}catch(e){}})();`;

export interface UserFormatSettings {
  language?: string | null;
  timeZone?: string | null;
}

/** The settings to format with: the user's own when valid, otherwise the defaults. */
export function formatSettings(settings: UserFormatSettings = {}): { language: UserLanguage; timeZone: string } {
  const zone = settings.timeZone && isIanaZone(settings.timeZone) ? settings.timeZone : DEFAULT_TIME_ZONE;
  return { language: isUserLanguage(settings.language) ? settings.language : DEFAULT_LANGUAGE, timeZone: zone };
}

export interface UserFormat {
  language: UserLanguage;
  timeZone: string;
  /** "23 Nov 2026" (en-GB), "Nov 23, 2026" (en-US), "23.11.2026" style in German; "-" for nothing. */
  date: (value: Date | string | null | undefined) => string;
  /** The date with the time in the user's zone: "23 Nov 2026, 14:05". */
  dateTime: (value: Date | string | null | undefined) => string;
  /** "30,000" (en), "30.000" (de). */
  number: (value: number) => string;
}

/**
 * Date and number formatting in the user's language and time zone (Intl). `nameZone`: times carry
 * their zone ("4 Mar 2026, 09:05 CET"), for a page written before the reader's zone is known.
 */
export function userFormat(settings: UserFormatSettings = {}, nameZone = false): UserFormat {
  const { language, timeZone } = formatSettings(settings);
  const dateFormat = new Intl.DateTimeFormat(language, { timeZone, day: "numeric", month: "short", year: "numeric" });
  const dateTimeFormat = new Intl.DateTimeFormat(language, {
    timeZone,
    ...(nameZone ? { timeZoneName: "short" } : {}),
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  const numberFormat = new Intl.NumberFormat(language);
  const shown = (format: Intl.DateTimeFormat) => (value: Date | string | null | undefined) => {
    if (!value) return "-";
    const moment = new Date(value);
    return Number.isNaN(moment.getTime()) ? "-" : format.format(moment);
  };
  return {
    language,
    timeZone,
    date: shown(dateFormat),
    dateTime: shown(dateTimeFormat),
    number: (value) => numberFormat.format(value),
  };
}
