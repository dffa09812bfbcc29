import { describe, expect, it } from "vitest";
import {
  foldForSearch,
  foldGerman,
  searchableText,
  slashVariants,
  spellingVariants,
  splitSentences,
  stripMarkdown,
} from "~/server/rag/text";

describe("stripMarkdown", () => {
  it("keeps the words people read and drops the syntax", () => {
    expect(stripMarkdown("## Heading\n- **11,904 EUR** per [year](https://example.org) and `code` and _stress_")).toBe(
      "Heading\n11,904 EUR per year and code and stress",
    );
  });
});

describe("foldGerman", () => {
  it.each([
    ["Ausländerbehörde", "Auslaenderbehoerde"],
    ["Auslaenderbehoerde", "Auslaenderbehoerde"],
    ["Straße", "Strasse"],
    ["Übersetzung", "Uebersetzung"],
    ["Führerschein und Bürgeramt", "Fuehrerschein und Buergeramt"],
    ["Café Müller", "Cafe Mueller"],
    ["blocked account", "blocked account"],
  ])("folds %s to %s, as both the indexer and the retriever do", (text, folded) => {
    expect(foldGerman(text)).toBe(folded);
  });
});

describe("foldForSearch", () => {
  it.each([
    ["re-register within two weeks", "reregister within two weeks"],
    ["Re-registration (Ummeldung)", "Reregistration (Ummeldung)"],
    ["the re-entry rules", "the reentry rules"],
    ["Ausländerbehörde", "Auslaenderbehoerde"],
    ["register your address", "register your address"],
    ["pre-register, score-related", "pre-register, score-related"],
  ])("reads %s as %s: a word with the prefix re- is kept whole", (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it.each([
    ["apply through uni-assist", "apply through uniassist"],
    ["uni assist fees", "uniassist fees"],
    ["Deutschkurs an der Uni kostenlos?", "Deutschkurs an der university kostenlos?"],
    ["fees for 3 unis", "fees for 3 universities"],
    ["a real uni", "a real university"],
    ["unique unit", "unique unit"],
  ])("reads %s as %s: uni-assist is one word, and a student's uni is a university", (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it.each([
    ["prove they're capable", "prove they capable"],
    ["I've read that we’ll need it and I'd ask", "I read that we need it and I ask"],
    ["I'm 27", "I 27"],
    ["the city's rules", "the city's rules"],
  ])("reads %s as %s: a contraction's end is no word of its own", (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it("indexes a re- word without the word it repeats", () => {
    expect(searchableText("You must **re-register** after a move.")).toBe("You must reregister after a move.");
  });
});

describe("spellingVariants", () => {
  it("gives the umlauts typed without their dots, beside the folded spelling", () => {
    expect(spellingVariants("die Wohnungsgeberbestätigung und die Straße")).toEqual(["Wohnungsgeberbestatigung"]);
  });

  it("returns nothing for plain English", () => {
    expect(spellingVariants("blocked account")).toEqual([]);
  });
});

describe("slashVariants", () => {
  it("splits tokens PostgreSQL would read as one file path", () => {
    expect(slashVariants("the 140/280-day rule, B2/C1 and 2024/25")).toEqual(["140 280-day", "B2 C1", "2024 25"]);
  });

  it("are appended to the searchable text", () => {
    expect(searchableText("**B2/C1** in München")).toBe("B2/C1 in Muenchen\nMunchen B2 C1");
  });
});

describe("splitSentences", () => {
  it("does not break after abbreviations", () => {
    expect(splitSentences("See § 16b Abs. 1 AufenthG for details. The fee is approx. 75 EUR. Dr. Müller agrees.")).toEqual([
      "See § 16b Abs. 1 AufenthG for details.",
      "The fee is approx. 75 EUR.",
      "Dr. Müller agrees.",
    ]);
  });

  it.each([
    [
      "Abgegeben am 5. Mai. Wie sieht es in der Zeit vom 6. Juli aus?",
      ["Abgegeben am 5. Mai.", "Wie sieht es in der Zeit vom 6. Juli aus?"],
    ],
    ["Ich bin im 5. Semester und arbeite.", ["Ich bin im 5. Semester und arbeite."]],
    ["Ab dem 1. Oktober bin ich eingeschrieben.", ["Ab dem 1. Oktober bin ich eingeschrieben."]],
    ["I am 25. Next year I move.", ["I am 25.", "Next year I move."]],
    ["It ends on Jan 11. For when do I need it?", ["It ends on Jan 11.", "For when do I need it?"]],
    ["Welche Regeln (Studentenprivileg?) gelten dann?", ["Welche Regeln (Studentenprivileg?) gelten dann?"]],
  ])(
    "does not break after a German ordinal number or a question in brackets, and still after an English sentence's last number: %s",
    (text, sentences) => {
      expect(splitSentences(text)).toEqual(sentences);
    },
  );

  it("closes a bold span that runs over a sentence end, so each sentence stands alone", () => {
    expect(splitSentences("**Check the amount first. Then transfer.** Missions may differ.")).toEqual([
      "**Check the amount first.**",
      "**Then transfer.**",
      "Missions may differ.",
    ]);
  });
});
