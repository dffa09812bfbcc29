/**
 * Follow-ups read as standalone questions before retrieval: "and in Munich?" after "How much is a room
 * in Berlin?" asks "How much is a room in Munich?". A question naming its own subject is left as it is.
 */
import { countries } from "countries-list";
import entityWords from "~/content/entity-words.json";
import { readCityCostFiles } from "~/server/content/tools/costs";
import { readInstitutions } from "~/server/content/tools/universities";
import { type NamedEntity, namedEntities, spokenCityNames } from "./entities";
import { foldGerman } from "./text";

let placeNames: string[] | undefined;
/** Places a follow-up may move to: the tools' cities and university towns and the world's countries, longest first. */
function places(): string[] {
  if (!placeNames) {
    const cities = readCityCostFiles().flatMap((city) => spokenCityNames(city.name));
    // "Gießen" is typed "Giessen" too.
    const towns = readInstitutions().institutions.flatMap((institution) =>
      institution.city ? spokenCityNames(institution.city).flatMap((name) => [name, foldGerman(name)]) : [],
    );
    const countryNames = Object.values(countries).map((country) => country.name);
    placeNames = [...new Set([...cities, ...towns, ...countryNames, "USA", "UK"])].sort((a, b) => b.length - a.length);
  }
  return placeNames;
}

export const entitiesOf = (question: string): NamedEntity[] => namedEntities(question, places());

/** Words that open a follow-up: "and", "what about", "same for". */
const CONNECTOR =
  /^(?:(?:and|also|or|but|so|ok(?:ay)?|then|what about|how about|what if|if|same(?: thing| question)?(?: for| in| with)?|the same(?: for| in| with)?|in that case|for|in|with|as)\b[\s,]*)+/i;
/** Words that point back to the previous question's subject, and "what comes next". */
const POINTING =
  /\b(?:it|that|this|these|those|they|them|there|one|same|she|he|her|him|his)\b|\bwhat comes (?:after|next)\b|\bwhat(?:'s| is) next\b/i;
/** A question word inside a message: after "with the Blue Card", what it asks. */
const WH_WORD = /\b(?:how|what|when|where|which|who|why|wie|wann|wo|welche[rsmn]?|warum)\b/i;
/** A connector ending in a preposition ("and for", "and with") asks the previous question again, for what follows. */
const QUALIFYING = /\b(for|in|with|as)[\s,]*$/i;

/** Words that say what is asked but not about what (src/content/entity-words.json): alone, they need the previous subject. */
const NOT_A_SUBJECT = new Set(entityWords.notASubject);

const singular = (word: string) => word.replace(/s$/, "");
/** "a PhD student", "a master's applicant": the person a level names, no new subject. */
const PERSON_OF_LEVEL = new Set(["student", "students", "applicant", "applicants", "candidate", "candidates"]);

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}][\p{L}'-]*/gu) ?? []).map((w) => w.replace(/'s$/, "")).filter((w) => !NOT_A_SUBJECT.has(w));
}

/** Whether a message points back to the previous subject, not to one an earlier clause of its own names. */
function pointsBack(message: string): boolean {
  const pointing = POINTING.exec(message);
  if (!pointing) return false;
  const earlierClauses = message.slice(0, pointing.index).replace(/[^,;.!?]*$/, "");
  return !contentWords(withoutEntities(earlierClauses, entitiesOf(earlierClauses))).length;
}

/** The question without the entities' words. */
function withoutEntities(text: string, entities: NamedEntity[]): string {
  let out = text;
  for (const entity of [...entities].sort((a, b) => b.index - a.index))
    out = `${out.slice(0, entity.index)} ${out.slice(entity.index + entity.text.length)}`;
  return out;
}

/** How an entity the previous question lacks is added to it. */
const APPENDED: Record<NamedEntity["kind"], string> = {
  place: " in ",
  level: " for a ",
  nationality: " for someone from ",
  person: " for ",
  purpose: " for a ",
  semester: " for the ",
};
const appended = (entity: NamedEntity) => `${APPENDED[entity.kind]}${entity.value}`;

const trimEnd = (text: string) => text.trim().replace(/[\s?.!]+$/, "");
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The previous question's subject: the question without its opening question words ("How do I ..."). */
function subjectOf(question: string): string {
  return trimEnd(question)
    .replace(
      /^(?:(?:and|so|but|also)\s+)?(?:(?:how|what|which|when|where|why|who)(?:\s+(?:much|many|long|soon|often|is|are|was|do|does|did|can|could|should|must|will|would|to))*|(?:can|could|do|does|did|is|are|should|must|will|would|may))\b\s*(?:(?:i|we|you|my|it|there)\s+)?(?:(?:still|also|really|need to|have to|get to)\s+)?/i,
      "",
    )
    .trim();
}

/** Puts the follow-up's entities into the previous question, in place of the ones of the same kind. */
function substitute(previous: string, entities: NamedEntity[]): string {
  const earlier = entitiesOf(previous);
  let out = trimEnd(previous);
  const replaced = new Set<NamedEntity>();
  for (const entity of entities) {
    const same = earlier.find((e) => e.kind === entity.kind && !replaced.has(e));
    if (same) {
      replaced.add(same);
      const at = out.indexOf(same.text);
      if (at >= 0) {
        out = out.slice(0, at) + entity.value + out.slice(at + same.text.length);
        continue;
      }
    }
    out += appended(entity);
  }
  return `${out}?`;
}

/** The question as it stands on its own, read with the earlier questions (oldest first). */
export function resolveFollowUp(question: string, history: string[]): string {
  const earlier = history.map((q) => q.trim()).filter(Boolean);
  if (!earlier.length || !question.trim()) return question;
  // A chain of follow-ups keeps its subject: each earlier question is read against the one before it.
  let previous = earlier[0]!;
  for (const next of earlier.slice(1)) previous = resolveAgainst(next, previous);
  return resolveAgainst(question, previous);
}

function resolveAgainst(question: string, previous: string): string {
  const trimmed = question.trim();
  const connector = CONNECTOR.exec(trimmed)?.[0] ?? "";
  const core = trimmed.slice(connector.length);
  const continues = connector.length > 0;
  const entities = entitiesOf(core);
  const content = contentWords(withoutEntities(core, entities));
  if (content.length) {
    const pointing = pointsBack(core);
    if (!continues && !pointing) return question;
    const said = new Set(contentWords(previous).map(singular));
    // "and as a PhD student?": the previous question for a PhD, when it says the follow-up's other words already.
    if (
      continues &&
      entities.length &&
      content.every((word) => said.has(singular(word)) || PERSON_OF_LEVEL.has(word)) &&
      entities.every((e) => entitiesOf(previous).some((p) => p.kind === e.kind))
    ) {
      return substitute(previous, entities);
    }
    // "and for IT jobs?": the previous question, for that, unless the follow-up asks its own question.
    const preposition = QUALIFYING.exec(connector)?.[1];
    const asksOwn = WH_WORD.test(core) && !pointing && content.some((word) => !said.has(singular(word)));
    if (preposition && asksOwn) return question;
    if (preposition) return `${trimEnd(previous)} ${preposition.toLowerCase()} ${trimEnd(core)}?`;
    // "and what about health insurance?": who and what it is for carry over; "can he work there?" also needs the subject.
    const kinds = new Set(entities.map((e) => e.kind));
    const carried = entitiesOf(previous).filter((e) => !kinds.has(e.kind) && (e.kind !== "place" || /\bthere\b/i.test(core)));
    const subject = pointing ? subjectOf(previous) : "";
    if (subject) return `${capitalise(trimEnd(core))} (${subject})?`;
    return `${capitalise(trimEnd(core))}${carried.map(appended).join("")}?`;
  }
  // "and in Munich?", "what about a PhD?", "same for my wife": the previous question, for them.
  if (entities.length) return substitute(previous, entities);
  // "how long does it take?", "how much?": asked of the previous question's subject.
  const subject = subjectOf(previous);
  if (!subject) return question;
  return `${capitalise(trimEnd(core || trimmed))} (${subject})?`;
}

/** The subject in brackets a follow-up was read with ("Do I pay tax on that (a student job)?"), when it names its own too. */
export function pointedSubject(standalone: string): string | null {
  const match = /^(.*\S)\s+\(([^()]+)\)\?$/.exec(standalone.trim());
  if (!match) return null;
  const own = match[1]!;
  return contentWords(withoutEntities(own, entitiesOf(own))).length ? match[2]! : null;
}

/** For a hosted model: what a follow-up asks, read with the conversation. */
export function followUpInstructions(question: string, standalone: string): string | null {
  if (standalone.trim() === question.trim()) return null;
  return `The user's last message is a follow-up. Read with the conversation, it asks: "${standalone.replace(/"/g, "'")}". Answer that question.`;
}
