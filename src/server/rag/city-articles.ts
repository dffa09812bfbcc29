/** One article per city of the Cost Calculator, written at read time from its figures: the city files stay the one source of truth. */
import matter from "gray-matter";
import type { SourceRef } from "~/lib/schemas/tools/common";
import { type CityCostFile, type CityFigure, hasAmount, type SemesterFigure } from "~/lib/schemas/tools/costs";
import { calendarDate } from "~/lib/ui/dates";
import { readCityCostFiles } from "~/server/content/tools/costs";

const CITY_ARTICLE_TOPIC = "cost-of-living";

/** The slug of a city's article: `city-munich`. */
export const CITY_ARTICLE_PREFIX = "city-";
export const cityArticleSlug = (citySlug: string) => `${CITY_ARTICLE_PREFIX}${citySlug}`;

type Sourced = { sources: SourceRef[]; checkedOn: string };

/** A figure of the city file as the article states it. */
interface FigureSection {
  figure: CityFigure | SemesterFigure;
  /** The sentence that states the value, given it has one. */
  statement: (amount: string) => string;
  /** What is missing, said when the file has no value. */
  missing: string;
}

/** "€315", "€174.30": cents only where the figure has them. */
export function euros(amount: number): string {
  return new Intl.NumberFormat("en-IE", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

function rangeText(figure: { amountEur: number; lowEur?: number; highEur?: number }, period: string): string {
  const { lowEur, highEur, amountEur } = figure;
  if (lowEur !== undefined && highEur !== undefined) return ` The source gives a range of ${euros(lowEur)} to ${euros(highEur)} ${period}.`;
  if (lowEur === amountEur && highEur === undefined) return ` The source gives this as a lower bound: rents may be higher.`;
  return "";
}

function sectionsOf(city: CityCostFile): FigureSection[] {
  const name = city.name;
  return [
    {
      figure: city.rent.dorm,
      statement: (amount) => `A room in a student residence (dorm) in ${name} costs ${amount} per month.`,
      missing: `No official source gives a rent for a room in a student residence (dorm) in ${name}.`,
    },
    {
      figure: city.rent.sharedFlat,
      statement: (amount) => `A room in a shared flat (Wohngemeinschaft, WG) in ${name} costs ${amount} per month.`,
      missing: `No official source gives a rent for a room in a shared flat (WG) in ${name}.`,
    },
    {
      figure: city.rent.ownFlat,
      statement: (amount) => `A flat of your own in ${name} costs ${amount} per month.`,
      missing: `No official source gives a rent for a flat of your own in ${name}.`,
    },
    {
      figure: city.semesterContribution,
      statement: (amount) =>
        `The semester contribution (Semesterbeitrag) at ${city.university} is ${amount} per semester, paid before each semester.`,
      missing: `No official source gives the amount of the semester contribution (Semesterbeitrag) at ${city.university}.`,
    },
  ];
}

/** The article's Markdown file (front matter and body) for one city. */
export function cityArticleSource(city: CityCostFile): string {
  const sections = sectionsOf(city);
  const sourced = sections.map((section) => section.figure).filter(hasAmount) as unknown as Sourced[];
  if (sourced.length === 0)
    throw new Error(`The city "${city.slug}" of src/content/tools/costs has no sourced figure: no article can be written for it.`);

  // The front matter's sources in the order the sections cite them, each address once.
  const sources: SourceRef[] = [];
  const numberOf = (source: SourceRef) => {
    let index = sources.findIndex((known) => known.url === source.url);
    if (index < 0) index = sources.push(source) - 1;
    return index + 1;
  };
  const accessedOn = new Map<string, string>();
  // The oldest check of the figures used: the article is no fresher than its stalest figure.
  const lastReviewed = sourced.map((figure) => figure.checkedOn).sort()[0]!;

  // Few passages per city, so that 32 cities do not crowd out the articles that answer cost questions in general.
  const groups = [
    {
      heading: `Rent in ${city.name}`,
      sections: sections.slice(0, 3),
      lead: `${city.name} is a university city in ${city.state}. What a student spends on rent in ${city.name}, for ${city.university}:`,
    },
    { heading: `Semester contribution in ${city.name}`, sections: sections.slice(3), lead: null },
  ];
  const body: string[] = [];
  for (const group of groups) {
    const numbers = new Set<number>();
    const paragraphs: string[] = group.lead ? [group.lead] : [];
    for (const section of group.sections) {
      const figure = section.figure;
      if (!hasAmount(figure)) {
        // The file's note says why; said once when it only repeats that there is no figure.
        paragraphs.push(/^No /.test(figure.what) ? section.missing : `${section.missing} ${figure.what}`);
        continue;
      }
      for (const source of figure.sources) {
        numbers.add(numberOf(source));
        if (!accessedOn.has(source.url) || accessedOn.get(source.url)! > figure.checkedOn) accessedOn.set(source.url, figure.checkedOn);
      }
      const period = section.figure === city.semesterContribution ? "per semester" : "per month";
      const lines = [`${section.statement(euros(figure.amountEur))}${rangeText(figure, period)}`, `What the figure is: ${figure.what}`];
      if ("includesTicket" in figure && figure.includesTicket !== undefined) {
        lines.push(
          figure.includesTicket
            ? `In ${city.name} it includes a semester ticket for public transport.`
            : `In ${city.name} it does not include a full semester ticket for public transport.`,
        );
      }
      lines.push(`Checked on ${calendarDate(figure.checkedOn)}.`);
      paragraphs.push(lines.join(" "));
    }
    const comment = numbers.size ? `\n<!-- sources: ${[...numbers].sort((a, b) => a - b).join(", ")} -->` : "";
    body.push(`## ${group.heading}${comment}\n${paragraphs.join("\n\n")}`);
  }
  body.push(
    `The Cost Calculator adds the costs that are the same in every city to these figures: [Cost Calculator for ${city.name}](/tools/cost-calculator?city=${city.slug}).`,
  );

  const frontMatter = {
    title: `Living costs in ${city.name} for students`,
    slug: cityArticleSlug(city.slug),
    topic: CITY_ARTICLE_TOPIC,
    country: "DE",
    lastReviewed,
    sources: sources.map((source) => ({ title: source.title, url: source.url, accessed: accessedOn.get(source.url)! })),
  };
  return matter.stringify(`${body.join("\n\n")}\n`, frontMatter);
}

/** Every city article's Markdown file, one per city file. */
export function cityArticleSources(): { name: string; source: string }[] {
  return readCityCostFiles().map((city) => ({
    name: `generated/${cityArticleSlug(city.slug)}.md`,
    source: cityArticleSource(city),
  }));
}
