import { describe, expect, it } from "vitest";
import { readerZoneFromCookie, timeZoneChoices, userFormat, utcOffset, zoneLabel } from "~/lib/locale";
import { signupSchema } from "~/lib/schemas/auth";
import { languageSchema, timeZoneSchema } from "~/lib/schemas/locale";
import { chatInstructions } from "~/server/ai/prompt";

const WINTER = new Date("2026-01-15T12:00:00Z");
const SUMMER = new Date("2026-07-15T12:00:00Z");

describe("time zones", () => {
  it("accepts IANA zones and refuses offsets and made-up names", () => {
    for (const zone of ["Europe/Berlin", "UTC", "Etc/GMT-1", "America/New_York", "Asia/Kolkata"])
      expect(timeZoneSchema.parse(zone)).toBe(zone);
    for (const zone of ["UTC+01:00", "+01:00", "Mars/Olympus", "", 5]) {
      expect(timeZoneSchema.safeParse(zone).error?.issues[0]?.message).toMatch(/Choose a time zone/);
    }
  });

  it("labels a zone with its offset on the day, daylight saving included", () => {
    expect(zoneLabel("Europe/Berlin", WINTER)).toBe("Europe/Berlin (UTC+01:00)");
    expect(zoneLabel("Europe/Berlin", SUMMER)).toBe("Europe/Berlin (UTC+02:00)");
    expect(utcOffset("UTC", WINTER)).toBe("UTC+00:00");
    expect(utcOffset("Asia/Kolkata", WINTER)).toBe("UTC+05:30");
    expect(utcOffset("Etc/GMT+5", WINTER)).toBe("UTC-05:00");
  });

  it("offers every zone the runtime knows and UTC, each once and labelled with its offset", () => {
    const choices = timeZoneChoices("Asia/Kolkata", WINTER);
    expect(choices.length).toBeGreaterThan(300);
    expect(new Set(choices.map((choice) => choice.value)).size).toBe(choices.length);
    expect(choices).toContainEqual({ value: "UTC", label: "UTC (UTC+00:00)" });
    expect(choices).toContainEqual({ value: "Asia/Kolkata", label: "Asia/Kolkata (UTC+05:30)" });
    expect(choices).toContainEqual({ value: "America/New_York", label: "America/New_York (UTC-05:00)" });
  });
});

describe("the reader's zone", () => {
  it.each([
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"],
    ["UTC", "UTC"],
    ["UTC+05:30", null],
    ["Mars/Olympus_Mons", null],
    ["%E0%A4", null],
    ["", null],
    [undefined, null],
  ])("reads the cookie %j as %j", (value, zone) => {
    expect(readerZoneFromCookie(value)).toBe(zone);
  });

  it("takes a sign-up's browser zone when it is an IANA zone, and leaves any other out", () => {
    const form = { firstName: "Priya", lastName: "Sharma", email: "priya@example.com", password: "pass-word-99" };
    expect(signupSchema.parse({ ...form, timeZone: "Asia/Kolkata" }).timeZone).toBe("Asia/Kolkata");
    expect(signupSchema.parse({ ...form, timeZone: "GMT+5" }).timeZone).toBeUndefined();
    expect(signupSchema.parse(form).timeZone).toBeUndefined();
  });
});

describe("language", () => {
  it("accepts only the languages the product serves", () => {
    expect(languageSchema.parse("de-DE")).toBe("de-DE");
    expect(languageSchema.safeParse("en").error?.issues[0]?.message).toBe("Choose a language from the list");
    expect(languageSchema.safeParse("sw").success).toBe(false);
  });

  it("writes dates in the user's zone and language, numbers in the user's language", () => {
    const moment = new Date("2026-01-15T23:30:00Z");
    expect(userFormat({ language: "en-GB", timeZone: "UTC" }).dateTime(moment)).toBe("15 Jan 2026, 23:30");
    expect(userFormat({ language: "en-GB", timeZone: "Europe/Berlin" }).dateTime(moment)).toBe("16 Jan 2026, 00:30");
    expect(userFormat({ language: "en-US", timeZone: "America/New_York" }).date(moment)).toBe("Jan 15, 2026");
    expect(userFormat({ language: "de-DE", timeZone: "UTC" }).number(30000)).toBe("30.000");
    expect(userFormat({ language: "en-GB" }).number(30000)).toBe("30,000");
    expect(userFormat().date(null)).toBe("-");
    // Before the reader's zone is known, times name the zone they are in.
    expect(userFormat({}, true).dateTime(moment)).toBe("16 Jan 2026, 00:30 CET");
    expect(userFormat({}, true).date(moment)).toBe("16 Jan 2026");
    // Unknown settings fall back to the defaults instead of failing.
    expect(userFormat({ language: "xx", timeZone: "UTC+01:00" })).toMatchObject({
      language: "en-GB",
      timeZone: "Europe/Berlin",
    });
  });

  it("tells a hosted model to answer in the chosen language, except English", () => {
    expect(chatInstructions(null, "de-DE")).toContain("The user chose German as their language in their settings: answer in German");
    expect(chatInstructions(null, "en-GB")).not.toContain("The user chose");
    expect(chatInstructions(null, null)).toContain("Answer in the language of the question.");
  });
});
