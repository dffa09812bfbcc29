/** The four tools of /tools. They are being built; until then each page says so and links to the assistant. */
export interface ToolInfo {
  slug: "visa-checker" | "university-finder" | "scholarship-search" | "cost-calculator";
  name: string;
  summary: string;
  willDo: string[];
  askInstead: string;
}

export const TOOLS: ToolInfo[] = [
  {
    slug: "visa-checker",
    name: "Visa Checker",
    summary: "Find out which visa or residence permit fits your nationality and plans, and which documents you need.",
    willDo: ["Ask a few questions about your nationality, course and funding", "Name the visa type and legal basis", "Give you the document checklist"],
    askInstead: "Which visa do I need to study in Germany and what documents are required?",
  },
  {
    slug: "university-finder",
    name: "University Finder",
    summary: "Match your degree, grades and language level with programmes at German universities.",
    willDo: ["Filter programmes by subject, language and tuition", "Show admission requirements and deadlines", "Say whether you need uni-assist, APS or a Studienkolleg"],
    askInstead: "How do I find an English-taught master's programme in Germany that matches my bachelor's degree?",
  },
  {
    slug: "scholarship-search",
    name: "Scholarship Search",
    summary: "Find scholarships you are eligible for: DAAD, Deutschlandstipendium, political and religious foundations, Erasmus+.",
    willDo: ["Match scholarships to your nationality, level and subject", "Show amounts and deadlines", "Link to the official application pages"],
    askInstead: "Which scholarships can international master's students in Germany apply for?",
  },
  {
    slug: "cost-calculator",
    name: "Cost Calculator",
    summary: "Estimate your monthly budget in your city: rent, health insurance, semester contribution, food and transport.",
    willDo: ["Estimate rent by city and housing type", "Add insurance, semester fees and living costs", "Compare with the blocked-account amount"],
    askInstead: "How much money do I need per month as a student in Germany?",
  },
];

export function findTool(slug: string): ToolInfo | undefined {
  return TOOLS.find((tool) => tool.slug === slug);
}
