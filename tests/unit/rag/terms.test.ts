import { describe, expect, it } from "vitest";
import {
  AGE_STATEMENT,
  askerDescriptions,
  expandSynonyms,
  germanQuestionStems,
  lowerCaseWordsOfNounCapitaliser,
  quotedWords,
  rareSpellingFrequency,
  uninflectedGerman,
  withCompounds,
  withRepeatedActions,
} from "~/server/rag/query-analysis";
import { matchTerms, namedBesideItsKind, phraseLexemes, type StemmedGroup, termTable, weightedQuery } from "~/server/rag/terms";
import { chooseCorrections, editDistance } from "~/server/rag/typos";

const word = (lexeme: string) => ({ text: lexeme, lexemes: [lexeme], query: `'${lexeme}'` });
const phrase = (...lexemes: string[]) => ({
  text: lexemes.join(" "),
  lexemes,
  query: lexemes.map((l) => `'${l}'`).join(" <-> "),
});

describe("the term table (src/content/terms.json)", () => {
  const table = termTable();

  it("is valid, with groups of two or more terms and no term twice in a group", () => {
    expect(table.groups.length).toBeGreaterThan(100);
    for (const group of table.groups) {
      const lower = group.terms.map((t) => t.toLowerCase());
      expect(new Set(lower).size, group.about).toBe(lower.length);
    }
  });

  const terms = new Set(table.groups.flatMap((g) => g.terms.map((t) => t.toLowerCase())));
  it.each([
    // everyday words, German official terms with their English names, abbreviations
    ["wife", "spouse"],
    ["husband", "familiennachzug"],
    ["first week", "after arrival"],
    ["salary", "gehalt"],
    ["earn", "income"],
    ["bank account", "girokonto"],
    ["gez", "rundfunkbeitrag"],
    ["tv licence", "broadcasting fee"],
    ["doctor", "hausarzt"],
    ["gp", "arzt"],
    ["pharmacy", "apotheke"],
    ["chemist", "apotheke"],
    ["flat", "wohnung"],
    ["phd", "promotion"],
    ["doctoral candidate", "phd"],
    ["blue card", "blaue karte"],
    ["aps", "akademische prüfstelle"],
    ["vpd", "vorprüfungsdokumentation"],
    ["nc", "numerus clausus"],
    ["haw", "fachhochschule"],
    ["fh", "university of applied sciences"],
    ["dsh", "deutsche sprachprüfung für den hochschulzugang"],
    ["testdaf", "test deutsch als fremdsprache"],
    ["aufenthg", "residence act"],
    ["eat", "electronic residence permit"],
    ["driving licence", "führerschein"],
    ["sim card", "prepaid"],
    ["tax return", "steuererklärung"],
    ["liability insurance", "haftpflicht"],
    ["kindergeld", "child benefit"],
    ["abmeldung", "deregister"],
    ["hochschulwechsel", "change university"],
    ["schufa", "credit check"],
    ["nebenkosten", "utilities"],
    ["kündigungsfrist", "notice period"],
    ["bavarian formula", "grade conversion"],
    ["studienkredit", "student loan"],
  ])("puts %s and %s in one group", (a, b) => {
    expect(terms.has(a), a).toBe(true);
    expect(table.groups.some((g) => g.terms.some((t) => t.toLowerCase() === a) && g.terms.some((t) => t.toLowerCase() === b))).toBe(true);
  });
});

describe("term matching", () => {
  const groups: StemmedGroup[] = [
    { about: "spouse", terms: [word("wife"), word("spous"), phrase("famili", "reunif"), word("familiennachzug")] },
    { about: "bank account", terms: [phrase("bank", "account"), word("girokonto")] },
  ];

  it.each([
    { words: ["wife", "join"], concepts: [[0]] },
    { words: ["famili", "reunif", "rule"], concepts: [[0, 1]] },
    { words: ["open", "bank", "account"], concepts: [[1, 2]] },
    { words: ["bank", "open", "account"], concepts: [] },
  ])("finds words and consecutive phrases of the table in $words", ({ words, concepts }) => {
    expect(matchTerms(words, groups).map((m) => m.concepts)).toEqual(concepts);
  });

  it("recognises a phrase of one word and stop words only where the question has it as typed, and never searches it", () => {
    const expiry: StemmedGroup[] = [
      { about: "extension", terms: [word("extend"), { ...word("run"), text: "runs out", typed: "runs out" }, word("expir")] },
    ];
    const asked = expandSynonyms(["resid", "permit", "run"], expiry, "My residence permit runs out in May");
    expect(asked.filter((t) => t.concept === 2).map((t) => t.lexeme)).toEqual(["run", "extend", "expir"]);
    // "run" alone ("I run a small business") is not the phrase.
    expect(expandSynonyms(["run", "small", "busi"], expiry, "I run a small business").map((t) => t.lexeme)).toEqual([
      "run",
      "small",
      "busi",
    ]);
    // Asked with "extend", the phrase is not among the terms searched.
    expect(expandSynonyms(["extend"], expiry, "extend").map((t) => t.lexeme)).toEqual(["extend", "expir"]);
  });

  it("expands a phrase of the question under each of its words, and a word with the phrases of its group", () => {
    const fromPhrase = expandSynonyms(["open", "bank", "account"], groups);
    expect(fromPhrase.filter((t) => t.lexeme === "girokonto").map((t) => t.concept)).toEqual([1, 2]);
    const fromWord = expandSynonyms(["wife"], groups);
    expect(fromWord).toContainEqual({
      lexeme: "famili reunif",
      query: "'famili' <-> 'reunif'",
      concept: 0,
      factor: 0.8,
    });
  });

  it.each([
    { words: ["freelanc", "fiverr", "visa"], redundant: ["fiverr"] },
    // Without its kind in the question, an unknown brand stays: it may be what the question is about.
    { words: ["fiverr", "visa"], redundant: [] },
    // A word the knowledge base uses is never dropped.
    { words: ["freelanc", "upwork"], redundant: [] },
    // Nor an unknown word of the group that is not a brand name ("learn" beside "language").
    { words: ["freelanc", "learn"], redundant: [] },
  ])("drops an unknown word named beside its kind: $words", ({ words, redundant }) => {
    const platforms: StemmedGroup[] = [
      {
        about: "freelance platforms",
        terms: [word("fiverr"), word("upwork"), word("freelanc"), word("learn")],
        brands: ["fiverr", "upwork"],
      },
    ];
    const used = new Set(["freelanc", "visa", "upwork"]);
    expect([...namedBesideItsKind(words, platforms, (lexeme) => used.has(lexeme))]).toEqual(redundant);
  });

  it("reads phrases as PostgreSQL writes them, a hyphenated word as one", () => {
    expect(phraseLexemes("'famili' <-> 'reunif'")).toEqual(["famili", "reunif"]);
    expect(phraseLexemes("'proof' <2> 'fund'")).toEqual(["proof", "fund"]);
    expect(phraseLexemes("'mini-job' <-> 'mini' <-> 'job'")).toEqual(["mini-job"]);
    expect(weightedQuery("'famili' <-> 'reunif'", "A")).toBe("'famili':A <-> 'reunif':A");
  });
});

describe("typo fallback", () => {
  it.each([
    ["blokc", "block", 1],
    ["anmeldng", "anmeldung", 1],
    ["sperkonto", "sperrkonto", 1],
    ["scholaship", "scholarship", 1],
    ["world", "word", 1],
  ])("measures %s -> %s as %i typing slip", (a, b, edits) => {
    expect(editDistance(a, b)).toBe(edits);
  });

  const frequency = () => 1;
  it.each([
    { typed: "sperkonto", known: "sperrkonto", similarity: 0.75, corrected: true },
    { typed: "anmeldng", known: "anmeldung", similarity: 0.58, corrected: true },
    { typed: "blokc", known: "block", similarity: 0.33, corrected: true },
    { typed: "scholaship", known: "scholarship", similarity: 0.69, corrected: true },
    // Real words next to a known one are not typos of it.
    { typed: "world", known: "word", similarity: 0.5, corrected: false },
    { typed: "peru", known: "per", similarity: 0.5, corrected: false },
    { typed: "helth", known: "health", similarity: 0.36, corrected: true },
    { typed: "words", known: "word", similarity: 0.57, corrected: false },
    { typed: "bitcoin", known: "coin", similarity: 0.36, corrected: false },
  ])("reads $typed as $known: $corrected", ({ typed, known, similarity, corrected }) => {
    expect(chooseCorrections([{ typed, known, similarity }], frequency).get(typed)).toBe(corrected ? known : undefined);
  });

  it("prefers the candidate with fewest slips, then the most similar", () => {
    const corrections = chooseCorrections(
      [
        { typed: "insurenc", known: "insur", similarity: 0.5 },
        { typed: "insurenc", known: "insuranc", similarity: 0.55 },
      ],
      frequency,
    );
    expect(corrections.get("insurenc")).toBe("insuranc");
  });
});

describe("compounds typed apart", () => {
  const frequencies = new Map([
    ["deutschlandstipendium", 12],
    ["rundfunkbeitrag", 9],
    ["minijob", 2],
  ]);

  it("reads two words as the compound the knowledge base uses, in place of their stems", () => {
    expect(withCompounds(["deutschland", "stipendium"], "deutschland stipendium how much", frequencies)).toEqual(["deutschlandstipendium"]);
    expect(withCompounds(["rundfunk", "beitrag", "letter"], "what is this rundfunk beitrag letter", frequencies)).toEqual([
      "letter",
      "rundfunkbeitrag",
    ]);
  });

  it("leaves words alone that form no known compound, and a hyphenated word that is one already", () => {
    expect(withCompounds(["student", "visa"], "student visa", frequencies)).toEqual(["student", "visa"]);
    expect(withCompounds(["mini-job", "2026"], "How much can I earn in a mini-job in 2026?", frequencies)).toEqual(["mini-job", "2026"]);
  });
});

describe("a verb followed by 'again'", () => {
  const frequencies = new Map([
    ["reregist", 9],
    ["reregistr", 7],
    ["regist", 48],
    ["appli", 90],
  ]);

  it.each([
    [["regist", "move"], "do i need to register again after a move", ["reregist", "move"]],
    [["need", "regist"], "Need to Register again?", ["need", "reregist"]],
  ])("%j in %s reads as the re- word the knowledge base uses", (stems, question, expected) => {
    expect(withRepeatedActions(stems, question, frequencies)).toEqual(expected);
  });

  it.each([
    [["appli"], "can i apply again next year"],
    [["regist", "move"], "register after a move"],
    [["regist", "move"], "move again and register"],
  ])("%j in %s stays as typed: no such re- word, or 'again' belongs to another verb", (stems, question) => {
    expect(withRepeatedActions(stems, question, frequencies)).toEqual(stems);
  });
});

describe("German question words", () => {
  it.each([
    ["Aufenthaltserlaubnis Arbeitssuche nach Studium wie lange", ["lang"]],
    ["Wie lange dauert das Visum?", ["lang"]],
    ["how long does the visa take", []],
    ["german language course", []],
  ])("%s asks with %j, no subject", (question, stems) => {
    expect([...germanQuestionStems(question)]).toEqual(stems);
  });
});

describe("German words written in lower case by a writer who capitalises nouns", () => {
  it.each([
    [
      "Wie und wann kann hier geprüft werden, ob das Werkstudentenprivileg erhalten bleibt?",
      ["und", "wann", "kann", "hier", "geprueft", "werden", "ob", "das", "erhalten", "bleibt"],
    ],
    // "Hund" is a noun (capitalised); "halten" is not.
    ["Kann ich als Student in Deutschland einen Hund halten?", ["ich", "als", "in", "einen", "halten"]],
    // A word written capitalised elsewhere (here at the start of a sentence) may be a noun.
    ["Essen in München: Wo kann ich gut essen?", ["in", "kann", "ich", "gut"]],
  ])("%s: %j", (text, expected) => {
    expect(lowerCaseWordsOfNounCapitaliser(text)).toEqual(expected);
  });

  it.each(["wie viel geld brauche ich für das sperrkonto?", "Wetter?"])("none where case tells nothing: %s", (text) => {
    expect(lowerCaseWordsOfNounCapitaliser(text)).toEqual([]);
  });
});

describe("German words in a form the knowledge base does not use", () => {
  const known = new Set(["monat", "jahr", "regelung", "vorlesung", "kind", "werkstudent", "student"]);
  const isKnown = (stem: string) => known.has(stem);

  it.each([
    ["monaten", "monat"],
    ["jahren", "jahr"],
    ["regelungen", "regelung"],
    ["vorlesungen", "vorlesung"],
    ["kinder", "kind"],
    // The feminine form reads as the form the knowledge base uses.
    ["werkstudentin", "werkstudent"],
    ["studentinnen", "student"],
  ])("reads %s as %s", (word, base) => {
    expect(uninflectedGerman(word, isKnown)).toBe(base);
  });

  it.each(["bitcoin", "monatlich", "ren", "sperrkonto"])("leaves %s alone: no ending leaves a known word", (word) => {
    expect(uninflectedGerman(word, isKnown)).toBeNull();
  });
});

describe("how the asker describes themself", () => {
  it.each([
    ["Darf ich als internationale Studentin neben dem Studium arbeiten?", ["internationale"]],
    ["As an international student, can I get BAföG?", ["international"]],
    ["Ich bin ausländischer Student, brauche ich eine Krankenversicherung?", ["auslaendischer"]],
    ["i'm a foreign student in Berlin, how much can i earn", ["foreign"]],
    // "international" names the subject here: programmes, not the asker.
    ["Which international programmes are taught in English?", []],
    ["How many international students are in Germany?", []],
  ])("%s: %j", (question, words) => {
    expect(askerDescriptions(question)).toEqual(words);
  });
});

describe("a rare spelling of a common subject", () => {
  it.each([
    // Kaltmiete once, "basic rent" 30 times: as if used sqrt(30) times
    [1, [5, 30], Math.sqrt(30)],
    [1, [3], Math.sqrt(3)],
    // "deutschen" in a few proper names beside "German" everywhere
    [4, [200], Math.sqrt(800)],
  ])("a word used %i times beside translations used %j times counts as used %f times", (own, translations, expected) => {
    expect(rareSpellingFrequency(own, translations)).toBeCloseTo(expected);
  });

  it.each([
    [0, [30]], // never used: weighs as its translation (another rule)
    [6, [200]], // used often enough to be telling itself
    [1, [2]], // translations as rare
    [1, []], // no translation
  ])("a word used %i times beside translations used %j times keeps its own weight", (own, translations) => {
    expect(rareSpellingFrequency(own, translations)).toBeNull();
  });
});

describe("the asker's age", () => {
  it.each([
    ["i am 31 can i still get student health insurance", "31"],
    ["I'm 29 years old, is public insurance still cheap?", "29"],
    ["what happens when I turn 30", "30"],
    ["aged 35, can I get a student visa", "35"],
  ])("%s says the asker is %s", (question, age) => {
    expect(AGE_STATEMENT.exec(question)?.[1]).toBe(age);
  });

  it.each(["I am 20 hours a week at work", "i am 45 euros short", "I turn 18 months of job search into a permit?", "i have 30 ECTS"])(
    "%s says no age",
    (question) => {
      expect(AGE_STATEMENT.exec(question)).toBeNull();
    },
  );
});

describe("terms put in quotes", () => {
  it.each([
    ["The so called 'Blue Card' is a phrase I'm wondering about", ["blue", "card"]],
    ['what is a "Fiktionsbescheinigung" and do I need one?', ["fiktionsbescheinigung"]],
    ["Was bedeutet „Zweitwohnsitz“ für Studenten?", ["zweitwohnsitz"]],
    ['I can get it in case of "special integration measures". What does it mean?', ["special", "integration", "measures"]],
    // Apostrophes are no quotes, and a copied sentence is no term.
    ["I don't know if I'm allowed, it's my first job", []],
    ['The page says "prove they are capable of financing your stay and paying your bills" - is that true?', []],
  ])("%s: %j", (question, words) => {
    expect(quotedWords(question)).toEqual(words);
  });
});
