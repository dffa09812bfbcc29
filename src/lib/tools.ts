import { costCalculatorHref, costInputSchema } from "./schemas/tools/costs";
import { visaCheckInputSchema } from "./schemas/tools/visa";
import { visaCheckerHref } from "./schemas/tools/visa-choices";

/** The four tools of /tools. Each answers from seeded data that carries its sources and checked dates. */
export interface ToolInfo {
  slug: "visa-checker" | "university-finder" | "scholarship-search" | "cost-calculator";
  name: string;
  summary: string;
  /** What the tool gives, in a few words each, for the /tools overview. */
  gives: string[];
}

export const TOOLS: ToolInfo[] = [
  {
    slug: "visa-checker",
    name: "Visa Checker",
    summary:
      "Find out whether you need a visa before entry, which residence title fits your plans, and which documents and funds to prove.",
    gives: [
      "Visa or not, the residence title and its legal basis",
      "APS, proof of funds with the current amount, fees",
      "The document checklist and the steps after arrival",
    ],
  },
  {
    slug: "university-finder",
    name: "University Finder",
    summary: "Search Germany's state-recognised universities by name, city, state and type, and track your applications.",
    gives: [
      "Institutions with city, state, type and website",
      "Tuition rules of each state, uni-assist and semester fees where sourced",
      "Links to the official programme databases",
    ],
  },
  {
    slug: "scholarship-search",
    name: "Scholarship Search",
    summary:
      "Find scholarships and funding you can apply for: DAAD, Deutschlandstipendium, the foundations for gifted students, Erasmus+ and loans.",
    gives: [
      "Filters by level, subject and nationality",
      "Amounts, durations and deadlines with the official link",
      "Bookmarks with a reminder mail before the deadline",
    ],
  },
  {
    slug: "cost-calculator",
    name: "Cost Calculator",
    summary: "Estimate your monthly and yearly budget in a German university city and compare it with the blocked-account amount.",
    gives: [
      "Rent by housing type, insurance, semester contribution and living costs",
      "Every line with its source",
      "A shareable, printable budget",
    ],
  },
];

export function findTool(slug: string): ToolInfo | undefined {
  return TOOLS.find((tool) => tool.slug === slug);
}

/**
 * The address that reopens a saved result: the tool's own link for its inputs (the same the tool
 * writes when it answers), or the tool's page when the stored inputs no longer fit its form.
 */
export function savedResultHref(slug: ToolInfo["slug"], input: unknown): string {
  if (slug === "visa-checker") {
    const visa = visaCheckInputSchema.safeParse(input);
    if (visa.success) return visaCheckerHref(visa.data);
  }
  if (slug === "cost-calculator") {
    const cost = costInputSchema.safeParse(input);
    if (cost.success) return costCalculatorHref(cost.data);
  }
  return `/tools/${slug}`;
}
