import { describe, expect, it } from "vitest";
import { DUTY, factsAskedFor, listRequest, otherDestination, TIME_LIMIT } from "~/server/rag/question";

describe("otherDestination", () => {
  it("recognises plans for another country", () => {
    expect(otherDestination("How do I study in Canada?")).toBe("Canada");
    expect(otherDestination("I want to move to the USA after my degree")).toBe("USA");
    expect(otherDestination("how can i study in the united states")).toBe("united states");
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
    expect(factsAskedFor("How much money do I need in a blocked account?")).toMatchObject({ amount: true, requirement: true });
    expect(factsAskedFor("How long does the visa take?")).toMatchObject({ amount: false, time: true });
    expect(factsAskedFor("How many hours can I work?")).toMatchObject({ count: true });
    expect(factsAskedFor("What happens to my money if my visa is refused?")).toMatchObject({ amount: false, requirement: false });
  });
});

describe("listRequest", () => {
  it("recognises questions that ask for a list, and what of", () => {
    expect(listRequest("What documents do I need for a German student visa?")).toEqual({ noun: "documents", procedural: false });
    expect(listRequest("Which German tests do all German universities accept?")).toEqual({ noun: "tests", procedural: false });
    expect(listRequest("What do I need to buy a prepaid SIM card in Germany?")).toEqual({ noun: undefined, procedural: false });
    expect(listRequest("How do I register my address (Anmeldung) after arriving?")).toEqual({ noun: undefined, procedural: true });
    expect(listRequest("Which steps come after the visa?")?.procedural).toBe(true);
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
