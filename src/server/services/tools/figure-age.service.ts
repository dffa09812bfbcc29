import { format, subMonths } from "date-fns";
import { Prisma } from "~/generated/prisma/client";
import type { SourceRef } from "~/lib/schemas/tools/common";
import { sourceRefSchema } from "~/lib/schemas/tools/common";
import { cityFiguresSchema } from "~/lib/schemas/tools/costs";
import { semesterContributionSchema } from "~/lib/schemas/tools/universities";
import type { Db } from "~/server/db/client";

/** A figure whose period began longer ago than this is shown as possibly out of date, and listed in /admin. */
export const STALE_FIGURE_MONTHS = 12;

/** What a sourced figure says about its own age: the first day of the period it is for, and that period in words. */
export interface FigureDating {
  figureDate?: string | null;
  figurePeriod?: string | null;
}

/** An old figure as a tool shows it: "Figure from <period>: it may have changed". */
export interface StaleFigure {
  date: string;
  period: string;
}

function dayOf(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

/** The day before which a figure counts as old ("now" minus the named number of months), as YYYY-MM-DD. */
function staleBefore(now: Date = new Date()): string {
  return format(subMonths(now, STALE_FIGURE_MONTHS), "yyyy-MM-dd");
}

/**
 * Whether a figure is older than STALE_FIGURE_MONTHS at `now` (the request's time, never a fixed day):
 * its date and period for the note, or null for a recent figure or one whose source states no period.
 */
export function staleFigure(figure: FigureDating | null | undefined, now: Date = new Date()): StaleFigure | null {
  if (!figure?.figureDate) return null;
  if (figure.figureDate >= staleBefore(now)) return null;
  return { date: figure.figureDate, period: figure.figurePeriod ?? format(dayOf(figure.figureDate), "d MMMM yyyy") };
}

/** The oldest of several figures a line is built from: the line is as old as its oldest part. */
export function oldestStale(figures: (FigureDating | null | undefined)[], now: Date = new Date()): StaleFigure | null {
  const stale = figures.map((figure) => staleFigure(figure, now)).filter((value): value is StaleFigure => value !== null);
  return stale.sort((a, b) => a.date.localeCompare(b.date))[0] ?? null;
}

/** Where staff find a fact's figure in the product, from the tool it belongs to. */
function factUsedIn(key: string, tool: string): string[] {
  if (tool === "cost-calculator") return ["Cost Calculator (/tools/cost-calculator)"];
  if (tool === "visa-checker") return ["Visa Checker (/tools/visa-checker)"];
  if (tool === "compare") return ["Compare countries (/compare)"];
  if (key.startsWith("blocked-account.")) return ["Cost Calculator (/tools/cost-calculator)", "Visa Checker (/tools/visa-checker)"];
  if (key.startsWith("tuition.")) return ["University Finder (/tools/university-finder)"];
  return ["Several tools"];
}

export interface StaleFigureRow {
  /** The fact key, or "city:<slug>.<figure>" for a Cost Calculator city figure. */
  key: string;
  label: string;
  date: string;
  period: string;
  sources: SourceRef[];
  usedIn: string[];
}

export interface StaleArticleRow {
  slug: string;
  title: string;
  topic: string;
  lastReviewed: string;
}

const CITY_FIGURE_NAMES = {
  dorm: "rent of a hall-of-residence room",
  sharedFlat: "rent of a room in a shared flat",
  ownFlat: "rent of an own flat",
} as const;

/**
 * Every figure of the tools older than STALE_FIGURE_MONTHS at `now`, oldest first, with its sources and
 * where it is shown, and the knowledge-base articles last reviewed before that day: what staff update.
 */
export async function listStaleFigures(
  db: Db,
  now: Date = new Date(),
): Promise<{ staleBefore: string; figures: StaleFigureRow[]; articles: StaleArticleRow[] }> {
  const before = staleBefore(now);
  const [facts, cities, institutions, articles] = await Promise.all([
    db.toolFact.findMany({ where: { figureDate: { lt: before } }, orderBy: [{ figureDate: "asc" }, { key: "asc" }] }),
    db.cityCost.findMany({ where: { hidden: false }, orderBy: { slug: "asc" } }),
    db.institution.findMany({
      where: { hidden: false, semesterContribution: { not: Prisma.DbNull } },
      select: { slug: true, name: true, semesterContribution: true },
      orderBy: { slug: "asc" },
    }),
    db.knowledgeArticle.findMany({
      where: { lastReviewed: { lt: before }, hidden: false },
      orderBy: [{ lastReviewed: "asc" }, { slug: "asc" }],
      select: { slug: true, title: true, topic: true, lastReviewed: true },
    }),
  ]);
  const rows: StaleFigureRow[] = [];
  for (const fact of facts) {
    const stale = staleFigure(fact, now);
    if (!stale) continue;
    const sources = sourceRefSchema.array().safeParse(fact.sources);
    rows.push({
      key: fact.key,
      label: fact.label,
      ...stale,
      sources: sources.success ? sources.data : [],
      usedIn: factUsedIn(fact.key, fact.tool),
    });
  }
  for (const city of cities) {
    const parsed = cityFiguresSchema.safeParse(city.figures);
    if (!parsed.success) continue;
    const figures = [
      ...Object.entries(CITY_FIGURE_NAMES).map(([key, name]) => ({
        key,
        name,
        figure: parsed.data.rent[key as keyof typeof CITY_FIGURE_NAMES],
      })),
      { key: "semesterContribution", name: "semester contribution", figure: parsed.data.semesterContribution },
    ];
    for (const { key, name, figure } of figures) {
      if (figure.amountEur === null) continue;
      const stale = staleFigure(figure, now);
      if (!stale) continue;
      rows.push({
        key: `city:${city.slug}.${key}`,
        label: `${city.name}: ${name}. ${figure.what}`,
        ...stale,
        sources: figure.sources,
        usedIn: [`Cost Calculator, ${city.name} (/tools/cost-calculator)`],
      });
    }
  }
  for (const institution of institutions) {
    const contribution = semesterContributionSchema.safeParse(institution.semesterContribution);
    if (!contribution.success) continue;
    const stale = staleFigure(contribution.data, now);
    if (!stale) continue;
    rows.push({
      key: `institution:${institution.slug}.semesterContribution`,
      label: `${institution.name}: semester contribution. ${contribution.data.what}`,
      ...stale,
      sources: contribution.data.sources,
      usedIn: [`University Finder, ${institution.name} (/tools/university-finder/${institution.slug})`],
    });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key));
  return { staleBefore: before, figures: rows, articles };
}
