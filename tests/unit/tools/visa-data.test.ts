import { describe, expect, it } from "vitest";
import { toolFactFileSchema } from "~/lib/schemas/tools/facts";
import { shortStayFileSchema } from "~/lib/schemas/tools/visa";
import { readToolFacts } from "~/server/content/tools/facts";
import { readToolFile } from "~/server/content/tools/files";
import { readShortStayFact, SHORT_STAY_FILE } from "~/server/content/tools/visa";
import { VISA_FACT_SHAPES, visaFactsFromRecords } from "~/server/services/tools/visa-rules";

describe("the Visa Checker's data files", () => {
  it("facts/visa.json parses: every fact has at least one source and a checked date", () => {
    const { facts } = readToolFile("facts/visa.json", toolFactFileSchema);
    expect(facts.length).toBeGreaterThanOrEqual(30);
    for (const fact of facts) {
      expect(fact.tool, fact.key).toBe("visa-checker");
      expect(fact.sources.length, fact.key).toBeGreaterThan(0);
      expect(fact.checkedOn, fact.key).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const source of fact.sources) expect(source.url, fact.key).toMatch(/^https:\/\//);
    }
  });

  it("every fact the checker reads exists with the shape it expects (shared.json, visa.json and the dataset)", () => {
    const facts = visaFactsFromRecords([...readToolFacts(), readShortStayFact()]);
    expect(Object.keys(facts).sort()).toEqual(Object.keys(VISA_FACT_SHAPES).sort());
  });

  it("the short-stay dataset parses, names its licence and holds Germany's rows only", () => {
    const file = readToolFile(SHORT_STAY_FILE, shortStayFileSchema);
    expect(file.dataset.licence).toBe("MIT");
    expect(file.dataset.retrievedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(file.destination).toBe("DE");
    expect(Object.keys(file.requirements).length).toBeGreaterThan(190);
    expect(file.requirements.DE).toBeUndefined();
    expect(file.requirements.IN).toBe("visa required");
    expect(file.requirements.US).toBe("90");
    const fact = readShortStayFact();
    expect(fact.sources).toHaveLength(1);
    expect(fact.checkedOn).toBe(file.dataset.retrievedOn);
  });
});
