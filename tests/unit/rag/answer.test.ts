import { describe, expect, it } from "vitest";
import { amountStatement, withAmountFirst, withStatedLimit, withTimeLimit } from "~/server/rag/answer-figures";
import { correctedQuestion } from "~/server/rag/answer-lists";
import { quotedSources, renderAnswer, sourceLine } from "~/server/rag/answer-render";
import { type ScoredUnit, selectUnits, VAGUE_LIMIT, WHERE_QUESTION } from "~/server/rag/answer-units";
import { answerUnits } from "~/server/rag/markdown";
import { listVerbOf } from "~/server/rag/query-analysis";
import { askedFigure } from "~/server/rag/question";
import type { RetrievedPassage } from "~/server/rag/retrieval-types";

const ffo = { title: "Federal Foreign Office", url: "https://www.auswaertiges-amt.de/" };
const jena = { title: "City of Jena", url: "https://neu.jena.de/de/node/99" };
const bahn = { title: "Deutsche Bahn", url: "https://www.bahn.de/" };

function passage(id: string, articleSlug: string, text: string, sources = [ffo], heading: string | null = null): RetrievedPassage {
  return {
    id,
    articleSlug,
    articleTitle: `Article ${articleSlug}`,
    topic: "finances",
    heading,
    text,
    score: 1,
    lastReviewed: "2026-11-24",
    sources,
  };
}

/** Every unit of a passage, scored in the order given (the first highest). */
function unitsOf(source: RetrievedPassage, passageRank = 0): ScoredUnit[] {
  return answerUnits(source.text).map((unit, index) => ({
    ...unit,
    passage: source,
    passageRank,
    score: 1 - index / 100,
    lexemes: new Set<string>(),
  }));
}

const retrieval = (passages: RetrievedPassage[]) => ({ passages, confidence: 0.9 });

describe("amountStatement", () => {
  it.each([
    ["The regular Deutschlandticket costs **63 euros a month from 1 January 2026**.", 3.5],
    ["The amount is 11,904 EUR per year, applying from 1 January 2025.", 3.5],
    ["So in 2026 most students pay roughly 140 to 150 EUR per month.", 3],
    ["Per month: **992 EUR**", 2],
    ["The fee is 75 EUR.", 1],
    ["It costs 63 euros a month.", 2],
    ["The Deutschlandsemesterticket costs 60% of the regular price.", 0],
  ])("rates %j as %d (amount, period, date, its day)", (text, rating) => {
    expect(amountStatement(text)).toBe(rating);
  });
});

describe("withAmountFirst", () => {
  it("leads with the unit that states the amount most fully, said as a sentence", () => {
    const ticket = passage(
      "p1",
      "ticket",
      "- The Deutschlandsemesterticket costs **60% of the regular Deutschlandticket price**.\n- The regular Deutschlandticket costs **63 euros a month from 1 January 2026** (58 euros in 2025).",
      [bahn],
    );
    const units = unitsOf(ticket);
    const chosen = withAmountFirst(units);
    expect(chosen.map((u) => u.plain.slice(0, 30))).toEqual(["The regular Deutschlandticket ", "The Deutschlandsemesterticket "]);
    expect(chosen[0]).toMatchObject({ kind: "sentence", leading: true });
    expect(
      renderAnswer(chosen, retrieval([ticket]))
        .split("\n\n")
        .slice(0, 2),
    ).toEqual([
      "The regular Deutschlandticket costs **63 euros a month from 1 January 2026** (58 euros in 2025).",
      "- The Deutschlandsemesterticket costs **60% of the regular Deutschlandticket price**.",
    ]);
  });

  it.each([
    ["no amount at all", "Apply early. The office answers within weeks."],
    ["an amount without period or date", "The fee is 75 EUR. Pay it at the appointment."],
  ])("keeps the order when there is %s", (_, text) => {
    const units = unitsOf(passage("p1", "a", text));
    expect(withAmountFirst(units)).toEqual(units);
  });
});

describe("askedFigure", () => {
  it.each([
    ["uni-assist fee", "amount"],
    ["how much does the APS cost", "amount"],
    ["Kindergeld Höhe, wie viel?", "amount"],
    ["how long can i stay after graduation", "time"],
    ["Ummeldung Frist", "time"],
    ["Wann beginnt das Wintersemester?", "time"],
    ["Blaue Karte Mindestgehalt 2026", "amount"],
    ["what salary do i need for the blue card", "amount"],
    ["why is tax cut from my salary as a student", null],
    ["when do i have to apply for the winter semester", "time"],
    ["what is a Studienkolleg", null],
  ])("%s asks for %s", (question, kind) => {
    expect(askedFigure(question)).toBe(kind);
  });
});

describe("VAGUE_LIMIT", () => {
  it.each([
    ["There are limits on how long you may stay in another Schengen country.", true],
    ["Many students pay no tax, because their yearly income stays below the tax-free allowance.", true],
    ["If your earnings exceed the mini-job limit, you pay social insurance.", true],
    ["Your salary must reach the threshold for the Blue Card.", true],
    ["You may stay up to 90 days within any 180-day period.", false],
    ["The allowance is paid monthly.", false],
    ["Apply at the foreigners' office.", false],
  ])("%s names a limit without its figure: %s", (text, vague) => {
    expect(VAGUE_LIMIT.test(text)).toBe(vague);
  });
});

describe("withTimeLimit", () => {
  const lexemes = (text: string) => new Set(text.toLowerCase().match(/[a-z]+/g));
  const scored = (units: ScoredUnit[]) => units.map((u) => ({ ...u, lexemes: lexemes(u.plain) }));

  it("adds the limit of the same duty, though another section's limit for another case is quoted", () => {
    const intro = scored(unitsOf(passage("p1", "anmeldung", "Everyone who moves into a flat in Germany must register their address.")));
    const deadline = scored(
      unitsOf(
        passage(
          "p2",
          "anmeldung",
          "Under the Federal Registration Act you must register within two weeks of moving in.",
          [ffo],
          "The deadline",
        ),
        1,
      ),
    );
    const moving = scored(
      unitsOf(
        passage(
          "p3",
          "anmeldung",
          "- Moving within Germany: register at your new address within two weeks.\n- Leaving Germany: deregister.",
          [ffo],
          "When you move again",
        ),
        2,
      ),
    );
    const chosen = [intro[0]!, moving[0]!];
    const out = withTimeLimit(chosen, [...intro, ...deadline, ...moving]);
    expect(out.map((u) => u.plain)).toEqual([intro[0]!.plain, deadline[0]!.plain, moving[0]!.plain]);
  });
});

describe("withStatedLimit", () => {
  it("follows a sentence that only says a limit exists with the sentence that states it", () => {
    const lexemes = (text: string) => new Set(text.toLowerCase().match(/[a-z]+/g));
    const intro = passage(
      "p1",
      "travel",
      "You can travel to other Schengen countries. There are limits on how long you may stay in another Schengen country.",
    );
    const rule = passage(
      "p2",
      "travel",
      "Pack your documents. You may stay up to 90 days within any 180-day period in another Schengen country.\n\n- Renew a permit expiring within 6 months before you leave.",
      [ffo],
      "How long you may stay",
    );
    const chosen = unitsOf(intro).map((u) => ({ ...u, lexemes: lexemes(u.plain) }));
    const candidates = [...chosen, ...unitsOf(rule, 1).map((u) => ({ ...u, score: 0.5, lexemes: lexemes(u.plain) }))];
    const out = withStatedLimit(chosen, chosen[1]!, candidates);
    expect(out.map((u) => u.plain)).toEqual([
      chosen[0]!.plain,
      chosen[1]!.plain,
      "You may stay up to 90 days within any 180-day period in another Schengen country.",
    ]);
    expect(withStatedLimit(out, out[1]!, candidates)).toEqual(out);
  });
});

describe("selectUnits", () => {
  it("quotes nothing whose best unit matches too little, with a lower bar for a long post", () => {
    const weak = unitsOf(passage("p1", "privilege", "The privilege ends with the last exam. It is checked by the employer.")).map((u) => ({
      ...u,
      score: 0.15,
    }));
    expect(selectUnits(weak)).toEqual([]);
    // A post of twelve or more telling words (questionLengthFactor 2/3): 0.15 is above its bar of 0.133.
    expect(selectUnits(weak, 2 / 3).map((u) => u.plain)).toContain("The privilege ends with the last exam.");
  });

  /** An article's intro sentence and a six-item list; the units named score high, the rest far below the best. */
  function picked(list: string, high: string[]): string[] {
    const intro = passage("p1", "budget", "The official figure is **992 euros a month**, set since 1 January 2025.");
    const items = passage("p2", "budget", list, [ffo], "The main monthly costs");
    const units = [...unitsOf(intro, 0), ...unitsOf(items, 1)].map((u) => ({
      ...u,
      score: u.kind === "sentence" ? 1 : high.some((h) => u.plain.startsWith(h)) ? 0.9 : 0.3,
    }));
    return selectUnits(units).map((u) => u.plain.split(":")[0]!);
  }

  it("quotes a breakdown of amounts whole when two of its parts are chosen", () => {
    const budget = [
      "- **Rent:** about **505 euros** for a room in a shared flat.",
      "- **Health insurance:** roughly **140–150 euros a month**.",
      "- **Food:** about **200 euros a month** if you cook at home.",
      "- **Transport:** about **100 euros a month** for travel.",
      "- **Broadcasting fee:** **18.36 euros a month** per household.",
      "- **Phone and internet, leisure:** plan several tens of euros for each.",
    ].join("\n");
    expect(picked(budget, ["Health", "Transport"]).sort()).toEqual(
      [
        "The official figure is 992 euros a month, set since 1 January 2025.",
        "Rent",
        "Health insurance",
        "Food",
        "Transport",
        "Broadcasting fee",
        "Phone and internet, leisure",
      ].sort(),
    );
  });

  it("quotes the whole list its lead-in promises: all conditions", () => {
    const conditions = passage(
      "p1",
      "spouse",
      [
        "The spouse of a student gets a residence permit if all of these apply:",
        "",
        "- **Both are 18.**",
        "- **Basic German at level A1.**",
        "- **A residence permit** for more than a year.",
        "- **Living costs covered.**",
        "- **Enough living space.**",
        "- **Health insurance.**",
      ].join("\n"),
    );
    const units = unitsOf(conditions).map((u) => ({ ...u, score: u.plain.startsWith("Both") ? 1 : 0.1 }));
    expect(selectUnits(units).map((u) => u.plain)).toEqual([
      "Both are 18.",
      "Basic German at level A1.",
      "A residence permit for more than a year.",
      "Living costs covered.",
      "Enough living space.",
      "Health insurance.",
    ]);
  });

  it("quotes the whole list when one option is chosen under a lead-in the answer repeats", () => {
    const proof = passage(
      "p1",
      "proof",
      [
        "The blocked account is not the only way. According to the DAAD, these forms of proof are possible:",
        "",
        "- your **parents** submit documents about their income",
        "- a person in Germany signs a **formal obligation letter**",
        "- a **bank guarantee**",
        "- a **scholarship** award notification",
        "- a **blocked account**",
      ].join("\n"),
    );
    const units = unitsOf(proof).map((u) => ({ ...u, score: u.plain.startsWith("your parents") ? 1 : 0.1 }));
    expect(selectUnits(units).map((u) => u.plain)).toEqual([
      "your parents submit documents about their income",
      "a person in Germany signs a formal obligation letter",
      "a bank guarantee",
      "a scholarship award notification",
      "a blocked account",
    ]);
  });

  it("leaves out one item of a long list that is no sentence and has no lead-in worth showing", () => {
    const form = passage(
      "p1",
      "form",
      [
        "You must register within **two weeks** of moving in.",
        "",
        "It is a short form. It must include:",
        "",
        "- name and address of the landlord",
        "- name and address of the owner, if different",
        "- the date of moving in",
        "- the address of the flat",
        "- the names of all people who moved in",
      ].join("\n"),
    );
    const score = (u: ScoredUnit) => (u.plain.startsWith("You must") ? 1 : u.plain.startsWith("the names") ? 0.9 : 0.1);
    expect(selectUnits(unitsOf(form).map((u) => ({ ...u, score: score(u) }))).map((u) => u.plain)).toEqual([
      "You must register within two weeks of moving in.",
    ]);
    // The same item under a lead-in that says what it lists is shown with that lead-in, and stays.
    const named = passage(
      "p2",
      "form",
      [
        "You must register within **two weeks** of moving in.",
        "",
        "The confirmation from your landlord must include:",
        "",
        "- name and address of the landlord",
        "- name and address of the owner, if different",
        "- the date of moving in",
        "- the address of the flat",
        "- the names of all people who moved in",
      ].join("\n"),
    );
    expect(selectUnits(unitsOf(named).map((u) => ({ ...u, score: score(u) }))).map((u) => u.plain)).toContain(
      "the names of all people who moved in",
    );
  });

  it("keeps to the chosen items of a long list that gives no amounts", () => {
    const documents = [
      "- **Passport** valid for the stay.",
      "- **Photos** in biometric format.",
      "- **Admission letter** of the university.",
      "- **Proof of funds** such as a blocked account.",
      "- **Health insurance** certificate.",
      "- **CV** in tabular form.",
    ].join("\n");
    expect(picked(documents, ["Passport", "Photos"]).sort()).toEqual(
      [
        "The official figure is 992 euros a month, set since 1 January 2025.",
        "Passport valid for the stay.",
        "Photos in biometric format.",
      ].sort(),
    );
  });
});

describe("renderAnswer", () => {
  it("ends each article's part with its own source line, naming the sources of the sections it quotes", () => {
    const amount = passage("p1", "blocked", "The amount is 11,904 EUR per year.", [ffo], "The current amount");
    const above = passage("p2", "blocked", "Money above the minimum is yours.", [jena], "Money above the minimum");
    const sponsor = passage("p3", "sponsor", "A sponsor may sign a formal obligation letter instead.", [ffo, jena]);
    const chosen = [...unitsOf(amount, 0), ...unitsOf(above, 1), ...unitsOf(sponsor, 2)];
    expect(renderAnswer(chosen, retrieval([amount, above, sponsor])).split("\n\n")).toEqual([
      "The amount is 11,904 EUR per year. Money above the minimum is yours.",
      "Source: Article blocked (last reviewed 2026-11-24), based on [Federal Foreign Office](https://www.auswaertiges-amt.de/) and [City of Jena](https://neu.jena.de/de/node/99)",
      "A sponsor may sign a formal obligation letter instead.",
      "Source: Article sponsor (last reviewed 2026-11-24), based on [Federal Foreign Office](https://www.auswaertiges-amt.de/) and [City of Jena](https://neu.jena.de/de/node/99)",
    ]);
  });

  it("numbers the steps of a numbered list, in order, and ends a list with its closing line", () => {
    const steps = passage("p1", "visa", "1. Register online.\n2. Upload your documents.\n3. Visit the mission.", [ffo], "Online");
    const units = unitsOf(steps);
    const closing: ScoredUnit = {
      ...units[2]!,
      kind: "sentence",
      markdown: "_That is the whole list the article gives under “Online”._",
      plain: "x",
      score: 0,
      closing: true,
      order: 99,
    };
    const lead: ScoredUnit = { ...unitsOf(passage("p0", "visa", "You apply online."))[0]!, score: 3 };
    const text = renderAnswer([lead, ...[...units].reverse(), closing], retrieval([steps]));
    expect(text.split("\n\n").slice(0, 3)).toEqual([
      "You apply online.",
      "1. Register online.\n2. Upload your documents.\n3. Visit the mission.",
      "_That is the whole list the article gives under “Online”._",
    ]);
  });
});

describe("sources of quoted passages", () => {
  it.each([
    [[[ffo]], "Source: T (last reviewed 2026-11-24), based on [Federal Foreign Office](https://www.auswaertiges-amt.de/)"],
    [
      [[ffo], [ffo, jena]],
      "Source: T (last reviewed 2026-11-24), based on [Federal Foreign Office](https://www.auswaertiges-amt.de/) and [City of Jena](https://neu.jena.de/de/node/99)",
    ],
    [
      [[jena], [bahn], [ffo]],
      "Source: T (last reviewed 2026-11-24), based on [City of Jena](https://neu.jena.de/de/node/99), [Deutsche Bahn](https://www.bahn.de/) and [Federal Foreign Office](https://www.auswaertiges-amt.de/)",
    ],
    [[[]], "Source: T (last reviewed 2026-11-24)"],
  ])("cites the sources of quoted passages (case %#) once each, in order", (perPassage, line) => {
    expect(sourceLine({ articleTitle: "T", lastReviewed: "2026-11-24" }, quotedSources(perPassage.map((sources) => ({ sources }))))).toBe(
      line,
    );
  });
});

describe("correctedQuestion", () => {
  it.each([
    [
      "documnets for germn study visa",
      [
        ["documnet", "document"],
        ["germn", "german"],
      ],
      "documents for german study visa",
    ],
    ["Sperkonto amount", [["sperkonto", "sperrkonto"]], "sperrkonto amount"],
    ["how long can i stay aftr graduation", [["aftr", ""]], "how long can i stay aftr graduation"],
    ["Which documents do I need?", [], "Which documents do I need?"],
  ])("reads %s with its corrections %j as %s", (question, corrections, expected) => {
    expect(correctedQuestion({ question, corrections: new Map(corrections as [string, string][]) })).toBe(expected);
  });
});

describe("listVerbOf", () => {
  it.each([
    ["What documents do I bring?", "bring"],
    ["what should we submit for the visa", "submit"],
    ["what to prepare for the appointment", "prepare"],
    ["What documents do I need?", undefined],
  ])("%s asks what to %s", (question, verb) => {
    expect(listVerbOf(question)).toBe(verb);
  });
});

describe("WHERE_QUESTION", () => {
  it.each([
    ["Where can international students find part-time jobs in Germany?", true],
    ["how do i find a part time job without german", true],
    ["how to find a room in Munich", true],
    ["Wo finde ich einen Nebenjob?", true],
    ["how do I register my address", false],
    ["what documents do I need to find a flat", false],
  ])("%s asks where: %s", (question, where) => {
    expect(WHERE_QUESTION.test(question)).toBe(where);
  });
});
