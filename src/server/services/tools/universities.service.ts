import { Prisma } from "~/generated/prisma/client";
import { sourceRefSchema } from "~/lib/schemas/tools/common";
import {
  CITY_ALIASES,
  foldForSearch,
  INSTITUTION_NOT_FOUND_MESSAGE,
  INSTITUTION_TYPE_LABELS,
  type InstitutionTypeValue,
  OWNERSHIP_LABELS,
  provenanceSchema,
  STATE_CODES,
  type StateCode,
  semesterContributionSchema,
  stateName,
  type TuitionRule,
  tuitionRuleSchema,
  type UniversitySearch,
} from "~/lib/schemas/tools/universities";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { readFactsWithPrefix, type SourcedFact } from "./facts.service";
import { staleFigure } from "./figure-age.service";

/**
 * The same folding as foldForSearch, in SQL: lower case (the accented capitals by hand, since lower()
 * may leave them under the C locale), "ß" as "ss", accents dropped, then "ae"/"oe"/"ue" as "a"/"o"/"u".
 */
function folded(column: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`replace(replace(replace(translate(replace(lower(${column}), 'ß', 'ss'), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy'), 'ae', 'a'), 'oe', 'o'), 'ue', 'u')`;
}

/** `text` for a LIKE pattern, its own % _ \ taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern that finds `text` anywhere. */
function containing(text: string): string {
  return `%${likeLiteral(text)}%`;
}

interface ResultRow {
  slug: string;
  name: string;
  aliases: string[];
  city: string | null;
  state: string | null;
  type: InstitutionTypeValue;
  website: string | null;
}

/** True when one of the institution's English or short names, folded, is LIKE `pattern`. */
function aliasLike(pattern: string): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM unnest("aliases") AS alias WHERE ${folded(Prisma.sql`alias`)} LIKE ${pattern})`;
}

/** The stored cities (GeoNames names) one of whose other names contains `word`: "cologne" gives Köln. */
function citiesByExonym(word: string): string[] {
  return Object.entries(CITY_ALIASES)
    .filter(([, names]) => names.some((name) => foldForSearch(name).includes(word)))
    .map(([city]) => city);
}

/** The condition one word of the query sets: in the name, the city (or its English name), or an English or short name. */
function wordMatches(word: string): Prisma.Sql {
  const pattern = containing(word);
  const options = [
    Prisma.sql`${folded(Prisma.sql`"name"`)} LIKE ${pattern}`,
    Prisma.sql`${folded(Prisma.sql`coalesce("city", '')`)} LIKE ${pattern}`,
    aliasLike(pattern),
  ];
  const cities = citiesByExonym(word);
  if (cities.length > 0) options.push(Prisma.sql`"city" IN (${Prisma.join(cities)})`);
  return Prisma.sql`(${Prisma.join(options, " OR ")})`;
}

/**
 * How well a row matches the whole query, best first: 0 the name or an English/short name is the
 * query ("TUM", "TU Munich"), 1 one of them starts with it, 2 an English name contains it ("Munich"
 * in "LMU Munich"), 3 the words are only spread over the name and city.
 */
function matchRank(query: string): Prisma.Sql {
  const prefix = `${likeLiteral(query)}%`;
  const name = folded(Prisma.sql`"name"`);
  return Prisma.sql`CASE
    WHEN ${name} = ${query} OR ${aliasLike(likeLiteral(query))} THEN 0
    WHEN ${name} LIKE ${prefix} OR ${aliasLike(prefix)} THEN 1
    WHEN ${aliasLike(containing(query))} THEN 2
    ELSE 3 END`;
}

/**
 * The finder's search: every word of `q` in the name, the city (with its English name: "Cologne"
 * finds Köln) or one of the English and short names (umlauts and accents optional, so "Munchen" finds
 * "München"), filtered by city, state and type. Sorted by name, exact and prefix matches first
 * ("TUM" lists TUM first), or by city; one page.
 */
export async function searchInstitutions(db: Db, search: UniversitySearch) {
  const words = foldForSearch(search.q).split(/\s+/).filter(Boolean);
  const name = folded(Prisma.sql`"name"`);
  const conditions: Prisma.Sql[] = [Prisma.sql`"hidden" = false`];
  for (const word of words) conditions.push(wordMatches(word));
  if (search.city) conditions.push(Prisma.sql`"city" = ${search.city}`);
  if (search.state) conditions.push(Prisma.sql`"state" = ${search.state}`);
  if (search.type) conditions.push(Prisma.sql`"type" = ${search.type}::"InstitutionType"`);
  const where = Prisma.join(conditions, " AND ");
  const order =
    search.sort === "city"
      ? Prisma.sql`"city" IS NULL, ${folded(Prisma.sql`"city"`)}, ${name}, "slug"`
      : words.length > 0
        ? Prisma.sql`${matchRank(words.join(" "))}, ${name}, "slug"`
        : Prisma.sql`${name}, "slug"`;

  const [{ count }] = await db.$queryRaw<[{ count: number }]>`SELECT count(*)::int AS count FROM "Institution" WHERE ${where}`;
  const rows = await db.$queryRaw<ResultRow[]>`
    SELECT "slug", "name", "aliases", "city", "state", "type"::text AS "type", "website"
    FROM "Institution" WHERE ${where}
    ORDER BY ${order}
    LIMIT ${search.pageSize} OFFSET ${(search.page - 1) * search.pageSize}`;
  return {
    items: rows.map((row) => ({
      ...row,
      stateName: stateName(row.state),
      typeLabel: INSTITUTION_TYPE_LABELS[row.type],
    })),
    total: count,
    page: search.page,
    pageSize: search.pageSize,
    pageCount: Math.max(1, Math.ceil(count / search.pageSize)),
    search,
  };
}

/** The cities the finder can filter by, with how many institutions each has; "Munich (München)". */
export async function institutionCities(db: Db) {
  const groups = await db.institution.groupBy({
    by: ["city"],
    where: { hidden: false, city: { not: null } },
    _count: { _all: true },
  });
  return groups
    .map((group) => {
      const city = group.city!;
      const aliases = CITY_ALIASES[city];
      return { value: city, label: aliases ? `${city} (${aliases.join(", ")})` : city, count: group._count._all };
    })
    .sort((a, b) => foldForSearch(a.value).localeCompare(foldForSearch(b.value)));
}

export type TuitionLine = { rule: TuitionRule } & Omit<SourcedFact<TuitionRule>, "value">;

/** The tuition rules (facts "tuition.*") of a state and of the institution itself: the state's first. */
async function tuitionRulesFor(db: Db, institution: { slug: string; state: string | null }): Promise<TuitionLine[]> {
  const facts = await readFactsWithPrefix(db, "tuition.", tuitionRuleSchema);
  const order = ["none", "non_eu", "institution", "second_degree", "long_term"];
  return facts
    .map(({ value, ...fact }) => ({ ...fact, rule: value }))
    .filter(
      ({ rule }) =>
        rule.institutions.includes(institution.slug) ||
        (institution.state !== null && rule.states.includes(institution.state as StateCode)),
    )
    .sort((a, b) => order.indexOf(a.rule.kind) - order.indexOf(b.rule.kind));
}

/** One institution's page: its record with each field's origin, and the tuition rules that apply to it. */
export async function getInstitution(db: Db, slug: string) {
  const row = await db.institution.findFirst({ where: { slug, hidden: false } });
  if (!row) throw new AppError("NOT_FOUND", INSTITUTION_NOT_FOUND_MESSAGE);
  const provenance = provenanceSchema.safeParse(row.provenance);
  const contribution = semesterContributionSchema.safeParse(row.semesterContribution);
  const sources = sourceRefSchema.array().safeParse(row.sources);
  const state = row.state && (STATE_CODES as string[]).includes(row.state) ? row.state : null;
  return {
    institution: {
      slug: row.slug,
      name: row.name,
      city: row.city,
      state,
      stateName: stateName(state),
      type: row.type,
      typeLabel: INSTITUTION_TYPE_LABELS[row.type],
      ownership: row.ownership,
      ownershipLabel:
        row.ownership && row.ownership in OWNERSHIP_LABELS ? OWNERSHIP_LABELS[row.ownership as keyof typeof OWNERSHIP_LABELS] : null,
      website: row.website,
      domains: row.domains,
      internationalOfficeUrl: row.internationalOfficeUrl,
      usesUniAssist: row.usesUniAssist,
      semesterContribution: contribution.success ? { ...contribution.data, stale: staleFigure(contribution.data) } : null,
      provenance: provenance.success ? provenance.data : {},
      sources: sources.success ? sources.data : [],
      checkedOn: row.checkedOn,
    },
    tuition: await tuitionRulesFor(db, { slug: row.slug, state }),
  };
}

/** Every visible institution's name, city and type: what the assistant recognises in a question. */
export async function listInstitutionNames(db: Db) {
  return db.institution.findMany({
    where: { hidden: false },
    orderBy: { name: "asc" },
    select: { slug: true, name: true, city: true, type: true },
  });
}
