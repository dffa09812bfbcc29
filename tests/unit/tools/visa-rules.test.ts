import { describe, expect, it } from "vitest";
import { type VisaCheckInput, visaCheckInputSchema, visaInputFromQuery } from "~/lib/schemas/tools/visa";
import { visaCheckerHref } from "~/lib/schemas/tools/visa-choices";
import { savedResultHref } from "~/lib/tools";
import { readToolFacts } from "~/server/content/tools/facts";
import { readShortStayFact } from "~/server/content/tools/visa";
import { evaluateVisa, type VisaLine, visaFactsFromRecords } from "~/server/services/tools/visa-rules";

const facts = visaFactsFromRecords([...readToolFacts(), readShortStayFact()]);
const check = (input: Partial<VisaCheckInput>) =>
  evaluateVisa(facts, {
    nationality: "IN",
    purpose: "master",
    holdsGermanTitle: false,
    funding: "blocked-account",
    ...input,
  });
const sourced = (lines: VisaLine[]) => lines.every((line) => line.sources.length > 0 && line.checkedOn !== null);
const allText = (lines: VisaLine[]) => lines.map((line) => line.text).join(" ");

describe("visa rules: who needs a visa before entry", () => {
  it.each([
    ["IN", "master", "national-visa"],
    ["CN", "bachelor", "national-visa"],
    ["NG", "phd", "national-visa"],
    ["US", "master", "visa-free"],
    ["GB", "skilled-work", "visa-free"],
    ["JP", "opportunity-card", "visa-free"],
    ["KR", "language-course", "visa-free"],
    ["BR", "master", "visa-free"],
    ["BR", "skilled-work", "national-visa"],
    ["SV", "opportunity-card", "national-visa"],
    ["MC", "vocational-training", "national-visa"],
    ["FR", "master", "free-movement"],
    ["NO", "skilled-work", "free-movement"],
    ["CH", "phd", "free-movement"],
    ["DE", "master", "german-citizen"],
  ] as const)("%s + %s -> %s", (nationality, purpose, kind) => {
    const result = check({ nationality, purpose });
    expect(result.entry.kind).toBe(kind);
    if (kind !== "german-citizen") expect(sourced(result.entry.lines)).toBe(true);
  });

  it("an Indian master's applicant needs the national visa, section 16b, APS and the blocked account with its sources", () => {
    const result = check({});
    expect(result.entry.headline).toMatch(/national \(D\) visa/);
    expect(result.residence.legalBasis).toMatch(/16b/);
    expect(result.aps.status).toBe("required");
    expect(sourced(result.aps.lines)).toBe(true);
    expect(result.funds.amounts.map((amount) => [amount.per, amount.amountEur])).toEqual([
      ["year", 11904],
      ["month", 992],
    ]);
    expect(result.funds.headline).toContain("11,904 €");
    expect(result.funds.headline).toContain("992 €");
    for (const amount of result.funds.amounts) {
      expect(amount.sources[0]!.url).toContain("auswaertiges-amt.de");
      expect(amount.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(result.checklist.heading).toMatch(/visa application/);
    expect(result.checklist.items.map((item) => item.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/APS certificate/),
        expect.stringMatching(/admission/),
        expect.stringMatching(/blocked account/),
      ]),
    );
    expect(sourced(result.checklist.items)).toBe(true);
    expect(allText(result.fees)).toContain("75 €");
    expect(allText(result.afterArrival)).toMatch(/two weeks/);
    expect(allText(result.afterArrival)).toMatch(/foreigners authority/);
    expect(result.shortStay.requirement).toBe("visa required");
  });

  it("a US citizen may enter without a visa and applies for the residence permit in Germany; short stays of 90 days are separate", () => {
    const result = check({ nationality: "US" });
    expect(result.entry.kind).toBe("visa-free");
    expect(allText(result.entry.lines)).toMatch(/United States/);
    expect(allText(result.entry.lines)).toMatch(/90 days/);
    expect(result.aps.status).toBe("none");
    expect(result.checklist.heading).toMatch(/foreigners authority/);
    expect(allText(result.fees)).not.toContain("75 €");
    expect(result.processing).toEqual([]);
    expect(result.shortStay.requirement).toBe("90");
    expect(result.shortStay.headline).toMatch(/90 days/);
    expect(allText(result.funds.lines)).toMatch(/right after arriving/);
  });

  it("a French citizen needs no visa and no residence title: free movement and registration", () => {
    const result = check({ nationality: "FR" });
    expect(result.entry.kind).toBe("free-movement");
    expect(result.residence.title).toMatch(/No residence title/);
    expect(result.aps.status).toBe("none");
    expect(result.funds.amounts).toEqual([]);
    expect(result.fees).toEqual([]);
    expect(allText(result.afterArrival)).toMatch(/Register your address/);
  });

  it("an Opportunity Card applicant gets the points requirement and its proof of funds, with the missing figure said honestly", () => {
    const result = check({ nationality: "PK", purpose: "opportunity-card" });
    expect(result.entry.kind).toBe("national-visa");
    expect(result.residence.legalBasis).toMatch(/20a/);
    expect(result.residence.minimumPoints).toBe(6);
    expect(allText(result.residence.lines)).toMatch(/6 points/);
    expect(result.funds.headline).toMatch(/living costs/);
    expect(result.funds.lines.some((line) => line.sources.length === 0)).toBe(true);
    expect(allText(result.processing)).toMatch(/12 weeks/);
  });

  it("section 41(2) nationals need the national visa only for an economic activity", () => {
    expect(allText(check({ nationality: "BR", purpose: "skilled-work" }).entry.lines)).toMatch(/41\(2\)/);
    expect(check({ nationality: "BR", purpose: "language-course" }).entry.kind).toBe("visa-free");
  });

  it("APS follows the APS pages: India needs none for a language course, Vietnam needs it for a Studienkolleg, China for a bachelor's", () => {
    expect(check({ purpose: "language-course" }).aps.status).toBe("not-required");
    expect(check({ nationality: "VN", purpose: "studienkolleg" }).aps.status).toBe("required");
    expect(check({ nationality: "CN", purpose: "bachelor" }).aps.status).toBe("required");
    expect(check({ nationality: "IN", purpose: "skilled-work" }).aps.status).toBe("not-stated");
    expect(allText(check({ funding: "scholarship" }).aps.lines)).toMatch(/scholarship/);
  });

  it("legal bases of the purposes", () => {
    expect(check({ purpose: "language-course" }).residence.legalBasis).toMatch(/16f/);
    expect(check({ purpose: "study-application" }).residence.legalBasis).toMatch(/17/);
    expect(check({ purpose: "vocational-training" }).residence.legalBasis).toMatch(/16a/);
    expect(check({ purpose: "skilled-work" }).residence.legalBasis).toMatch(/18g.*18a.*18b/);
    expect(check({ purpose: "studienkolleg" }).residence.legalBasis).toMatch(/16b/);
    expect(check({ purpose: "job-search-graduate", holdsGermanTitle: true }).residence.legalBasis).toMatch(/20\(1\)/);
  });

  it("job search after graduating is not available from abroad; holders of a German title apply in Germany", () => {
    expect(check({ purpose: "job-search-graduate" }).entry.kind).toBe("not-from-abroad");
    const inGermany = check({ purpose: "job-search-graduate", holdsGermanTitle: true });
    expect(inGermany.entry.kind).toBe("in-germany");
    expect(inGermany.checklist.heading).toMatch(/foreigners authority/);
  });

  it("the funding plan picks its explanation and document; a scholarship waives the visa fee", () => {
    const commitment = check({ funding: "commitment" });
    expect(allText(commitment.funds.lines)).toMatch(/Verpflichtungserklärung/);
    expect(commitment.checklist.items.some((item) => /formal obligation/.test(item.text))).toBe(true);
    expect(allText(check({ funding: "scholarship" }).fees)).toMatch(/scholarship/);
    expect(allText(check({ funding: "parents" }).funds.lines)).toMatch(/parents/);
  });

  it("study applicants get no invented figure", () => {
    const result = check({ purpose: "study-application" });
    expect(result.funds.amounts).toEqual([]);
    expect(result.funds.lines.some((line) => line.sources.length === 0)).toBe(true);
  });
});

describe("the Visa Checker's input and query string", () => {
  it("refuses unknown nationalities and purposes with clear messages", () => {
    const bad = visaCheckInputSchema.safeParse({
      nationality: "XX",
      purpose: "tourism",
      holdsGermanTitle: "no",
      funding: "blocked-account",
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(["Choose a nationality from the list.", "Choose the purpose of your stay."]));
  });

  it("round-trips through the query string", () => {
    const input: VisaCheckInput = {
      nationality: "IN",
      purpose: "master",
      holdsGermanTitle: false,
      funding: "blocked-account",
    };
    const href = visaCheckerHref(input);
    expect(href).toBe("/tools/visa-checker?nationality=IN&purpose=master&holdsGermanTitle=no&funding=blocked-account");
    const query = Object.fromEntries(new URL(href, "http://x").searchParams);
    expect(visaInputFromQuery(query)).toEqual(input);
    expect(visaInputFromQuery({ nationality: "zz", purpose: "master" })).toEqual({ purpose: "master" });
  });

  it("reopens a result saved to the profile with the tool's own link", () => {
    const input: VisaCheckInput = { nationality: "US", purpose: "phd", holdsGermanTitle: true, funding: "scholarship" };
    const href = savedResultHref("visa-checker", input);
    expect(href.startsWith("/tools/visa-checker?")).toBe(true);
    expect(visaInputFromQuery(Object.fromEntries(new URL(href, "http://x").searchParams))).toEqual(input);
    expect(savedResultHref("visa-checker", { nationality: "US" })).toBe("/tools/visa-checker");
  });
});
