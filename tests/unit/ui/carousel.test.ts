import { describe, expect, it } from "vitest";
import { isValidCarouselThread, pickRandomThread, shuffle, splitIntoRows, validQuestions } from "~/lib/carousel";

describe("prompt carousel rules", () => {
  it("keeps only questions with non-empty string text", () => {
    const thread = {
      title: "Visa",
      questions: [{ text: "Do I need a visa?" }, { text: "  " }, { text: 42 }, {}, { text: " Fees? " }],
    };
    expect(validQuestions(thread)).toEqual(["Do I need a visa?", "Fees?"]);
  });

  it("needs a non-empty title and at least one valid question", () => {
    expect(isValidCarouselThread({ title: "Visa", questions: [{ text: "Q" }] })).toBe(true);
    expect(isValidCarouselThread({ title: " ", questions: [{ text: "Q" }] })).toBe(false);
    expect(isValidCarouselThread({ title: "Visa", questions: [{ text: "" }] })).toBe(false);
    expect(isValidCarouselThread({ title: "Visa", questions: null })).toBe(false);
  });

  it("splits into at most 3 non-empty rows that keep every item", () => {
    expect(splitIntoRows([])).toEqual([]);
    expect(splitIntoRows(["a"])).toEqual([["a"]]);
    expect(splitIntoRows(["a", "b"])).toEqual([["a"], ["b"]]);
    const rows = splitIntoRows(["1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(rows).toHaveLength(3);
    expect(rows.flat()).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(rows.every((row) => row.length > 0)).toBe(true);
  });

  it("shuffles without losing or inventing items", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const shuffled = shuffle(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i)); // the input is untouched
  });

  it("picks only among valid threads, or none", () => {
    const threads = [
      { title: "", questions: [{ text: "Q" }] },
      { title: "Work", questions: [{ text: "Hours?" }] },
    ];
    expect(pickRandomThread(threads, () => 0)?.title).toBe("Work");
    expect(pickRandomThread(threads, () => 0.99)?.title).toBe("Work");
    expect(pickRandomThread([{ title: "X", questions: [] }])).toBeNull();
  });
});
