import { describe, expect, it } from "vitest";
import {
  DUTY,
  factAboutAnotherPlace,
  factsAskedFor,
  listRequest,
  movementOf,
  namesGermanyOrItsSteps,
  otherDestination,
  placesAbroadNamed,
  TIME_LIMIT,
} from "~/server/rag/question";
import type { QueryAnalysis } from "~/server/rag/retrieval-types";
import { askedFactKinds, confidenceFloor, FACT_KIND_BONUS, factKindBonus } from "~/server/rag/retrieve";

describe("otherDestination", () => {
  it("recognises plans for another country", () => {
    expect(otherDestination("How do I study in Canada?")).toBe("Canada");
    expect(otherDestination("I want to move to the USA after my degree")).toBe("USA");
    expect(otherDestination("how can i study in the united states")).toBe("United States");
  });

  it.each([
    ["how do i get a student visa for canada", "Canada"],
    ["is blocked account needed for netherlands", "Netherlands"],
    ["study in uk requirements", "UK"],
    ["canada student visa", "Canada"],
    ["netherlands blocked account", "Netherlands"],
    ["uk post study work visa", "UK"],
    ["can i work part time on a student visa in australia", "Australia"],
    ["best universities in the netherlands for computer science", "Netherlands"],
    ["how long does the US student visa take", "US"],
    ["cost of living in dublin for students", "Dublin"],
    ["proof of funds for student visa in new zealand", "New Zealand"],
  ])("catches casual and keyword-only wordings: %s", (question, place) => {
    expect(otherDestination(question)).toBe(place);
  });

  it.each([
    "I am from Pakistan",
    "I live in India",
    "I am from Pakistan, how much is the blocked account?",
    "I did my bachelor's in India, can I do a master's?",
    "is my degree from pakistan recognised",
    "visa processing time in India",
    "can you tell us the visa rules",
    "is a blocked account necessary for us",
    "can i go to paris for the weekend with my student residence permit",
    "whats the cheapest way for my parents to send me money from nigeria",
    "APS certificate china vietnam india",
    "Is it better to study in Switzerland?",
  ])("does not catch where the asker comes from, travel, or questions about Germany: %s", (question) => {
    expect(otherDestination(question)).toBeNull();
  });

  it("does not count where the asker is now, or questions about Germany", () => {
    expect(otherDestination("I live in India, do I need APS?")).toBeNull();
    expect(otherDestination("I study in China, do I need APS?")).toBeNull();
    expect(otherDestination("I am living in Nigeria, how do I get my certificate recognised?")).toBeNull();
    expect(otherDestination("How do I study in Germany?")).toBeNull();
    expect(otherDestination("Is it better to study in Austria?")).toBeNull();
  });
});

describe("factsAskedFor", () => {
  it("reads what kind of fact a question wants", () => {
    expect(factsAskedFor("How much money do I need in a blocked account?")).toMatchObject({
      amount: true,
      requirement: true,
    });
    // German wordings of "how much" and "fee".
    expect(factsAskedFor("Wie viel Geld muss auf das Sperrkonto 2026?")).toMatchObject({ amount: true });
    expect(factsAskedFor("Blaue Karte Gebuehr")).toMatchObject({ amount: true });
    expect(factsAskedFor("Was kostet der Wohnheimplatz")).toMatchObject({ amount: true });
    expect(factsAskedFor("Lebenshaltungskosten Student pro Monat")).toMatchObject({ amount: true });
    expect(factsAskedFor("How long does the visa take?")).toMatchObject({ amount: false, time: true });
    expect(factsAskedFor("How many hours can I work?")).toMatchObject({ count: true });
    expect(factsAskedFor("What happens to my money if my visa is refused?")).toMatchObject({
      amount: false,
      requirement: false,
    });
  });

  it.each([
    ["i got an offer for 47k as a software developer, is that enough for blue card?", true],
    ["is 50 k a year enough for the blue card", true],
    ["offer of 52.5k, enough?", true],
    ["can i take my kid to germany", false],
    ["Do I need B2 or C1 for a bachelor?", false],
  ])("%s gives a salary in thousands: asks about an amount (%s)", (question, amount) => {
    expect(factsAskedFor(question).amount).toBe(amount);
  });
});

describe("fact-kind scoring", () => {
  it.each([
    { question: "How much is the blocked account per year?", amount: true, time: false, list: false },
    { question: "How long does the student visa take?", amount: false, time: true, list: false },
    { question: "When is the application deadline for the winter semester?", amount: false, time: true, list: false },
    { question: "Which documents do I need for the visa?", amount: false, time: false, list: true },
    { question: "What do I need to bring to the Anmeldung?", amount: false, time: false, list: true },
    { question: "Can my wife work in Germany?", amount: false, time: false, list: false },
  ])("reads what $question asks for", ({ question, ...kinds }) => {
    expect(askedFactKinds(question)).toEqual(kinds);
  });

  it.each([
    {
      asked: { amount: true, time: false, list: false },
      text: "From 1 January 2026 it is €11,904 per year.",
      bonus: FACT_KIND_BONUS.amount,
    },
    {
      asked: { amount: true, time: false, list: false },
      text: "The amount is set by the Federal Foreign Office.",
      bonus: 0,
    },
    {
      asked: { amount: false, time: true, list: false },
      text: "Processing takes six to twelve weeks.",
      bonus: FACT_KIND_BONUS.time,
    },
    {
      asked: { amount: false, time: true, list: false },
      text: "Register within 14 days of moving in.",
      bonus: FACT_KIND_BONUS.time,
    },
    { asked: { amount: false, time: true, list: false }, text: "You may work part-time.", bonus: 0 },
    {
      asked: { amount: false, time: false, list: true },
      text: "You need:\n\n- your passport\n- the admission letter",
      bonus: FACT_KIND_BONUS.list,
    },
    { asked: { amount: false, time: false, list: true }, text: "Bring your passport.", bonus: 0 },
  ])("gives a passage stating it a modest bonus: $text", ({ asked, text, bonus }) => {
    expect(factKindBonus(asked, text)).toBe(bonus);
  });
});

describe("listRequest", () => {
  it("recognises questions that ask for a list, and what of", () => {
    expect(listRequest("What documents do I need for a German student visa?")).toEqual({
      noun: "documents",
      procedural: false,
    });
    expect(listRequest("Which German tests do all German universities accept?")).toEqual({
      noun: "tests",
      procedural: false,
    });
    expect(listRequest("What do I need to buy a prepaid SIM card in Germany?")).toEqual({
      noun: undefined,
      procedural: false,
    });
    expect(listRequest("How do I register my address (Anmeldung) after arriving?")).toEqual({
      noun: undefined,
      procedural: true,
    });
    expect(listRequest("Which steps come after the visa?")?.procedural).toBe(true);
  });

  it.each([
    ["i just landed in germany, what should i do first week?", true],
    ["i just arrived in germany what should i do first", true],
    ["arrived yesterday in berlin, what now?", true],
    ["first things to do after arriving", true],
    ["What comes after the registration (do after landing in germany)?", true],
    ["my landlord wont give me the paper for anmeldung what do i do", false],
    ["what should i do if my visa is refused", false],
  ])("reads %j as asking for the steps to take: %s", (question, procedural) => {
    expect(listRequest(question)?.procedural ?? false).toBe(procedural);
  });

  it("reads a list noun in a question of keywords only", () => {
    expect(listRequest("girokonto student documents")).toEqual({ noun: "documents", procedural: false });
    expect(listRequest("spouse visa requirements germany")).toEqual({ noun: "requirements", procedural: false });
    expect(listRequest("What are the requirements for my spouse to join me?")).toEqual({
      noun: "requirements",
      procedural: false,
    });
    expect(listRequest("Can I submit documents by email?")).toBeNull();
    expect(listRequest("do i need documents translated")).toBeNull();
  });

  it("leaves questions for one fact alone", () => {
    expect(listRequest("How much does student health insurance cost per month in 2026?")).toBeNull();
    expect(listRequest("How long does it take to get a German student visa?")).toBeNull();
    expect(listRequest("What IELTS or TOEFL score do English-taught master's programmes ask for?")).toBeNull();
    expect(listRequest("Can I stay in Germany after graduation to look for a job?")).toBeNull();
    expect(listRequest("What is the Feststellungsprüfung?")).toBeNull();
  });
});

describe("DUTY and TIME_LIMIT", () => {
  it("read what a sentence says must be done, and whether it sets a time limit", () => {
    expect(DUTY.exec("Everyone who moves into a flat or room in Germany must register their address.")?.[1]).toBe("register");
    expect(DUTY.exec("You have to apply for the residence permit at the Ausländerbehörde.")?.[1]).toBe("apply");
    expect(DUTY.exec("Registration is normally free of charge.")).toBeNull();
    expect(TIME_LIMIT.test("you must register within two weeks of moving in")).toBe(true);
    expect(TIME_LIMIT.test("apply within 14 days")).toBe(true);
    expect(TIME_LIMIT.test("The Lower Saxony portal advises applying no later than eight weeks before expiry.")).toBe(true);
    expect(TIME_LIMIT.test("You receive a registration certificate.")).toBe(false);
    expect(TIME_LIMIT.test("It is valid for two weeks.")).toBe(false);
  });
});

describe("factAboutAnotherPlace", () => {
  it.each([
    ["what is the capital of australia", "Australia"],
    ["population of canada", "Canada"],
    ["Canada's capital city", "Canada"],
    ["what currency do they use in Poland", "Poland"],
    ["who is the president of the USA", "USA"],
  ])("reads %s as a fact about %s", (question, place) => {
    expect(factAboutAnotherPlace(question)).toBe(place);
  });

  it.each([
    "I am from India, what is the minimum salary for a blue card",
    "I live in Nigeria, how do I pay the visa fee in the local currency",
    "capital of germany",
    "is the weather in Hamburg bad",
    "can i travel to the capital of france with my residence permit",
    "how do i study in canada",
  ])("leaves %s alone", (question) => {
    expect(factAboutAnotherPlace(question)).toBeNull();
  });
});

describe("placesAbroadNamed", () => {
  it.each([
    ["can i go to paris for the weekend with my student residence permit", ["paris"]],
    ["can i travl to italy with my german resident permit", ["italy"]],
    ["do i need a visa to visit the UK from germany", ["uk"]],
    // The entity parser's other names of countries, typed with or without punctuation.
    ["Can I fly to Turkey and back with my Fiktionsbescheinigung?", ["turkey"]],
    ["can i visit the U.K. and Holland with a german student visa", ["u.k", "holland"]],
    ["I am from Nigeria, can I visit the Netherlands?", ["nigeria", "netherlands"]],
    ["how do I register my address in Munich", []],
    ["tell us about the blocked account", []],
    ["Darf ich über Belgien und Frankreich nach Großbritannien fahren?", ["belgien", "frankreich", "großbritannien"]],
  ])("%s names %j", (question, places) => {
    expect(placesAbroadNamed(question)).toEqual(places);
  });
});

describe("namesGermanyOrItsSteps", () => {
  it.each([
    ["can i go to paris for the weekend with my student residence permit", true],
    ["can i travl to italy with my german resident permit", true],
    ["Sperrkonto for Indians", true],
    ["What is the capital of Peru?", false],
    ["how tall is Mount Everest", false],
  ])("%s: %s", (question, named) => {
    expect(namesGermanyOrItsSteps(question)).toBe(named);
  });
});

describe("movementOf", () => {
  it.each([
    ["How soon after moving in do I have to register my address?", "arriving"],
    ["i just landed in frankfurt what now", "arriving"],
    ["documents when I arrive in Germany", "arriving"],
    ["Einzug in die neue Wohnung, was muss ich tun?", "arriving"],
    ["i have to tell my landlord i am moving out", "leaving"],
    ["what do I do before leaving Germany for good", "leaving"],
    ["Abmeldung when I move away", "leaving"],
    ["When you move out or leave Germany", "leaving"],
    ["When you move again or leave", "leaving"],
    ["The deadline: two weeks", null],
    ["Make a handover report when you move in and out", null],
    ["how do I register my address", null],
  ])("%s -> %s", (text, movement) => {
    expect(movementOf(text)).toBe(movement);
  });
});

describe("confidenceFloor", () => {
  const withWeights = (conceptWeight: number[]) => ({ conceptWeight }) as QueryAnalysis;

  it.each([
    // "who won the champions league last year": few telling words, the best passage must cover most of them
    [[3, 4, 5, 2, 1], 0.3],
    [[3, 4, 5, 2, 1, 0, 0, 0], 0.3],
    // a story of several sentences: one passage states what it asks, not all it says
    [[1, 2, 3, 4, 5, 6, 7, 8, 9], 0.3 - (4 / 7) * 0.1],
    [Array(12).fill(2), 0.2],
    [Array(30).fill(2), 0.2],
  ])("a question with concept weights %j must reach %f", (weights, floor) => {
    expect(confidenceFloor(withWeights(weights))).toBeCloseTo(floor);
  });
});
