import { describe, expect, it } from "vitest";
import { factsAskedFor, otherDestination } from "~/server/rag/question";

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
