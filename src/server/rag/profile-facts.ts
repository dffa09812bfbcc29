/** What the profile changes in a local answer: nationals who need an APS certificate get that fact from the APS article. */
import { countries } from "countries-list";
import { readToolFacts } from "~/server/content/tools/facts";
import type { Db } from "~/server/db/client";
import { quotedSources, sourceLine } from "./answer-render";
import { answerUnits } from "./markdown";
import { sourcesOfPassage } from "./retrieve";

/** The profile fields the assistant takes into account (hosted models get both as context). */
export interface ProfileContext {
  nationality: string | null;
  countryOfResidence: string | null;
}

let apsCountries: string[] | undefined;
/** Nationalities (English country names, as the profile stores them) of the Visa Checker's APS facts (`visa.aps.<code>`). */
function apsNationalities(): string[] {
  apsCountries ??= readToolFacts()
    .flatMap((fact) => {
      const code = /^visa\.aps\.([a-z]{2})$/.exec(fact.key)?.[1]?.toUpperCase() as keyof typeof countries | undefined;
      return code && countries[code] ? [countries[code].name] : [];
    })
    .sort();
  return apsCountries;
}
const APS_ARTICLE = "admission-aps-certificate";
/** Questions about applying, admission, documents or the visa: where APS matters. */
const ABOUT_APPLYING =
  /\b(?:visa|apply|applying|application|admission|admitted|universit\w*|enrol\w*|documents?|uni-assist|bachelor'?s?|master'?s?|study|studying|studies)\b/i;

export async function profileAddition(
  db: Db,
  profile: ProfileContext | null | undefined,
  question: string,
  answer: string,
): Promise<string | null> {
  const nationality = profile?.nationality?.trim();
  if (!nationality || !apsNationalities().includes(nationality)) return null;
  if (!ABOUT_APPLYING.test(question) || /\bAPS\b/.test(answer)) return null;
  const article = await db.knowledgeArticle.findFirst({
    where: { slug: APS_ARTICLE, hidden: false },
    select: {
      title: true,
      lastReviewed: true,
      sources: true,
      passages: { orderBy: { position: "asc" }, select: { id: true, heading: true, text: true, sources: true } },
    },
  });
  if (!article) return null;
  const sentences = article.passages.flatMap((passage) =>
    answerUnits(passage.text).map((unit) => ({
      ...unit,
      heading: passage.heading,
      sources: sourcesOfPassage(passage.sources, article.sources),
    })),
  );
  // Who needs APS (the article's introduction names the countries), then the first line of the asker's country.
  const who = sentences.find((unit) => unit.kind === "sentence" && unit.plain.includes(nationality) && /\bneed\b/.test(unit.plain));
  const section = sentences.filter((unit) => unit.kind === "sentence" && unit.heading === nationality && unit !== who);
  const own = section.find((unit) => /\b(?:need|required?|mandatory|must)\b/i.test(unit.plain)) ?? section[0];
  const units = [who, own].filter((unit): unit is NonNullable<typeof unit> => Boolean(unit));
  if (!units.length) return null;
  // The source about the asker's country first.
  const sources = quotedSources(units).sort((x, y) => Number(y.title.includes(nationality)) - Number(x.title.includes(nationality)));
  const source = sourceLine({ articleTitle: article.title, lastReviewed: article.lastReviewed }, sources);
  return `**For you, as a national of ${nationality} (from your profile):** ${units.map((unit) => unit.markdown).join(" ")}\n\n${source}`;
}

/** The profile as context for a hosted model's instructions; null when the profile says nothing that matters. */
export function profileInstructions(profile: ProfileContext | null | undefined): string | null {
  const lines = [
    profile?.nationality ? `Nationality: ${profile.nationality}.` : null,
    profile?.countryOfResidence ? `Country of residence: ${profile.countryOfResidence}.` : null,
  ].filter(Boolean);
  if (!lines.length) return null;
  return `The asker's profile: ${lines.join(" ")}
Use it where it changes the answer: for example nationals of ${apsNationalities().join(", ")} normally need an APS certificate to apply and for the student visa; citizens of the EU, EEA and Switzerland need no visa; the German mission responsible is usually the one of the country of residence.`;
}
