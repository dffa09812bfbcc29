import { describe, expect, it } from "vitest";
import { formatCountdown } from "~/components/ui/countdown-timer";
import { COUNTRY_OPTIONS, LANGUAGE_OPTIONS, NATIONALITY_OPTIONS, RESIDENCE_COUNTRIES } from "~/lib/options";
import {
  decadeWindow,
  decadeYears,
  displayToIso,
  formatIsoDate,
  isDayDisabled,
  isDecadeDisabled,
  isMonthDisabled,
  isYearDisabled,
  monthGrid,
  parseIsoDate,
  todayIso,
} from "~/lib/ui/dates";
import { matchesAccept, validateFile } from "~/lib/ui/file-upload";
import { hasMore, MAX_AUTO_LOADS, shouldAutoLoad } from "~/lib/ui/infinite-list";
import { filterOptions, matchRank, NO_OPTIONS_TEXT, showsSearch } from "~/lib/ui/select";

describe("select box", () => {
  it("shows a search box only above 10 options", () => {
    expect(showsSearch(10)).toBe(false);
    expect(showsSearch(11)).toBe(true);
    expect(showsSearch(0)).toBe(false);
  });
  it("filters by label, ignoring case and accents", () => {
    const options = [{ label: "Österreich" }, { label: "Germany" }, { label: "Côte d'Ivoire" }];
    expect(filterOptions(options, "oster")).toEqual([{ label: "Österreich" }]);
    expect(filterOptions(options, "GER")).toEqual([{ label: "Germany" }]);
    expect(filterOptions(options, "cote")).toHaveLength(1);
    expect(filterOptions(options, "  ")).toHaveLength(3);
    expect(filterOptions(options, "xyz")).toEqual([]);
    expect(NO_OPTIONS_TEXT).toBe("No options found");
  });

  it.each([
    // label, query, rank: 0 the whole label, 1 its start, 2 a word's start, 3 elsewhere, null no match
    ["India", "India", 0],
    ["India", "  india ", 0],
    ["🇮🇳 India", "india", 0],
    ["Côte d'Ivoire", "cote d'ivoire", 0],
    ["Indonesia", "ind", 1],
    ["India", "ind", 1],
    ["British Indian Ocean Territory", "india", 2],
    ["Papua New Guinea", "guinea", 2],
    ["Guinea-Bissau", "bissau", 2],
    ["Côte d'Ivoire", "ivoire", 2],
    ["Dominica", "minica", 3],
    ["Germany", "many", 3],
    ["Germany", "india", null],
  ] as const)("ranks %s for %j as %s", (label, query, rank) => {
    expect(matchRank(label, query)).toBe(rank);
  });

  it.each([
    ["India", ["India", "British Indian Ocean Territory"]],
    ["ind", ["India", "Indonesia", "British Indian Ocean Territory"]],
    ["guinea", ["Guinea", "Guinea-Bissau", "Equatorial Guinea", "Papua New Guinea"]],
    ["niger", ["Niger", "Nigeria"]],
    ["sudan", ["Sudan", "South Sudan"]],
    ["oman", ["Oman", "Romania"]],
  ])("lists the nationalities for %j best first: %j", (query, expected) => {
    expect(filterOptions(NATIONALITY_OPTIONS, query).map((option) => option.label)).toEqual(expected);
  });

  it("ranks flagged country labels by their names, and keeps the list's order within a rank", () => {
    expect(filterOptions(COUNTRY_OPTIONS, "india")[0]!.value).toBe("IN");
    const options = [{ label: "Bravo Alpha" }, { label: "Alpha Two" }, { label: "Alpha" }, { label: "Alpha One" }, { label: "Zalpha" }];
    expect(filterOptions(options, "alpha").map((option) => option.label)).toEqual([
      "Alpha",
      "Alpha Two",
      "Alpha One",
      "Bravo Alpha",
      "Zalpha",
    ]);
  });
});

describe("date picker", () => {
  it("formats YYYY-MM-DD in every display format and always outputs YYYY-MM-DD", () => {
    expect(formatIsoDate("2001-03-09")).toBe("2001-03-09");
    expect(formatIsoDate("2001-03-09", "DD/MM/YYYY")).toBe("09/03/2001");
    expect(formatIsoDate("2001-03-09", "MM/DD/YYYY")).toBe("03/09/2001");
    expect(formatIsoDate("2001-03-09", "YYYY")).toBe("2001");
    expect(formatIsoDate("2001-03-09", "MM")).toBe("03");
    expect(formatIsoDate("2001-03-09", "YYYY-MM")).toBe("2001-03");
    expect(formatIsoDate("2001-03-09", "MM-DD")).toBe("03-09");
    expect(displayToIso("09/03/2001", "DD/MM/YYYY")).toBe("2001-03-09");
    expect(displayToIso("03/09/2001", "MM/DD/YYYY")).toBe("2001-03-09");
    expect(displayToIso("31/02/2001", "DD/MM/YYYY")).toBeNull();
  });
  it("rejects impossible dates", () => {
    expect(parseIsoDate("2001-02-29")).toBeNull();
    expect(parseIsoDate("2000-02-29")).not.toBeNull();
    expect(parseIsoDate("2000-2-9")).toBeNull();
  });
  it("disables days outside min and max; date of birth up to today", () => {
    const today = todayIso();
    expect(isDayDisabled(today, { max: today })).toBe(false);
    const tomorrow = todayIso(new Date(Date.now() + 86_400_000));
    expect(isDayDisabled(tomorrow, { max: today })).toBe(true);
    expect(isDayDisabled("2020-01-01", { min: "2020-01-02" })).toBe(true);
    expect(isDayDisabled("2020-01-02", { min: "2020-01-02", max: "2020-01-02" })).toBe(false);
  });
  it("pages years by decades and decades by centuries, so any year of the last century is a few clicks away", () => {
    expect(decadeYears(1994)).toEqual([1990, 1991, 1992, 1993, 1994, 1995, 1996, 1997, 1998, 1999]);
    expect(decadeYears(2026)[0]).toBe(2020);
    // Twelve decades on a page, up to the latest allowed one: 1910s to 2020s for a birth date today.
    expect(decadeWindow(2026, "2026-05-15")).toEqual([1910, 1920, 1930, 1940, 1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020]);
    expect(decadeWindow(1994)).toEqual([1900, 1910, 1920, 1930, 1940, 1950, 1960, 1970, 1980, 1990, 2000, 2010]);
  });
  it("disables years, decades and months wholly outside min and max", () => {
    const bounds = { min: "1926-01-01", max: "2026-05-15" };
    expect(isYearDisabled(2027, bounds)).toBe(true);
    expect(isYearDisabled(2026, bounds)).toBe(false);
    expect(isYearDisabled(1925, bounds)).toBe(true);
    expect(isDecadeDisabled(1920, bounds)).toBe(false); // 1926-1929 are allowed
    expect(isDecadeDisabled(1910, bounds)).toBe(true);
    expect(isMonthDisabled(2026, 4, bounds)).toBe(false); // May 2026 up to the 15th
    expect(isMonthDisabled(2026, 5, bounds)).toBe(true);
  });
  it("lays out whole weeks, Monday first", () => {
    const weeks = monthGrid(2026, 1); // February 2026 starts on a Sunday
    expect(weeks[0]![0]).toBe("2026-01-26");
    expect(weeks.flat()).toContain("2026-02-28");
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
});

describe("file upload", () => {
  const pdf = { name: "Transcript.PDF", type: "application/pdf", size: 1024 };
  it("accepts extensions, wildcard and exact MIME types", () => {
    expect(matchesAccept(pdf, ".pdf")).toBe(true);
    expect(matchesAccept(pdf, "image/*")).toBe(false);
    expect(matchesAccept({ name: "a.png", type: "image/png" }, "image/*")).toBe(true);
    expect(matchesAccept(pdf, "application/pdf")).toBe(true);
    expect(matchesAccept(pdf, ".doc, application/pdf")).toBe(true);
    expect(matchesAccept(pdf, undefined)).toBe(true);
  });
  it("gives the spec's messages", () => {
    expect(validateFile({ ...pdf, size: 10 * 1024 * 1024 + 1 })).toBe("File size must be less than 10MB");
    expect(validateFile({ ...pdf, size: 3 * 1024 * 1024 }, { maxSizeMB: 2 })).toBe("File size must be less than 2MB");
    expect(validateFile(pdf, { accept: "image/*,.docx" })).toBe("Please select a valid file type: image/*,.docx");
    expect(validateFile(pdf, { accept: ".pdf" })).toBeNull();
  });
});

describe("infinite list", () => {
  const base = { loaded: 20, total: 100, autoLoads: 0, loading: false, wantsMore: true };
  it("loads automatically at most 5 times", () => {
    expect(MAX_AUTO_LOADS).toBe(5);
    expect(shouldAutoLoad({ ...base, autoLoads: 4 })).toBe(true);
    expect(shouldAutoLoad({ ...base, autoLoads: 5 })).toBe(false);
  });
  it("stops at the total and waits for a running load or the end of the list", () => {
    expect(shouldAutoLoad({ ...base, loaded: 100 })).toBe(false);
    expect(hasMore({ loaded: 100, total: 100 })).toBe(false);
    expect(shouldAutoLoad({ ...base, loading: true })).toBe(false);
    expect(shouldAutoLoad({ ...base, wantsMore: false })).toBe(false);
  });
});

describe("lists and timers", () => {
  it("has the spec's countries and languages", () => {
    expect(RESIDENCE_COUNTRIES).toHaveLength(10);
    expect(LANGUAGE_OPTIONS.length).toBeGreaterThan(75);
  });
  it("formats the countdown as mm:ss", () => {
    expect(formatCountdown(1800)).toBe("30:00");
    expect(formatCountdown(61)).toBe("01:01");
    expect(formatCountdown(-3)).toBe("00:00");
  });
});
