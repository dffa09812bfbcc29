import { describe, expect, it } from "vitest";
import { toolLinkSchema } from "~/lib/schemas/chat";
import { costInputFromQuery } from "~/lib/schemas/tools/costs";
import { visaInputFromQuery } from "~/lib/schemas/tools/visa";
import { readCityCostFiles } from "~/server/content/tools/costs";
import { readToolFacts } from "~/server/content/tools/facts";
import { readInstitutions } from "~/server/content/tools/universities";
import { readShortStayFact } from "~/server/content/tools/visa";
import type { ComposedAnswer } from "~/server/rag/answer";
import { NOT_SURE_TEXT } from "~/server/rag/answer-render";
import { parseArticle, readKnowledgeBase } from "~/server/rag/articles";
import { cityArticleSlug, cityArticleSource } from "~/server/rag/city-articles";
import { type EntityCatalog, parseEntities } from "~/server/rag/entities";
import { toolAnswerInstructions, withToolAnswer } from "~/server/rag/tool-answer";
import { composeCostsAnswer, composeVisaAnswer } from "~/server/services/tools/tool-answer-texts";
import { toolIntent, visaInputsOf } from "~/server/services/tools/tool-answers.service";
import { evaluateVisa, visaFactsFromRecords } from "~/server/services/tools/visa-rules";

const cities = readCityCostFiles();
const catalog: EntityCatalog = {
  cities: cities.map((city) => ({ slug: city.slug, name: city.name })),
  institutions: readInstitutions().institutions.map((institution) => ({
    slug: institution.slug,
    name: institution.name,
    city: institution.city,
    type: institution.type,
  })),
};
const intentOf = (question: string) => toolIntent(question, parseEntities(question, catalog));
const cityFile = (slug: string) => cities.find((city) => city.slug === slug)!;
const budgetCity = (slug: string) => {
  const city = cityFile(slug);
  return {
    slug: city.slug,
    name: city.name,
    state: city.state,
    figures: { university: city.university, rent: city.rent, semesterContribution: city.semesterContribution },
  };
};
const visaFacts = visaFactsFromRecords([...readToolFacts(), readShortStayFact()]);
const queryOf = (href: string) => Object.fromEntries(new URL(href, "http://localhost").searchParams);

describe("toolIntent: which tool's data answers a question", () => {
  it.each([
    ["how much is rent in munich", "costs"],
    ["cost of living leipzig", "costs"],
    ["Is Köln expensive for students?", "costs"],
    ["semester contribution in Muenchen", "costs"],
    ["dorm prices in Hamburg", "costs"],
    ["rent in aachen for rwth students", "costs"],
    ["do indians need a visa to study in germany", "visa"],
    ["visa for nigerian for language course", "visa"],
    ["Does a Pakistani need a visa?", "visa"],
    ["scholarships for master students from pakistan", "scholarships"],
    ["PhD scholarships", "scholarships"],
    ["can I get a scholarship for a master's in Germany?", "scholarships"],
    ["does TU Munich teach in english", "university"],
    ["tuition at heidelberg", "university"],
    ["LMU application", "university"],
  ])("%s -> %s", (question, kind) => {
    expect(intentOf(question)).toBe(kind);
  });

  it.each([
    "How much money do I need in a blocked account for a German student visa?",
    "do I need a visa to study in germany",
    "how much is rent in germany",
    "What is the Deutschlandstipendium?",
    "How many hours can I work as a student?",
    "I love Munich",
    "Do I need an APS certificate as an Indian applicant?",
    "how long is the waiting list for student dorms in munich",
    // A scholarship the asker lives on is their funding, not what they ask for.
    "Which health insurance do I need as a PhD student with a scholarship?",
    "health insurance for a doctoral candidate on a stipend, public or private?",
    "I have a scholarship for my master's, do I still need a blocked account?",
  ])("%s -> none (the knowledge base answers)", (question) => {
    expect(intentOf(question)).toBeNull();
  });
});

describe("composeCostsAnswer", () => {
  const article = { slug: "city-munich", title: "Living costs in Munich for students", lastReviewed: "2026-11-23" };

  it.each([
    // question, city, what the answer states, what it leaves out
    [
      "how much is rent in munich",
      "munich",
      ["€315 per month", "range €280 to €350", "from €600 per month", "Rent, own flat:** no official source gives a figure for Munich"],
      ["Semester contribution at"],
    ],
    ["semester contribution in munich", "munich", ["€174.30 per semester", "including a semester ticket"], ["Rent,"]],
    ["cost of living leipzig", "leipzig", ["€197.50 per month", "€269.90 per semester"], []],
    ["semester fee passau", "passau", ["Semester contribution at Universität Passau:** no official source gives a figure for Passau"], []],
  ])("%s", (question, slug, contains, absent) => {
    const answer = composeCostsAnswer(question, budgetCity(slug), slug === "munich" ? article : null);
    for (const text of contains) expect(answer.text).toContain(text);
    for (const text of absent) expect(answer.text).not.toContain(text);
    // Every figure stated carries its sources and checked date.
    for (const line of answer.text.split("\n").filter((line) => /€\d/.test(line)))
      expect(line).toMatch(/\(sources?: \[[^\]]+\]\(https?:\/\/[^)]+\).*, checked 23 November 2026\)$/);
  });

  it("cites the city's article and links the calculator with the question's city and housing", () => {
    const answer = composeCostsAnswer("how much is a dorm in munich", budgetCity("munich"), article);
    expect(answer.text).toContain("Source: Living costs in Munich for students (last reviewed 2026-11-23)");
    // The housing asked about comes first.
    expect(answer.text.indexOf("student residence (dorm)")).toBeLessThan(answer.text.indexOf("shared flat (WG)"));
    const [link] = answer.links;
    expect(toolLinkSchema.parse(link)).toEqual(link);
    expect(link!.href).toBe("/tools/cost-calculator?city=munich&housing=dorm");
    // The calculator page reads exactly these parameters.
    expect(costInputFromQuery(queryOf(link!.href)).values).toEqual({ city: "munich", housing: "dorm" });
    expect(link!.values).toEqual([
      { label: "City", value: "Munich" },
      { label: "Housing", value: "Room in a student residence (dorm)" },
    ]);
  });
});

describe("composeVisaAnswer", () => {
  const answerFor = (question: string) => {
    const entities = parseEntities(question, catalog);
    return composeVisaAnswer(visaInputsOf(entities).map((input) => evaluateVisa(visaFacts, input)));
  };

  it.each([
    [
      "do indians need a visa to study in germany",
      ["national (D) visa", "APS certificate required", "11,904 € a year", "75 €"],
      "/tools/visa-checker?nationality=IN",
    ],
    [
      "visa for nigerian for language course",
      ["national (D) visa", "language course", "11,904 € a year"],
      "/tools/visa-checker?nationality=NG&purpose=language-course",
    ],
    ["do americans need a visa for a master's", ["No visa needed before entry"], "/tools/visa-checker?nationality=US&purpose=master"],
    ["visa for french students", ["free movement"], "/tools/visa-checker?nationality=FR"],
  ])("%s", (question, contains, href) => {
    const answer = answerFor(question);
    for (const text of contains) expect(answer.text).toContain(text);
    expect(answer.text).toMatch(/checked 23 November 2026/);
    expect(answer.links[0]!.href).toBe(href);
    // The checker pre-fills exactly what the link carries.
    const filled = visaInputFromQuery(queryOf(href));
    expect(filled.nationality).toBe(queryOf(href).nationality);
    expect(filled.purpose).toBe(queryOf(href).purpose);
  });

  it("says the answer once when the degree levels agree", () => {
    const answer = answerFor("do indians need a visa to study in germany");
    expect(answer.text).toContain("to study (a bachelor's, master's or PhD)");
    expect(answer.text.match(/Visa before entry/g)).toHaveLength(1);
  });
});

describe("withToolAnswer: the local model's answer with the tool data leading", () => {
  const knowledgeBase = (
    text: string,
    kind: ComposedAnswer["kind"] = "answer",
    articleSlug = "cost-of-living-rent-by-city",
  ): ComposedAnswer => ({
    kind,
    text,
    retrieval: {
      passages: [{ id: "p1", articleSlug } as ComposedAnswer["retrieval"]["passages"][number]],
      confidence: 0.8,
    },
    quotedPassageIds: ["p1"],
  });
  const costs = { kind: "costs" as const, text: "COSTS", links: [] };
  const visa = { kind: "visa" as const, text: "VISA", links: [] };

  it.each([
    [
      "costs stand alone when the knowledge base only quotes a city article (the same figures)",
      costs,
      knowledgeBase("KB", "answer", "city-munich"),
      "COSTS",
      [],
    ],
    ["costs are followed by another article's answer", costs, knowledgeBase("KB"), "COSTS\n\n**From the knowledge base:**\n\nKB", ["p1"]],
    [
      "a sure knowledge-base answer follows other tools' data",
      visa,
      knowledgeBase("KB"),
      "VISA\n\n**From the knowledge base:**\n\nKB",
      ["p1"],
    ],
    ["an unsure one does not", visa, knowledgeBase(`${NOT_SURE_TEXT}\n\nKB`), "VISA", []],
    ["nor an I don't know", visa, knowledgeBase("I don't know.", "unknown"), "VISA", []],
  ])("%s", (_, tool, composed, text, quoted) => {
    const result = withToolAnswer(composed, tool);
    expect(result.kind).toBe("answer");
    expect(result.text).toBe(text);
    expect(result.quotedPassageIds).toEqual(quoted);
  });

  it("leaves a regenerated answer with nothing new as it is", () => {
    const composed = knowledgeBase("There is no other answer", "no-other");
    expect(withToolAnswer(composed, visa)).toBe(composed);
  });

  it("gives hosted models the data as context, and nothing without it", () => {
    expect(toolAnswerInstructions(null)).toBeNull();
    expect(toolAnswerInstructions(visa)).toContain("--- Tool data ---\nVISA\n--- End of tool data ---");
  });
});

describe("the generated city articles", () => {
  const articles = readKnowledgeBase();
  const cityArticles = articles.filter((article) => article.slug.startsWith("city-"));

  it("has one per city of the Cost Calculator, in cost-of-living, sourced and dated by its oldest figure", () => {
    expect(cityArticles.map((article) => article.slug).sort()).toEqual(cities.map((city) => cityArticleSlug(city.slug)).sort());
    for (const article of cityArticles) {
      expect(article.topic).toBe("cost-of-living");
      expect(article.sources.length).toBeGreaterThan(0);
      for (const source of article.sources) expect(source.accessed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("states each figure with its unit, what it is, its numbered sources and checked date, and says where no source gives one", () => {
    const munich = parseArticle(cityArticleSource(cityFile("munich")));
    expect(munich.title).toBe("Living costs in Munich for students");
    expect(munich.lastReviewed).toBe("2026-11-23");
    expect(munich.body).toContain("Bavaria");
    expect(munich.body).toContain("Ludwig-Maximilians-Universität München (LMU)");
    expect(munich.body).toMatch(
      /## Rent in Munich\n<!-- sources: 1, 2 -->\n.*\n\nA room in a student residence \(dorm\) in Munich costs €315 per month\./,
    );
    expect(munich.body).toMatch(/## Semester contribution in Munich\n<!-- sources: 3, 4 -->\n.*€174\.30 per semester/);
    // Few passages per city, so that 32 cities do not crowd out the general articles.
    expect(munich.passages.length).toBeLessThanOrEqual(3);
    expect(munich.body).toContain("Checked on 23 November 2026.");
    expect(munich.body).toContain("No official source gives a rent for a flat of your own in Munich.");
    const urlsOf = (figure: object) => ("sources" in figure ? (figure.sources as { url: string }[]) : []).map((source) => source.url);
    const file = cityFile("munich");
    expect(munich.sources.map((source) => source.url)).toEqual([
      ...urlsOf(file.rent.dorm),
      ...urlsOf(file.rent.sharedFlat),
      ...urlsOf(file.semesterContribution),
    ]);
  });

  it("dates an article by the oldest check of its figures", () => {
    const city = structuredClone(cityFile("munich"));
    if (city.rent.sharedFlat.amountEur !== null) city.rent.sharedFlat.checkedOn = "2026-10-01";
    expect(parseArticle(cityArticleSource(city)).lastReviewed).toBe("2026-10-01");
  });
});
